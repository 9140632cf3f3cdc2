import { NodeApiError, type INode, type INodeParameters } from 'n8n-workflow';

import { KEYS, postIdOf, startFakeApi, type FakeApiServer } from '../../fake-api';
import { DEFAULT_MAX_IN_FLIGHT, sendPolitely } from '../../nodes/shared/wire/send';
import { nodeType, runNode } from '../../harness';

/**
 * The fake API's realistic mode (a per-key token bucket answering 429 with Retry-After, and a
 * latency with jitter) against the nodes, through n8n-core: a large input goes through without
 * failures and without tuning, never more requests in flight than the node's limit, each 429
 * waited out and sent again; a Retry-After longer than the node waits is reported, explained.
 * Small figures keep it cheap (the 1,000-item runs are in bench/run.ts); no time is asserted.
 */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const credentials = () => ({ apiKey: KEYS.full, baseUrl: api.url, limitSpending: false });
const HOSTED = 'store_hosted';
const pageCreate = { resource: 'page', operation: 'create', accountId: HOSTED, title: '={{ $json.title }}' };
const pagesNamed = (prefix: string) => api.commerce.store(HOSTED).pages.filter((p) => p.title.startsWith(prefix));

test('the fake API: a burst, then 429 rate_limited with the whole seconds until the next token in Retry-After', async () => {
	api.setRealistic({ ratePerSecond: 0.5, burst: 2, latencyMs: 0, jitterMs: 0 });
	const get = async () => await fetch(`${api.url}/v1/webhooks`, { headers: { authorization: `Bearer ${KEYS.full}` } });
	const answers = [await get(), await get(), await get()];
	expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
	// one token every 2 s: the next one is at most 2 s away, never less than 1 s (a whole number; 1 once a second has passed on a loaded machine)
	expect(['1', '2']).toContain(answers[2].headers.get('retry-after'));
	expect(await answers[2].json()).toEqual({ error: { code: 'rate_limited', message: expect.stringContaining('0.5 requests per second') } });
	// per key: another key has its own bucket
	const other = await fetch(`${api.url}/v1/webhooks`, { headers: { authorization: `Bearer ${KEYS.readOnly}` } });
	expect(other.status).not.toBe(429);
	expect(api.stats.rateLimited).toBe(1);
});

test('X-RateLimit-Remaining 0: the node holds its next requests until X-RateLimit-Reset instead of collecting 429s', async () => {
	const items = Array.from({ length: 10 }, (_, i) => ({ title: `Headers ${i}` }));
	// one request at a time, so what the node does after each answer is what counts
	const parameters = { ...pageCreate, requestOptions: { maxInFlight: 1 } };
	const limit = { ratePerSecond: 5, burst: 5, latencyMs: 0, jitterMs: 0 };

	api.setRealistic({ ...limit, headers: false });
	const blind = await runNode({ node: 'storefrontCommerce', parameters, items, credentials: credentials() });
	expect(blind.error).toBeUndefined();
	const refusedBlind = api.stats.rateLimited;
	expect(refusedBlind).toBeGreaterThan(0);

	api.setRealistic({ ...limit, headers: true });
	api.resetStats();
	api.clearRequests();
	const told = await runNode({ node: 'storefrontCommerce', parameters, items: items.map((i) => ({ title: `${i.title}b` })), credentials: credentials() });
	expect(told.error).toBeUndefined();
	// the bucket ran dry at least once (the node was told so), and no request was sent into it
	expect(api.requests.some((q) => q.replyHeaders?.['X-RateLimit-Remaining'] === '0' && q.replyHeaders?.['X-RateLimit-Reset'] === '1')).toBe(true);
	expect(api.requests.every((q) => q.replyHeaders?.['X-RateLimit-Limit'] === '5')).toBe(true);
	expect(api.stats.rateLimited).toBe(0);
	expect(api.requests).toHaveLength(10);
	expect(pagesNamed('Headers ')).toHaveLength(20);
});

