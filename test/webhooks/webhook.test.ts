import { createHmac } from 'node:crypto';

import { createdWebhook, eventEnvelope, listWebhooksResponse, webhookEndpoint } from '../../fake-api/contract/webhooks';
import { nodeType } from '../../harness';
import { byId, fromList, useFakeApi } from '../../harness/context';
import { startReceiver } from '../../harness/receiver';
import { KEYS, startFakeApi } from '../../fake-api';

const ctx = useFakeApi('storefrontWebhooks');

async function seedWebhook(url = 'https://example.com/hooks/a', events: string[] = ['post.published']) {
	const r = await ctx.run({ resource: 'webhook', operation: 'create', url, events });
	expect(r.error).toBeUndefined();
	return r.json[0] as { id: string; secret: string };
}

describe('Webhook → Create', () => {
	test('POSTs url, events and description with the Bearer key; returns the endpoint with its one-time secret', async () => {
		const r = await ctx.run({
			resource: 'webhook',
			operation: 'create',
			url: 'https://example.com/hooks/storefront',
			events: ['post.published', 'comment.received'],
			additionalFields: { description: 'Boost flow' },
		});

		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(1);
		const req = r.requests[0];
		expect(req.method).toBe('POST');
		expect(req.path).toBe('/v1/webhooks');
		expect(req.query).toEqual({});
		expect(req.headers.authorization).toBe(`Bearer ${KEYS.full}`);
		expect(req.headers['content-type']).toMatch(/^application\/json/);
		expect(req.body).toEqual({
			url: 'https://example.com/hooks/storefront',
			events: ['post.published', 'comment.received'],
			description: 'Boost flow',
		});
		expect(req.status).toBe(201);

		expect(r.json).toHaveLength(1);
		const { secretNotice, ...endpoint } = r.json[0];
		expect(createdWebhook.parse(endpoint)).toBeTruthy();
		expect(endpoint).toMatchObject({
			url: 'https://example.com/hooks/storefront',
			events: ['post.published', 'comment.received'],
			description: 'Boost flow',
			is_active: true,
			failure_count: 0,
		});
		expect(endpoint.secret).toBe(ctx.api.webhooks.endpoints.get(endpoint.id as string)!.secret);
		expect(secretNotice).toMatch(/only in this answer/);
	});

	test('no events chosen sends an empty list, which the API treats as all events', async () => {
		const r = await ctx.run({ resource: 'webhook', operation: 'create', url: 'https://example.com/h', events: [] });
		expect(r.requests[0].body).toEqual({ url: 'https://example.com/h', events: [] });
		expect(r.json[0].events).toEqual([]);
	});

	test('an invalid URL is refused before any call', async () => {
		const r = await ctx.run({ resource: 'webhook', operation: 'create', url: 'example.com/hook', events: [] });
		expect(r.error?.message).toBe('"example.com/hook" is not a valid webhook URL');
		expect(r.requests).toHaveLength(0);
	});

	test('an http URL is refused before any call, with the https address to use instead', async () => {
		const r = await ctx.run({ resource: 'webhook', operation: 'create', url: 'http://example.com/h', events: [] });
		expect(r.requests).toHaveLength(0);
		expect(r.error?.message).toBe('"http://example.com/h" is not an HTTPS URL');
		expect(r.error?.description).toMatch(/https:\/\/ addresses only: use https:\/\/example\.com\/h /);
	});

	test('loopback http (the API test mode) is let through; an API without test mode answers a clear 400 naming the field', async () => {
		await ctx.api.close();
		ctx.api = await startFakeApi({ allowHttpLocalhost: false });
		const r = await ctx.run({ resource: 'webhook', operation: 'create', url: 'http://127.0.0.1:9/h', events: [] });
		expect(r.requests).toHaveLength(1);
		expect(r.requests[0].body).toEqual({ url: 'http://127.0.0.1:9/h', events: [] });
		expect(r.error?.message).toBe('The API rejected the request: url: must be an HTTPS URL');
		expect(r.error?.description).toMatch(/Check the fields named above/);
		expect(r.error?.httpCode).toBe('400');
	});

	test('events mapped as a comma-separated text are sent as a list', async () => {
		const r = await ctx.run(
			{ resource: 'webhook', operation: 'create', url: 'https://example.com/h', events: '={{ $json.events }}' },
			{ items: [{ events: 'post.published, comment.received' }] },
		);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toEqual({ url: 'https://example.com/h', events: ['post.published', 'comment.received'] });
		expect(r.json[0].events).toEqual(['post.published', 'comment.received']);
	});
});

