import { byId, useFakeApi } from '../../harness/context';
import { loadOptionsContext, nodeType, runNode } from '../../harness';
import { triggerHarness } from '../../harness/trigger';
import { KEYS } from '../../fake-api';
import { SOCIAL } from '../ads/helpers';
import { apiRequest } from '../../nodes/shared/wire/request';

/**
 * Issue 44, finding 3: an ID of `.` or `..` (or one that decodes to it, or holds a slash) would
 * move the request to another endpoint, with the key (`DELETE /v1/webhooks/..` is `DELETE /v1/`).
 * Each is refused before anything is sent, naming the field; run through n8n-core against the
 * fake API, which records every request it receives.
 */

const ctx = useFakeApi('storefrontWebhooks');

const MOVING = ['..', '.', '%2e%2e', '%2E%2e', '.%2e', '%2e', '%252e%252e', 'a/b', 'a%2Fb', '..\\x', ' .. '];

describe('Webhooks: a path ID that would leave its segment sends nothing', () => {
	test.each(MOVING)('Webhook → Delete with ID %j: nothing sent, the error names the Webhook field', async (id) => {
		const r = await ctx.run({ resource: 'webhook', operation: 'delete', webhookId: byId(id) });
		expect(r.requests).toEqual([]);
		expect(r.error?.message).toBe(`Webhook "${id.trim()}" is not a valid ID`);
		expect(r.error?.description).toMatch(/cannot be empty, "\." or "\.\.", contain "\/" or "\\", or be one of these URL-encoded .* Nothing was sent\./);
	});

	test('Webhook → Send Test with ID ".." sends nothing (it would be POST /v1/test)', async () => {
		const r = await ctx.run({ resource: 'webhook', operation: 'sendTest', webhookId: byId('..') });
		expect(r.requests).toEqual([]);
		expect(r.error?.message).toBe('Webhook ".." is not a valid ID');
	});

	test.each(['..', '%2e%2e', '.'])('Delivery → Redeliver with delivery ID %j sends nothing (it would be POST /v1/webhooks/wh_1/redeliver)', async (deliveryId) => {
		const { id } = (await ctx.run({ resource: 'webhook', operation: 'create', url: 'https://example.com/h', events: [] })).json[0] as { id: string };
		const r = await ctx.run({ resource: 'delivery', operation: 'redeliver', webhookId: byId(id), deliveryId: byId(deliveryId) });
		expect(r.requests).toEqual([]);
		expect(r.error?.message).toBe(`Delivery "${deliveryId}" is not a valid ID`);
	});

	test('Continue On Fail: the refused item is an error item paired with its input; the good item is sent', async () => {
		const { id } = (await ctx.run({ resource: 'webhook', operation: 'create', url: 'https://example.com/h', events: [] })).json[0] as { id: string };
		const r = await ctx.run({ resource: 'webhook', operation: 'delete', webhookId: byId('={{ $json.id }}') }, { items: [{ id: '%2e%2e' }, { id }], continueOnFail: true });
		expect(r.requests.map((q) => [q.method, q.path])).toEqual([['DELETE', `/v1/webhooks/${id}`]]);
		expect(r.items).toHaveLength(2);
		expect((r.items[0] as { error?: Error }).error?.message).toBe('Webhook "%2e%2e" is not a valid ID');
		expect(r.items[0].pairedItem).toEqual({ item: 0 });
		expect(r.items[1]).toMatchObject({ json: { ok: true }, pairedItem: { item: 1 } });
	});

	test('an ID that is only dots among other characters (a real ID may hold dots) is sent, encoded', async () => {
		const r = await ctx.run({ resource: 'webhook', operation: 'delete', webhookId: byId('...') });
		expect(r.requests.map((q) => [q.method, q.path])).toEqual([['DELETE', '/v1/webhooks/...']]);
		expect(r.error?.message).toBe('Not found: Webhook ... was not found');
	});

	test('"From list" of deliveries for a webhook ID ".." asks nothing', async () => {
		const methods = nodeType('storefrontWebhooks').methods!;
		const c = loadOptionsContext('storefrontWebhooks', { resource: 'delivery', operation: 'redeliver', webhookId: byId('..') }, { apiKey: KEYS.full, baseUrl: ctx.api.url });
		await expect(methods.listSearch!.searchDeliveries.call(c)).rejects.toThrow('Webhook ".." is not a valid ID');
		expect(ctx.api.requests).toEqual([]);
	});

	test('Storefront Trigger: an endpoint ID ".." in static data is never sent (deactivation deletes nothing, activation registers anew)', async () => {
		const t = triggerHarness({ apiKey: KEYS.full, baseUrl: ctx.api.url }, { events: ['post.published'] });
		t.workflow.staticData['node:' + t.node.name] = { webhookId: '..', secret: 'whsec_x' };
		ctx.api.clearRequests();
		expect(await t.hook('delete')).toBe(true);
		expect(ctx.api.requests).toEqual([]);
		t.workflow.staticData['node:' + t.node.name] = { webhookId: '%2e%2e', secret: 'whsec_x' };
		expect(await t.hook('checkExists')).toBe(false);
		expect(ctx.api.requests.map((q) => [q.method, q.path])).toEqual([['GET', '/v1/webhooks']]);
	});
});

test('Ads → Audience → Add Users (a batch operation, its own apiRequest) with an audience ID holding "/.." sends nothing, naming the Audience field', async () => {
	const r = await runNode({
		node: 'storefrontAds',
		parameters: { resource: 'audience', operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId('aud_1/../../../webhooks') },
		credentials: { apiKey: KEYS.full, baseUrl: ctx.api.url, limitSpending: false },
		items: [{ email: 'a@example.com' }],
	});
	expect(ctx.api.requests).toEqual([]);
	expect(r.error?.message).toBe('Audience "aud_1/../../../webhooks" is not a valid ID');
});

test('the net at the programmatic door: a path with an empty, "." or ".." part, also encoded, is refused unsent; an ordinary path goes', async () => {
	const c = loadOptionsContext('storefrontWebhooks', {}, { apiKey: KEYS.full, baseUrl: ctx.api.url });
	for (const path of ['/v1/webhooks/..', '/v1/webhooks/../x', '/v1/webhooks/./deliveries', '/v1/webhooks//deliveries', '/v1/webhooks/%2e%2e/test', '/v1/webhooks/a%2Fb/test']) {
		await expect(apiRequest.call(c, 'GET', path)).rejects.toThrow(/has an empty, "\." or "\.\." part/);
	}
	expect(ctx.api.requests).toEqual([]);
	expect((await apiRequest.call(c, 'GET', '/v1/webhooks')).status).toBe(200);
	expect(ctx.api.requests.map((q) => q.path)).toEqual(['/v1/webhooks']);
});