test('60 × Page → Create against 20 requests/s (bursts of 20) that sends no rate-limit headers: all 60 created once, no failure, every 429 answered by one resend', async () => {
	// without the headers the node can only learn the pace from 429s (with them it avoids them: the next test)
	api.setRealistic({ ratePerSecond: 20, burst: 20, latencyMs: 5, jitterMs: 3, headers: false });
	const items = Array.from({ length: 60 }, (_, i) => ({ title: `Rate ${i}` }));
	const r = await runNode({ node: 'storefrontCommerce', parameters: pageCreate, items, credentials: credentials() });

	expect(r.error).toBeUndefined();
	expect(r.json.filter((j) => j.error)).toEqual([]);
	expect(r.items.map((i) => i.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	expect(r.json.map((j) => j.title)).toEqual(items.map((i) => i.title));
	const created = pagesNamed('Rate ');
	expect(created).toHaveLength(60);
	expect(new Set(created.map((p) => p.title)).size).toBe(60);
	// the API refused some (the test would prove nothing otherwise); each refusal was sent again, nothing else was
	const statuses = api.requests.map((q) => q.status);
	expect(api.stats.rateLimited).toBeGreaterThan(0);
	expect(statuses.filter((s) => s === 429)).toHaveLength(api.stats.rateLimited);
	expect(statuses.filter((s) => s === 201)).toHaveLength(60);
	expect(api.requests).toHaveLength(60 + api.stats.rateLimited);
	expect(api.stats.peakInFlight).toBeLessThanOrEqual(DEFAULT_MAX_IN_FLIGHT);
	console.log(`60 creates at 20/s: ${api.stats.rateLimited} 429s answered, ${api.requests.length} requests, at most ${api.stats.peakInFlight} in flight`);
});

test('the same 60 against the same limit with its X-RateLimit-* headers: sent as the bucket refills, none refused', async () => {
	api.setRealistic({ ratePerSecond: 20, burst: 20, latencyMs: 5, jitterMs: 3 });
	const items = Array.from({ length: 60 }, (_, i) => ({ title: `Paced ${i}` }));
	const r = await runNode({ node: 'storefrontCommerce', parameters: pageCreate, items, credentials: credentials() });
	expect(r.json.filter((j) => j.error)).toEqual([]);
	expect(pagesNamed('Paced ')).toHaveLength(60);
	expect(api.requests).toHaveLength(60);
	expect(api.stats.rateLimited).toBe(0);
});

test('Max Wait in Queue: an item whose turn does not come in time fails unsent, with the bound and how to raise it; the first is answered', async () => {
	// one request a minute: the first item's answer says none is left, so the second waits for the window's end
	api.setRealistic({ fixedWindow: { requests: 1, seconds: 60 }, latencyMs: 0, jitterMs: 0 });
	const items = [{ title: 'Queued 0' }, { title: 'Queued 1' }];
	const parameters = { ...pageCreate, requestOptions: { maxQueueWait: 1 } };
	const r = await runNode({ node: 'storefrontCommerce', parameters, items, credentials: credentials(), continueOnFail: true });
	expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	expect(r.json[0].title).toBe('Queued 0');
	expect(String(r.json[1].error)).toBe('The request waited more than 1 seconds for its turn under the API\'s rate limit');
	expect(r.items[1].error?.description).toMatch(/^Nothing was sent to the API for this item\..*Raise "Max Wait in Queue" in the node's Request Options \(now 1 seconds\)/);
	expect(api.requests).toHaveLength(1);
	expect(pagesNamed('Queued ')).toHaveLength(1);
});

describe('in flight at once', () => {
	const items = Array.from({ length: 120 }, () => ({}));
	const pageGet = (pageId: string, requestOptions: INodeParameters = {}) => ({
		resource: 'page',
		operation: 'get',
		accountId: HOSTED,
		pageId: { __rl: true, mode: 'id', value: pageId },
		requestOptions,
	});
	const seedPage = () => {
		const at = new Date().toISOString();
		const page = { id: 'gid_page_rl', accountId: HOSTED, platform: 'hostedstore' as const, title: 'Rate', handle: 'rate', bodyHtml: '<p>x</p>', isPublished: true, publishedAt: at, createdAt: at, updatedAt: at };
		api.commerce.store(HOSTED).pages.push(page);
		return page.id;
	};

	test(`by default at most ${DEFAULT_MAX_IN_FLIGHT} of 120 items (RoutingNode alone would start all 120)`, async () => {
		api.setRealistic({ ratePerSecond: 10_000, burst: 10_000, latencyMs: 20, jitterMs: 5 });
		const r = await runNode({ node: 'storefrontCommerce', parameters: pageGet(seedPage()), items, credentials: credentials() });
		expect(r.json.filter((j) => j.error)).toEqual([]);
		expect(r.json).toHaveLength(120);
		expect(api.stats.peakInFlight).toBeLessThanOrEqual(DEFAULT_MAX_IN_FLIGHT);
		expect(api.stats.peakInFlight).toBeGreaterThan(1);
	});

	test('Request Options → Max Requests in Flight: 4; n8n\'s Batching still applies beside it', async () => {
		api.setRealistic({ ratePerSecond: 10_000, burst: 10_000, latencyMs: 20, jitterMs: 5 });
		const id = seedPage();
		const r = await runNode({ node: 'storefrontCommerce', parameters: pageGet(id, { maxInFlight: 4 }), items, credentials: credentials() });
		expect(r.json.filter((j) => j.error)).toEqual([]);
		expect(r.json).toHaveLength(120);
		expect(api.stats.peakInFlight).toBeLessThanOrEqual(4);
		expect(api.stats.peakInFlight).toBeGreaterThan(1);

		api.resetStats();
		api.clearRequests();
		const batched = await runNode({
			node: 'storefrontCommerce',
			parameters: pageGet(id, { maxInFlight: 4, batching: { batch: { batchSize: 5, batchInterval: 20 } } }),
			items: items.slice(0, 20),
			credentials: credentials(),
		});
		expect(batched.json.filter((j) => j.error)).toEqual([]);
		expect(batched.json).toHaveLength(20);
		expect(api.requests).toHaveLength(20);
		expect(api.stats.peakInFlight).toBeLessThanOrEqual(4);
	});

	test('the option sits in n8n\'s Request Options beside Batching, Proxy and Timeout', () => {
		for (const name of ['storefrontCommerce', 'storefrontAds', 'storefrontWebhooks']) {
			const requestOptions = nodeType(name).description.properties.filter((p) => p.name === 'requestOptions');
			expect(requestOptions).toHaveLength(1);
			expect((requestOptions[0].options ?? []).map((o) => o.name)).toEqual(expect.arrayContaining(['batching', 'maxInFlight', 'maxQueueWait', 'proxy', 'timeout']));
		}
	});
});

describe('429 from the API', () => {
	const boost = {
		resource: 'ad',
		operation: 'boost',
		network: 'socialnet',
		accountId: { __rl: true, mode: 'id', value: 'acc_social1' },
		adAccountId: { __rl: true, mode: 'id', value: 'act_1001' },
		postId: postIdOf('acc_social1', 0),
		budgetAmount: 15,
		budgetType: 'daily',
	};

	test('a boost refused with 429 is sent again after Retry-After (the API did nothing): one ad, the same Idempotency-Key', async () => {
		api.injectFault({ type: 'rateLimit', retryAfter: 1 }, 1, { path: '/v1/ads/boost' });
		const r = await runNode({ node: 'storefrontAds', parameters: boost, credentials: credentials() });
		expect(r.error).toBeUndefined();
		const boosts = api.requests.filter((q) => q.path === '/v1/ads/boost');
		expect(boosts.map((q) => q.status)).toEqual([429, 200]);
		expect(boosts[1].headers['idempotency-key']).toBe(boosts[0].headers['idempotency-key']);
		expect(boosts[1].rawBody).toBe(boosts[0].rawBody);
		expect([...api.ads.ads.values()]).toHaveLength(1);
	});

	test('a boost refused with 503 before its answer is sent again with the same key and body (a timeout never is: faults.test.ts)', async () => {
		api.injectFault({ type: 'status', status: 503 }, 1, { path: '/v1/ads/boost' });
		const r = await runNode({ node: 'storefrontAds', parameters: boost, credentials: credentials() });
		expect(r.error).toBeUndefined();
		const boosts = api.requests.filter((q) => q.path === '/v1/ads/boost');
		expect(boosts.map((q) => q.status)).toEqual([503, 200]);
		expect(boosts[1].headers['idempotency-key']).toBe(boosts[0].headers['idempotency-key']);
		expect(boosts[1].rawBody).toBe(boosts[0].rawBody);
		expect([...api.ads.ads.values()]).toHaveLength(1);
	});

	test('a 500 is not resent by the node, not even for a boost', async () => {
		api.injectFault({ type: 'status', status: 500 }, 1, { path: '/v1/ads/boost' });
		const r = await runNode({ node: 'storefrontAds', parameters: boost, credentials: credentials() });
		expect(r.error?.message).toBe('The Storefront API had a server error');
		expect(api.requests.filter((q) => q.path === '/v1/ads/boost')).toHaveLength(1);
	});

	test('when the wait runs out: our explained error (not n8n\'s "spacing your requests" text), saying what the node already waited', async () => {
		api.injectFault({ type: 'rateLimit', retryAfter: 1 }, 1);
		api.injectFault({ type: 'rateLimit', retryAfter: 100 }, 1);
		const r = await runNode({ node: 'storefrontCommerce', parameters: pageCreate, items: [{ title: 'Late' }], credentials: credentials() });
		expect(api.requests.map((q) => q.status)).toEqual([429, 429]);
		expect(r.error?.message).toBe('Too many requests: the API is rate limiting this key');
		expect(r.error?.message).not.toMatch(/spacing/);
		expect(r.error?.description).toMatch(/^Wait 100 seconds, as the API asked,.*already waited 1 seconds for this item/);
		expect(r.error?.httpCode).toBe('429');
		expect(pagesNamed('Late')).toHaveLength(0);
	});

	test('Continue On Fail: the item refused for too long is an error item paired with its input; the others are created', async () => {
		api.injectFault({ type: 'rateLimit', retryAfter: 100 }, 1);
		const items = [{ title: 'Cof 0' }, { title: 'Cof 1' }, { title: 'Cof 2' }];
		const r = await runNode({ node: 'storefrontCommerce', parameters: pageCreate, items, credentials: credentials(), continueOnFail: true });
		expect(r.error).toBeUndefined();
		expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const failed = r.items.filter((i) => i.json.error);
		expect(failed).toHaveLength(1);
		expect(String(failed[0].json.error)).toMatch(/Too many requests: /);
		expect(pagesNamed('Cof ')).toHaveLength(2);
	});

	test('cancelling the execution stops the wait: nothing more is sent, the 429 is reported', async () => {
		const node = { name: 'Storefront', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
		const controller = new AbortController();
		let sent = 0;
		const ctx = {
			getNode: () => node,
			getExecutionCancelSignal: () => controller.signal,
			getExecuteData: () => ({}),
			getItemIndex: () => 0,
			getNodeParameter: (_name: string, fallback: unknown) => fallback,
		};
		const send = async () => {
			sent += 1;
			if (sent === 1) setTimeout(() => controller.abort(), 50);
			return { response: { statusCode: 429, headers: { 'retry-after': '30' }, body: { error: { code: 'rate_limited', message: 'slow down' } } } };
		};
		// a wait that did not stop would outlast this test's 10 s
		const error = (await sendPolitely(ctx as never, send, { method: 'GET', node }).then(
			() => undefined,
			(e: unknown) => e,
		)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.description).toMatch(/cancelled while the node waited/);
		expect(sent).toBe(1);
	}, 10_000);

	test('cancelling the execution: a request still queued for a slot is never sent', async () => {
		const node = { name: 'Storefront', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
		const controller = new AbortController();
		const run = {};
		const ctx = {
			getNode: () => node,
			getExecutionCancelSignal: () => controller.signal,
			getExecuteData: () => run,
			getItemIndex: () => 0,
			getNodeParameter: () => ({ maxInFlight: 1 }),
		};
		const sent: string[] = [];
		let answer!: () => void;
		let started!: () => void;
		const inFlight = new Promise<void>((resolve) => (started = resolve));
		const get = { method: 'GET', node };
		const ok = (body: string) => ({ response: { statusCode: 200, headers: {}, body: { body } } });
		const first = sendPolitely(ctx as never, async () => {
			sent.push('first');
			started();
			await new Promise<void>((resolve) => (answer = resolve));
			return ok('first');
		}, get);
		const second = sendPolitely(ctx as never, async () => {
			sent.push('second');
			return ok('second');
		}, get).then(
			() => undefined,
			(e: unknown) => e,
		);
		await inFlight;
		controller.abort();
		answer();
		expect(await first).toMatchObject({ response: { body: { body: 'first' } } });
		expect(await second).toMatchObject({ message: 'The execution was cancelled before this request was sent' });
		expect(sent).toEqual(['first']);
	});
});

describe('the key\'s queue as sendPolitely uses it (real waits of about a second; only the order is asserted)', () => {
	const node = { name: 'Storefront', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
	/** One node run's context (the same execute data for every item), with these Request Options. */
	const runContext = (requestOptions: INodeParameters = {}) => {
		const run = {};
		return { getNode: () => node, getExecuteData: () => run, getItemIndex: () => 0, getNodeParameter: () => requestOptions };
	};
	const answer = (statusCode: number, headers: Record<string, string> = {}) => ({ response: { statusCode, headers, body: statusCode === 200 ? { ok: true } : { error: { code: 'x', message: 'x' } } } });
	const get = { method: 'GET', node };

	test('a request refused with 429 goes again ahead of a request that queued while it was out', async () => {
		const ctx = runContext();
		const sent: string[] = [];
		let refused!: () => void;
		const wasRefused = new Promise<void>((resolve) => (refused = resolve));
		const a = sendPolitely(ctx as never, async () => {
			sent.push('a');
			if (sent.length > 1) return answer(200);
			// b queues while a is out (a key's first request goes alone)
			await new Promise((resolve) => setTimeout(resolve, 20));
			refused();
			return answer(429, { 'retry-after': '1' });
		}, get);
		await new Promise((resolve) => setTimeout(resolve, 5));
		const b = sendPolitely(ctx as never, async () => {
			sent.push('b');
			return answer(200);
		}, get);
		await wasRefused;
		await Promise.all([a, b]);
		expect(sent).toEqual(['a', 'a', 'b']);
	});

	test('a request that got no answer (a reset) frees the key: its resend gets a turn at once, not after Max Wait in Queue', async () => {
		const ctx = runContext({ maxQueueWait: 1 });
		let attempts = 0;
		const result = await sendPolitely(ctx as never, async () => {
			attempts += 1;
			return attempts === 1 ? { error: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) } : answer(200);
		}, get).then(
			(sent) => sent,
			(error: Error) => error.message,
		);
		expect(result).toMatchObject({ response: { statusCode: 200 } });
		expect(attempts).toBe(2);
	});
});