describe('Webhook → Get Many', () => {
	test('Return All lists every endpoint, simplified, without secrets', async () => {
		for (const n of [1, 2, 3]) await seedWebhook(`https://example.com/h${n}`);
		const r = await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true, simplify: true });
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/webhooks', {}]]);
		expect(r.json.map((w) => w.url)).toEqual(['https://example.com/h1', 'https://example.com/h2', 'https://example.com/h3']);
		for (const w of r.json) {
			expect(Object.keys(w).sort()).toEqual(
				['description', 'eventTypes', 'events', 'failure_count', 'id', 'is_active', 'last_status', 'url'].sort(),
			);
			// the answer's list of every event type, carried onto each row (its own `events` is the subscription)
			expect(w.eventTypes).toContain('post.published');
			expect(JSON.stringify(w)).not.toMatch(/whsec_/);
		}
	});

	test('Limit returns exactly that many; Simplify off returns the raw records', async () => {
		for (const n of [1, 2, 3]) await seedWebhook(`https://example.com/h${n}`);
		const r = await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: false, limit: 2, simplify: false });
		expect(r.json).toHaveLength(2);
		for (const { eventTypes, ...w } of r.json) {
			expect(webhookEndpoint.strict().parse(w)).toEqual(w);
			expect(eventTypes).toContain('webhook.test');
		}
		// the API's own answer (checked against the contract) holds all three
		const raw = listWebhooksResponse.parse(JSON.parse(await (await fetch(`${ctx.api.url}/v1/webhooks`, { headers: { authorization: `Bearer ${KEYS.full}` } })).text()));
		expect(raw.webhooks).toHaveLength(3);
	});
});

