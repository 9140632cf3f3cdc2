import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptionsContext, nodeType } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { startReceiver } from '../../harness/receiver';
import { KEYS } from '../../fake-api';
import { EVENT_TYPES } from '../../fake-api/contract/webhooks';

const ctx = useFakeApi('storefrontWebhooks');
const methods = nodeType('storefrontWebhooks').methods!;

function context(parameters: Record<string, unknown> = {}, apiKey: string = KEYS.full) {
	return loadOptionsContext('storefrontWebhooks', parameters as never, {
		apiKey,
		baseUrl: ctx.api.url,
	}) as unknown as ILoadOptionsFunctions;
}

async function create(url: string, description?: string) {
	const r = await ctx.run({
		resource: 'webhook',
		operation: 'create',
		url,
		events: [],
		additionalFields: description ? { description } : {},
	});
	return r.json[0].id as string;
}

test('"From list" for webhooks shows description and URL, filters, and marks inactive ones', async () => {
	const a = await create('https://example.com/orders', 'Orders flow');
	const b = await create('https://example.com/posts');
	ctx.api.webhooks.endpoints.get(b)!.is_active = false;

	const all = await methods.listSearch!.searchWebhooks.call(context());
	expect(all.results).toEqual([
		{ name: 'Orders flow — https://example.com/orders', value: a },
		{ name: 'https://example.com/posts (inactive)', value: b },
	]);
	const filtered = await methods.listSearch!.searchWebhooks.call(context(), 'POSTS');
	expect(filtered.results.map((r) => r.value)).toEqual([b]);
	expect(ctx.api.lastRequest()).toMatchObject({ method: 'GET', path: '/v1/webhooks' });
	expect(ctx.api.lastRequest().headers.authorization).toBe(`Bearer ${KEYS.full}`);
});

test('"From list" for deliveries pages with the `before` cursor of the chosen webhook', async () => {
	const receiver = await startReceiver(200);
	try {
		const id = await create(receiver.url);
		for (let i = 0; i < 120; i++) await ctx.api.webhooks.emit('comment.received', { comment: { id: i } });
		const c = context({ resource: 'delivery', operation: 'redeliver', webhookId: byId(id) });
		const first = await methods.listSearch!.searchDeliveries.call(c);
		expect(first.results).toHaveLength(100);
		expect(first.results[0].name).toMatch(/comment\.received · HTTP 200$/);
		expect(first.paginationToken).toBe(ctx.api.webhooks.deliveries[20].created_at);
		const second = await methods.listSearch!.searchDeliveries.call(c, undefined, first.paginationToken as string);
		expect(second.results).toHaveLength(20);
		expect(second.paginationToken).toBeUndefined();
		expect(ctx.api.lastRequest().query).toEqual({ limit: '100', before: first.paginationToken });
	} finally {
		await receiver.close();
	}
});

test('"From list" for deliveries before a webhook is chosen: says to choose the Webhook first, and asks the API nothing', async () => {
	ctx.api.clearRequests();
	await expect(methods.listSearch!.searchDeliveries.call(context({ resource: 'delivery', operation: 'redeliver' }))).rejects.toMatchObject({
		message: 'Choose a Webhook first',
		description: 'This list shows the deliveries of the chosen Webhook. Choose one above, or switch to By ID.',
		httpCode: null,
	});
	expect(ctx.api.requests).toEqual([]);
});

test('the event list is loaded from the API', async () => {
	const options = await methods.loadOptions!.getEvents.call(context());
	expect(options.map((o) => o.value)).toEqual([...EVENT_TYPES]);
	expect(options.find((o) => o.value === 'post.published')?.name).toBe('Post Published');
	expect(ctx.api.lastRequest().path).toBe('/v1/webhooks');
});

test('the event list falls back to the known events when the API cannot be reached', async () => {
	const options = await methods.loadOptions!.getEvents.call(context({}, 'sk_wrong'));
	expect(options.map((o) => o.value).sort()).toEqual([...EVENT_TYPES].sort());
});

test('a list search with a wrong key explains the 401', async () => {
	await expect(methods.listSearch!.searchWebhooks.call(context({}, 'sk_wrong'))).rejects.toThrow(
		'The API key was refused',
	);
});
