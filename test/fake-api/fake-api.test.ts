import { createHmac } from 'node:crypto';
import { z } from 'zod';

import { deliveriesResponse, eventEnvelope } from '../../fake-api/contract/webhooks';
import { startReceiver } from '../../harness/receiver';
import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';

/** The fake API's own rules, checked with a plain HTTP client. */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

async function call(method: string, path: string, options: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {}) {
	const headers: Record<string, string> = { ...(options.headers ?? {}) };
	if (options.key !== null) headers.authorization = `Bearer ${options.key ?? KEYS.full}`;
	if (options.body !== undefined) headers['content-type'] = 'application/json';
	const res = await fetch(`${api.url}${path}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	const text = await res.text();
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test helper: each test reads the shape it expects
	let body: any;
	try {
		body = text ? JSON.parse(text) : undefined;
	} catch {
		body = text;
	}
	return { status: res.status, body, headers: res.headers };
}

describe('auth and error bodies (docs/reference/contract.md)', () => {
	test('no Authorization header: 401 unauthorized', async () => {
		const r = await call('GET', '/v1/webhooks', { key: null });
		expect(r.status).toBe(401);
		expect(r.body.error.code).toBe('unauthorized');
	});
	test('unknown key: 401 invalid_api_key', async () => {
		expect((await call('GET', '/v1/webhooks', { key: 'sk_x' })).body.error.code).toBe('invalid_api_key');
	});
	test('unknown path: 404 not_found; wrong method: 405', async () => {
		expect((await call('GET', '/v1/nothing')).status).toBe(404);
		expect((await call('PUT', '/v1/webhooks')).status).toBe(405);
	});
	test('invalid body: 400 invalid_request with field details', async () => {
		const r = await call('POST', '/v1/webhooks', { body: { url: 'nope', events: ['bad.event'], extra: 1 } });
		expect(r.status).toBe(400);
		expect(r.body.error.code).toBe('invalid_request');
		expect(r.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['body', 'events.0', 'url']);
	});
	test('body that is not JSON: 400', async () => {
		const res = await fetch(`${api.url}/v1/webhooks`, {
			method: 'POST',
			headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' },
			body: '{nope',
		});
		expect(res.status).toBe(400);
	});
	test('deliveries limit over 100: 400', async () => {
		const created = await call('POST', '/v1/webhooks', { body: { url: 'https://e.com/h' } });
		const r = await call('GET', `/v1/webhooks/${created.body.id}/deliveries?limit=101`);
		expect(r.status).toBe(400);
		expect(r.body.error.details[0].field).toBe('limit');
	});
});

describe('route rules used by every module', () => {
	beforeEach(() => {
		api.route('GET', '/v1/test/scoped', { scope: 'pages.write' }, () => ({ ok: true }));
		api.route('GET', '/v1/test/ads', { ads: true }, () => ({ ok: true }));
		api.route('GET', '/v1/test/connect', { connecting: true }, () => ({ ok: true }));
		api.route(
			'GET',
			'/v1/test/hosted',
			{ hostedOnly: true, query: z.object({ accountId: z.string() }) },
			({ query }) => ({ accountId: query.accountId }),
		);
		let n = 0;
		api.route('POST', '/v1/test/create', {}, ({ body }) => ({ n: ++n, body }));
	});

	test('scopes: 403 insufficient_scope naming the scope', async () => {
		const r = await call('GET', '/v1/test/scoped', { key: KEYS.pagesRead });
		expect(r.status).toBe(403);
		expect(r.body.error).toMatchObject({ code: 'insufficient_scope', requiredScope: 'pages.write' });
		expect((await call('GET', '/v1/test/scoped')).status).toBe(200);
	});
	test('ads add-on: 402 ads_addon_required', async () => {
		const r = await call('GET', '/v1/test/ads', { key: KEYS.noAds });
		expect(r.status).toBe(402);
		expect(r.body.error.code).toBe('ads_addon_required');
	});
	test('read-only key on a connecting call: 403 read_only_key', async () => {
		const r = await call('GET', '/v1/test/connect', { key: KEYS.readOnly });
		expect(r.body.error.code).toBe('read_only_key');
	});
	test('hosted-only endpoint on a pluginstore account: 422 hosted_only naming the endpoint', async () => {
		const r = await call('GET', '/v1/test/hosted?accountId=store_plugin');
		expect(r.status).toBe(422);
		expect(r.body.error.code).toBe('hosted_only');
		expect(r.body.error.message).toContain('/v1/test/hosted');
		expect((await call('GET', '/v1/test/hosted?accountId=store_hosted')).status).toBe(200);
	});
	test('Idempotency-Key: same key and body replays the first answer; another body is 409', async () => {
		const headers = { 'idempotency-key': 'k-1' };
		const first = await call('POST', '/v1/test/create', { body: { a: 1 }, headers });
		const again = await call('POST', '/v1/test/create', { body: { a: 1 }, headers });
		expect(again.body).toEqual(first.body);
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		const conflict = await call('POST', '/v1/test/create', { body: { a: 2 }, headers });
		expect(conflict.status).toBe(409);
		expect(conflict.body.error.code).toBe('idempotency_conflict');
		expect((await call('POST', '/v1/test/create', { body: { a: 1 } })).body.n).toBe(2);
		api.advanceClock(25 * 3600 * 1000);
		expect((await call('POST', '/v1/test/create', { body: { a: 1 }, headers })).body.n).toBe(3);
	});
	test('faults: next N matching calls, then normal again', async () => {
		api.injectFault({ type: 'status', status: 503 }, 2, { path: '/v1/test/ads' });
		expect((await call('GET', '/v1/webhooks')).status).toBe(200);
		expect((await call('GET', '/v1/test/ads')).body.error.code).toBe('unavailable');
		expect((await call('GET', '/v1/test/ads')).status).toBe(503);
		expect((await call('GET', '/v1/test/ads')).status).toBe(200);
		api.injectFault({ type: 'rateLimit', retryAfter: 9 });
		const limited = await call('GET', '/v1/webhooks');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('9');
		api.injectFault({ type: 'malformed' });
		expect(typeof (await call('GET', '/v1/webhooks')).body).toBe('string');
	});
	test('a dropped response still changes state (a lost answer)', async () => {
		api.injectFault({ type: 'dropResponse' });
		await expect(call('POST', '/v1/test/create', { body: {} })).rejects.toThrow();
		expect((await call('POST', '/v1/test/create', { body: {} })).body.n).toBe(2);
	});
	test('requests are recorded with method, path, query, headers and parsed body', async () => {
		await call('POST', '/v1/test/create?x=1&x=2', { body: { a: 1 } });
		expect(api.lastRequest()).toMatchObject({ method: 'POST', path: '/v1/test/create', query: { x: ['1', '2'] }, body: { a: 1 }, status: 200 });
	});
});

describe('webhook deliveries', () => {
	test('only HTTPS URLs (http://127.0.0.1 only in test mode)', async () => {
		expect((await call('POST', '/v1/webhooks', { body: { url: 'http://example.com/h' } })).status).toBe(400);
		expect((await call('POST', '/v1/webhooks', { body: { url: 'http://127.0.0.1:9/h' } })).status).toBe(201);
		await api.close();
		api = await startFakeApi({ allowHttpLocalhost: false });
		expect((await call('POST', '/v1/webhooks', { body: { url: 'http://127.0.0.1:9/h' } })).status).toBe(400);
	});

	test('events go to active endpoints that subscribe, signed with each endpoint secret', async () => {
		const receiver = await startReceiver(200);
		try {
			const all = (await call('POST', '/v1/webhooks', { body: { url: receiver.url } })).body;
			await call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['post.failed'] } });
			const paused = (await call('POST', '/v1/webhooks', { body: { url: receiver.url } })).body;
			await call('PATCH', `/v1/webhooks/${paused.id}`, { body: { is_active: false } });

			await api.webhooks.emit('post.published', { post: { id: 'post_1' } });
			expect(receiver.received).toHaveLength(1);
			const got = receiver.received[0];
			expect(eventEnvelope.parse(JSON.parse(got.rawBody))).toMatchObject({ event: 'post.published', data: { post: { id: 'post_1' } } });
			expect(got.headers['x-webhook-signature']).toBe(createHmac('sha256', all.secret).update(got.rawBody).digest('hex'));
			expect(got.headers['content-type']).toBe('application/json');
			expect(got.headers['x-webhook-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
		} finally {
			await receiver.close();
		}
	});

	test('failures retry after 1, 5 and 30 minutes; 10 failures in a row deactivate; re-enabling resets the count', async () => {
		const receiver = await startReceiver(500);
		try {
			const hook = (await call('POST', '/v1/webhooks', { body: { url: receiver.url } })).body;
			await api.webhooks.emit('post.published', {});
			expect(api.webhooks.pendingRetries).toHaveLength(1);
			expect(await api.webhooks.runDueRetries()).toHaveLength(0);
			api.advanceClock(60_000 + 1000);
			expect(await api.webhooks.runDueRetries()).toHaveLength(1);
			api.advanceClock(5 * 60_000 + 1000);
			expect(await api.webhooks.runDueRetries()).toHaveLength(1);
			api.advanceClock(30 * 60_000 + 1000);
			expect(await api.webhooks.runDueRetries()).toHaveLength(1);
			expect(api.webhooks.pendingRetries).toHaveLength(0);
			expect(receiver.received).toHaveLength(4);

			for (let i = 0; i < 6; i++) await api.webhooks.emit('post.published', {});
			const state = (await call('GET', '/v1/webhooks')).body.webhooks[0];
			expect(state).toMatchObject({ is_active: false, failure_count: 10, last_status: 500, last_error: 'http_500' });
			await api.webhooks.emit('post.published', {});
			expect(receiver.received).toHaveLength(10);

			const enabled = (await call('PATCH', `/v1/webhooks/${hook.id}`, { body: { is_active: true } })).body;
			expect(enabled).toMatchObject({ is_active: true, failure_count: 0 });
			expect(enabled).not.toHaveProperty('secret');
		} finally {
			await receiver.close();
		}
	});

	test('the deliveries log pages with before/has_more and keeps 30 days', async () => {
		const receiver = await startReceiver(200);
		try {
			const hook = (await call('POST', '/v1/webhooks', { body: { url: receiver.url } })).body;
			for (let i = 0; i < 30; i++) await api.webhooks.emit('post.published', {});
			const page1 = deliveriesResponse.parse((await call('GET', `/v1/webhooks/${hook.id}/deliveries`)).body);
			expect(page1.deliveries).toHaveLength(25);
			expect(page1.has_more).toBe(true);
			const before = encodeURIComponent(page1.deliveries[24].created_at);
			const page2 = deliveriesResponse.parse((await call('GET', `/v1/webhooks/${hook.id}/deliveries?before=${before}`)).body);
			expect(page2.deliveries).toHaveLength(5);
			expect(page2.has_more).toBe(false);
			api.advanceClock(31 * 24 * 3600 * 1000);
			expect((await call('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.deliveries).toHaveLength(0);
		} finally {
			await receiver.close();
		}
	});

	test('a receiver slower than the delivery timeout counts as a failure', async () => {
		await api.close();
		api = await startFakeApi({ deliveryTimeoutMs: 100 });
		const http = await import('node:http');
		const slow = http.createServer((_req, res) => setTimeout(() => res.end('late'), 500));
		await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
		try {
			const port = (slow.address() as { port: number }).port;
			await call('POST', '/v1/webhooks', { body: { url: `http://127.0.0.1:${port}/h` } });
			const [delivery] = await api.webhooks.emit('post.published', {});
			expect(delivery).toMatchObject({ status: 0, error: 'timeout' });
		} finally {
			slow.closeAllConnections();
			slow.close();
		}
	});
});