describe('Webhook → Update', () => {
	test('PATCH sends only the fields set, mapped to the API names', async () => {
		const { id } = await seedWebhook();
		const r = await ctx.run({
			resource: 'webhook',
			operation: 'update',
			webhookId: fromList(id),
			updateFields: { url: 'https://example.com/new', events: ['post.failed'], isActive: false },
		});
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(1);
		expect(r.requests[0]).toMatchObject({ method: 'PATCH', path: `/v1/webhooks/${id}`, query: {} });
		expect(r.requests[0].body).toEqual({ url: 'https://example.com/new', events: ['post.failed'], is_active: false });
		expect(r.json).toEqual([
			expect.objectContaining({ id, url: 'https://example.com/new', events: ['post.failed'], is_active: false }),
		]);
		expect(r.json[0]).not.toHaveProperty('secret');
	});

	test('Clear Description sends description: null', async () => {
		const { id } = await seedWebhook();
		await ctx.run({ resource: 'webhook', operation: 'update', webhookId: byId(id), updateFields: { description: 'x' } });
		const r = await ctx.run({
			resource: 'webhook',
			operation: 'update',
			webhookId: byId(id),
			updateFields: { clearDescription: true },
		});
		expect(r.requests[0].body).toEqual({ description: null });
		expect(r.json[0].description).toBeNull();
	});

	test('turning a webhook back on resets its failure count', async () => {
		const { id } = await seedWebhook();
		const endpoint = ctx.api.webhooks.endpoints.get(id)!;
		endpoint.failure_count = 10;
		endpoint.is_active = false;
		const r = await ctx.run({ resource: 'webhook', operation: 'update', webhookId: byId(id), updateFields: { isActive: true } });
		expect(r.requests[0].body).toEqual({ is_active: true });
		expect(r.json[0]).toMatchObject({ is_active: true, failure_count: 0 });
	});

	test('a new http URL is refused before the call; loopback http (API test mode) is sent', async () => {
		const { id } = await seedWebhook();
		const refused = await ctx.run({ resource: 'webhook', operation: 'update', webhookId: byId(id), updateFields: { url: 'http://example.com/new' } });
		expect(refused.requests).toHaveLength(0);
		expect(refused.error?.message).toBe('"http://example.com/new" is not an HTTPS URL');
		expect(refused.error?.description).toMatch(/use https:\/\/example\.com\/new/);

		const local = await ctx.run({ resource: 'webhook', operation: 'update', webhookId: byId(id), updateFields: { url: 'http://localhost:9/h' } });
		expect(local.error).toBeUndefined();
		expect(local.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PATCH', `/v1/webhooks/${id}`, { url: 'http://localhost:9/h' }]]);
		expect(local.json[0]).toMatchObject({ id, url: 'http://localhost:9/h' });
	});

	test('nothing to update is refused before the call', async () => {
		const { id } = await seedWebhook();
		const r = await ctx.run({ resource: 'webhook', operation: 'update', webhookId: byId(id), updateFields: {} });
		expect(r.error?.message).toBe('Nothing to update');
		expect(r.requests).toHaveLength(0);
	});
});

describe('Webhook → Send Test Event', () => {
	test('the API signs and delivers webhook.test to the endpoint; the node returns the endpoint status', async () => {
		const receiver = await startReceiver(200);
		try {
			const { id, secret } = await seedWebhook(receiver.url, []);
			const r = await ctx.run({ resource: 'webhook', operation: 'sendTest', webhookId: byId(id) });
			expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', `/v1/webhooks/${id}/test`, undefined]]);
			expect(r.json).toEqual([
				{ id, url: receiver.url, is_active: true, last_status: 200, last_error: null, failure_count: 0 },
			]);

			expect(receiver.received).toHaveLength(1);
			const delivery = receiver.received[0];
			const envelope = eventEnvelope.parse(JSON.parse(delivery.rawBody));
			expect(envelope.event).toBe('webhook.test');
			expect(delivery.headers['x-webhook-signature']).toBe(
				createHmac('sha256', secret).update(delivery.rawBody).digest('hex'),
			);
			expect(delivery.headers['x-webhook-event']).toBe('webhook.test');
			expect(delivery.headers['x-webhook-event-id']).toBe(envelope.id);
		} finally {
			await receiver.close();
		}
	});

	test('a receiver that fails shows up in the returned status', async () => {
		const receiver = await startReceiver(500);
		try {
			const { id } = await seedWebhook(receiver.url, []);
			const r = await ctx.run({ resource: 'webhook', operation: 'sendTest', webhookId: byId(id) });
			expect(r.json[0]).toMatchObject({ last_status: 500, last_error: 'http_500', failure_count: 1 });
		} finally {
			await receiver.close();
		}
	});
});

describe('Webhook → Delete', () => {
	test('DELETEs the endpoint and returns the API answer', async () => {
		const { id } = await seedWebhook();
		const r = await ctx.run({ resource: 'webhook', operation: 'delete', webhookId: byId(id) });
		expect(r.requests.map((q) => [q.method, q.path, q.query, q.body])).toEqual([
			['DELETE', `/v1/webhooks/${id}`, {}, undefined],
		]);
		expect(r.json).toEqual([{ deleted: true, ok: true }]);
		expect(ctx.api.webhooks.endpoints.size).toBe(0);
	});

	test('an unknown ID is a 404 that names it', async () => {
		const r = await ctx.run({ resource: 'webhook', operation: 'delete', webhookId: byId('nope-123') });
		expect(r.error?.message).toBe('Not found: Webhook nope-123 was not found');
		expect(r.error?.description).toMatch(/Check the ID/);
	});

	test('IDs are URL-encoded into the path; one holding a slash (which a server decoding %2F would split) is refused unsent', async () => {
		await ctx.run({ resource: 'webhook', operation: 'delete', webhookId: byId('a b&c') });
		expect(ctx.api.requests[0].path).toBe('/v1/webhooks/a%20b%26c');
		const r = await ctx.run({ resource: 'webhook', operation: 'delete', webhookId: byId('a/b c') });
		expect(r.requests).toEqual([]);
		expect(r.error?.message).toBe('Webhook "a/b c" is not a valid ID');
	});
});

describe('the fake API follows contract.md: webhook URLs are https:, test mode adds http to 127.0.0.1 and localhost', () => {
	const call = async (method: string, path: string, body: object) => {
		const res = await fetch(`${ctx.api.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		return { status: res.status, body: (await res.json()) as { id?: string; error?: { code: string; details: unknown } } };
	};
	const namesUrl = { code: 'invalid_request', details: [{ field: 'url', message: 'must be an HTTPS URL' }] };

	test.each(['http://example.com/h', 'http://[::1]:9/h', 'ftp://example.com/h', 'http://127.0.0.2:9/h'])('POST and PATCH refuse %s', async (url) => {
		const created = await call('POST', '/v1/webhooks', { url: 'https://example.com/h' });
		expect(await call('POST', '/v1/webhooks', { url })).toMatchObject({ status: 400, body: { error: namesUrl } });
		expect(await call('PATCH', `/v1/webhooks/${created.body.id}`, { url })).toMatchObject({ status: 400, body: { error: namesUrl } });
	});

	test.each(['http://127.0.0.1:9/h', 'http://localhost:9/h'])('test mode accepts %s; without it, 400', async (url) => {
		expect((await call('POST', '/v1/webhooks', { url })).status).toBe(201);
		await ctx.api.close();
		ctx.api = await startFakeApi({ allowHttpLocalhost: false });
		expect(await call('POST', '/v1/webhooks', { url })).toMatchObject({ status: 400, body: { error: namesUrl } });
	});
});

test('one property per name; webhookId is one field shown through two markers (Get Many of webhooks and of deliveries share the value getAll)', () => {
	const props = nodeType('storefrontWebhooks').description.properties.filter((p) => !['operation', 'requestOptions'].includes(p.name));
	const count = (name: string) => props.filter((p) => p.name === name).length;
	expect(props.map((p) => p.name).filter((n, i, all) => all.indexOf(n) !== i)).toEqual(['webhookIdShown']);
	expect(count('webhookId')).toBe(1);
	expect(props.filter((p) => p.name === 'webhookIdShown').map((p) => [p.type, p.displayOptions])).toEqual([
		['hidden', { show: { resource: ['webhook'], operation: ['delete', 'sendTest', 'update'] } }],
		['hidden', { show: { resource: ['delivery'] } }],
	]);
	// but the tool-only description lookup (nodes/shared/toolDescription.ts)
	expect(JSON.stringify(props.filter((p) => p.name !== 'toolDescription'))).not.toContain('={{');
	expect(props.some((p) => p.routing)).toBe(false);
});
