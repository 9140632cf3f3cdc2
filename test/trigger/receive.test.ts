import type { INodeParameters } from 'n8n-workflow';

import { makeWorkflow, nodeType } from '../../harness';
import { startReceiver, type Received } from '../../harness/receiver';
import { serveTrigger, triggerHarness } from '../../harness/trigger';
import { KEYS, signBody, startFakeApi, type FakeApiServer } from '../../fake-api';

/**
 * The fake API signs and POSTs real deliveries to a local receiver; each captured request
 * (raw bytes and headers) is then handed to the trigger's webhook() as n8n would.
 */

let api: FakeApiServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
	api = await startFakeApi();
	receiver = await startReceiver(200);
});
afterEach(async () => {
	await receiver.close();
	await api.close();
});

async function setup(parameters: INodeParameters = { events: ['post.published', 'webhook.test'] }) {
	const t = triggerHarness({ apiKey: KEYS.full, baseUrl: api.url }, parameters);
	await t.hook('create');
	// point the registered endpoint at the local receiver so deliveries can be captured
	const endpoint = api.webhooks.endpoints.get(t.staticData()!.webhookId as string)!;
	endpoint.url = receiver.url;
	endpoint.events = [];
	return { t, secret: endpoint.secret, endpoint };
}

async function capture(event: Parameters<FakeApiServer['webhooks']['emit']>[0], data: Record<string, unknown>) {
	await api.webhooks.emit(event, data);
	return receiver.received[receiver.received.length - 1];
}

const headersOf = (r: Received) => r.headers as Record<string, string>;

test('a genuine delivery starts the workflow with the event as the item', async () => {
	const { t, secret } = await setup();
	const got = await capture('post.published', { post: { id: 'post_1', caption: 'Hi' } });
	const out = await t.deliver(got.rawBody, headersOf(got));
	expect(out.items).toHaveLength(1);
	const envelope = JSON.parse(got.rawBody);
	expect(out.items[0]).toEqual({
		id: envelope.id,
		event: 'post.published',
		timestamp: envelope.timestamp,
		data: { post: { id: 'post_1', caption: 'Hi' } },
	});
	expect(JSON.stringify(out)).not.toContain(secret);
});

test('the test event of POST /v1/webhooks/{id}/test and its redelivery (with Accept Redeliveries) both pass, Webhook Test chosen', async () => {
	// All Events alone does not run a test event (test/trigger/test-events.test.ts)
	const { t, endpoint } = await setup({ events: ['*', 'webhook.test'], options: { acceptRedeliveries: true } });
	const post = async (path: string) =>
		await fetch(`${api.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}` } });
	expect((await post(`/v1/webhooks/${endpoint.id}/test`)).status).toBe(200);
	const testDelivery = receiver.received[receiver.received.length - 1];
	expect((await t.deliver(testDelivery.rawBody, headersOf(testDelivery))).items[0].event).toBe('webhook.test');

	const original = api.webhooks.deliveries[api.webhooks.deliveries.length - 1];
	expect((await post(`/v1/webhooks/${endpoint.id}/deliveries/${original.id}/redeliver`)).status).toBe(200);
	const again = receiver.received[receiver.received.length - 1];
	expect(JSON.parse(again.rawBody).id).toBe(JSON.parse(testDelivery.rawBody).id);
	expect((await t.deliver(again.rawBody, headersOf(again))).items).toHaveLength(1);
});

describe('Events left untouched: registration and verification agree on every event', () => {
	test.each([
		['the default (parameter not set)', {}],
		['an empty list (as saved before "All Events" was the default)', { events: [] }],
	])('%s', async (_name, parameters: INodeParameters) => {
		const t = triggerHarness({ apiKey: KEYS.full, baseUrl: api.url }, parameters);
		await t.hook('create');
		expect(api.lastRequest().body).toMatchObject({ events: [] });
		const endpoint = api.webhooks.endpoints.get(t.staticData()!.webhookId as string)!;
		expect(endpoint.events).toEqual([]);
		endpoint.url = receiver.url; // only the address changes: the API delivers what was registered
		const types = ['post.published', 'comment.received', 'message.read', 'account.disconnected'] as const;
		for (const type of types) {
			const got = await capture(type, { n: type });
			const out = await t.deliver(got.rawBody, headersOf(got));
			expect(out.status).toBe(200);
			expect(out.items).toEqual([expect.objectContaining({ event: type, data: { n: type } })]);
		}
		expect(receiver.received).toHaveLength(types.length);
	});
});

describe('forged or mutated deliveries are rejected with 401 and start nothing', () => {
	const cases: Array<[string, (r: Received, secret: string) => { raw: string | Buffer; headers: Record<string, string> }]> = [
		['body tampered', (r) => ({ raw: r.rawBody.replace('post_1', 'post_2'), headers: headersOf(r) })],
		['body truncated', (r) => ({ raw: r.rawBody.slice(0, -1), headers: headersOf(r) })],
		['body extended', (r) => ({ raw: `${r.rawBody}\n`, headers: headersOf(r) })],
		['one bit flipped', (r) => {
			const raw = Buffer.from(r.rawBody);
			raw[10] ^= 1;
			return { raw, headers: headersOf(r) };
		}],
		['signature tampered', (r) => ({
			raw: r.rawBody,
			headers: { ...headersOf(r), 'x-webhook-signature': headersOf(r)['x-webhook-signature'].replace(/^./, (c) => (c === '0' ? '1' : '0')) },
		})],
		['signed with another secret', (r) => ({
			raw: r.rawBody,
			headers: { ...headersOf(r), 'x-webhook-signature': signBody('whsec_attacker', r.rawBody) },
		})],
		['signature header missing', (r) => {
			const { 'x-webhook-signature': _s, ...rest } = headersOf(r);
			return { raw: r.rawBody, headers: rest };
		}],
		['signature empty', (r) => ({ raw: r.rawBody, headers: { ...headersOf(r), 'x-webhook-signature': '' } })],
		['signature of an empty body', (r, secret) => ({
			raw: r.rawBody,
			headers: { ...headersOf(r), 'x-webhook-signature': signBody(secret, '') },
		})],
	];

	test.each(cases)('%s', async (_name, mutate) => {
		const { t, secret } = await setup();
		const got = await capture('post.published', { post: { id: 'post_1' } });
		const forged = mutate(got, secret);
		const out = await t.deliver(forged.raw, forged.headers);
		expect(out.status).toBe(401);
		expect(out.items).toEqual([]);
		expect(out.result.workflowData).toBeUndefined();
		expect(JSON.stringify(out.response)).not.toContain(secret);
	});

	test('a stale timestamp (older than Max Event Age), correctly signed', async () => {
		const { t, secret } = await setup();
		const raw = JSON.stringify({ id: 'evt_old', event: 'post.published', timestamp: new Date(Date.now() - 301_000).toISOString(), data: {} });
		const out = await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) });
		expect(out.status).toBe(401);
		expect(out.response).toEqual({ error: 'stale timestamp' });
	});

	test('no secret stored (fail closed)', async () => {
		const { t, secret } = await setup();
		delete t.staticData()!.secret;
		const raw = JSON.stringify({ id: 'evt_1', event: 'post.published', timestamp: new Date().toISOString(), data: {} });
		expect((await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) })).status).toBe(401);
	});
});

describe('accepted variations', () => {
	const fresh = (extra: Record<string, unknown> = {}) =>
		JSON.stringify({ id: `evt_${Math.random().toString(16).slice(2)}`, event: 'post.published', timestamp: new Date().toISOString(), data: { post: { id: 'p' } }, ...extra });

	test.each([
		['sha256= prefix', (sig: string) => `sha256=${sig}`],
	])('%s', async (_name, shape) => {
		const { t, secret } = await setup();
		const raw = fresh();
		expect((await t.deliver(raw, { 'x-webhook-signature': shape(signBody(secret, raw)) })).items).toHaveLength(1);
	});

	test('a configurable signature header, read first; without it, the one x-*-signature header', async () => {
		const { t, secret } = await setup({ events: ['*'], options: { signatureHeader: 'X-Custom-Sig', acceptRedeliveries: true } });
		const raw = fresh();
		expect((await t.deliver(raw, { 'X-Custom-Sig': signBody(secret, raw) })).items).toHaveLength(1);
		// the configured header is there but wrong: refused, whatever another header says
		expect((await t.deliver(raw, { 'X-Custom-Sig': signBody('whsec_attacker', raw), 'x-webhook-signature': signBody(secret, raw) })).status).toBe(401);
		// absent: the service-named header decides, by its HMAC alone
		expect((await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) })).items).toHaveLength(1);
		expect((await t.deliver(raw, { 'x-storefront-signature': signBody('whsec_attacker', raw) })).status).toBe(401);
		// two candidates and no configured header: ambiguous, refused
		expect((await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw), 'x-storefront-signature': signBody(secret, raw) })).status).toBe(401);
	});

	test('`type` in place of `event`', async () => {
		const { t, secret } = await setup();
		const raw = JSON.stringify({ id: 'evt_t', type: 'post.published', timestamp: new Date().toISOString(), data: {} });
		expect((await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) })).items[0].event).toBe('post.published');
	});

	test('Max Event Age 0 turns the timestamp check off', async () => {
		const { t, secret } = await setup({ events: ['*'], options: { maxAgeSeconds: 0 } });
		const raw = fresh({ timestamp: '2020-01-01T00:00:00.000Z' });
		expect((await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) })).items).toHaveLength(1);
	});

	test('Simplify moves data objects up; Include Headers adds the headers', async () => {
		const { t, secret } = await setup({ events: ['*'], options: { simplify: true, includeHeaders: true } });
		const raw = fresh();
		const sig = signBody(secret, raw);
		const out = await t.deliver(raw, { 'x-webhook-signature': sig, 'x-webhook-event': 'post.published' });
		expect(out.items[0]).toMatchObject({ event: 'post.published', post: { id: 'p' }, headers: { 'x-webhook-event': 'post.published' } });
		expect(out.items[0]).not.toHaveProperty('data');
	});
});

describe('acknowledged without starting the workflow', () => {
	test('an event type not chosen: 200, nothing started', async () => {
		const { t, secret } = await setup({ events: ['comment.received'] });
		const raw = JSON.stringify({ id: 'evt_x', event: 'post.published', timestamp: new Date().toISOString(), data: {} });
		const out = await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) });
		expect(out.status).toBe(200);
		expect(out.items).toEqual([]);
	});

	test('a redelivery of a processed event is dropped unless Accept Redeliveries is on', async () => {
		const { t, endpoint } = await setup();
		const first = await capture('post.published', { post: { id: 'post_r' } });
		expect((await t.deliver(first.rawBody, headersOf(first))).items).toHaveLength(1);
		const original = api.webhooks.deliveries[api.webhooks.deliveries.length - 1];
		await api.webhooks.deliver(endpoint, original.event_id, original.id);
		const again = receiver.received[receiver.received.length - 1];
		const out = await t.deliver(again.rawBody, headersOf(again));
		expect(out.status).toBe(200);
		expect(out.response).toEqual({ received: true, ignored: 'event already processed' });
		expect(out.items).toEqual([]);
	});
});

/**
 * A repeated event id runs again unless the API's delivery log shows an earlier delivery of it
 * answered 2xx. Here the API delivers to a stand-in for n8n that hands each request to the
 * trigger's webhook() and answers as n8n would with Acknowledge "When the Workflow Finishes":
 * the trigger's own answer, or, when it started a run, that run's outcome (200, or 500 when it
 * failed). So the API logs each attempt after the trigger has looked at the log, as in production.
 */
describe('repeats: dropped only when an earlier delivery was acknowledged', () => {
	async function asN8n(parameters?: INodeParameters) {
		const { t, endpoint } = await setup(parameters);
		const n8n = await serveTrigger(t);
		servers.push(n8n);
		endpoint.url = n8n.url;
		const logReads = () => api.requests.filter((r) => r.method === 'GET' && r.path === `/v1/webhooks/${endpoint.id}/deliveries`);
		return { endpoint, runs: n8n.runs, state: n8n.state, received: n8n.received, logReads };
	}
	const servers: Array<{ close: () => Promise<unknown> }> = [];
	afterEach(async () => {
		for (const server of servers.splice(0)) await server.close();
	});
	const redeliver = async (endpoint: Parameters<FakeApiServer['webhooks']['deliver']>[0], delivery: { id: string; event_id: string }) =>
		await api.webhooks.deliver(endpoint, delivery.event_id, delivery.id);

	test('a first delivery asks the API nothing; an acknowledged repeat costs one look at the log, around the first delivery, and is dropped', async () => {
		const { endpoint, runs, received, logReads } = await asN8n();
		const [first] = await api.webhooks.emit('post.published', { post: { id: 'post_a' } });
		expect(first.status).toBe(200);
		expect(runs).toHaveLength(1);
		expect(logReads()).toHaveLength(0);

		const again = await redeliver(endpoint, first);
		expect(again.status).toBe(200);
		expect(runs).toHaveLength(1);
		// `before`: 15 s after the first delivery's time (its log entry is within the API's 10 s wait)
		const sentAt = Date.parse(JSON.parse(received[0].raw.toString()).timestamp);
		expect(logReads().map((r) => r.query)).toEqual([{ limit: '100', before: new Date(sentAt + 15_000).toISOString() }]);
	});

	test("a failed run (500) is retried by the API and runs again; once acknowledged, the next repeat is dropped", async () => {
		const { endpoint, runs, state } = await asN8n();
		state.runOutcome = 500;
		const [first] = await api.webhooks.emit('post.published', { post: { id: 'post_f' } });
		expect(first).toMatchObject({ status: 500, error: 'http_500' });
		expect(api.webhooks.pendingRetries).toHaveLength(1);

		state.runOutcome = 200;
		api.advanceClock(61_000); // the API's first retry is due after 1 minute
		const [retry] = await api.webhooks.runDueRetries();
		expect(retry).toMatchObject({ event_id: first.event_id, status: 200 });
		expect(runs.map((r) => r.id)).toEqual([first.event_id, first.event_id]);
		expect(runs[1]).toMatchObject({ data: { post: { id: 'post_f' } } });

		expect((await redeliver(endpoint, retry)).status).toBe(200);
		expect(runs).toHaveLength(2);
	});

	test.each([
		['answers 503', { type: 'status', status: 503 } as const],
		['drops the connection', { type: 'dropResponse' } as const],
	])('the API %s during the check: the repeat is not run on a guess (503), and the API\'s retry decides from the log', async (_name, fault) => {
		const { endpoint, runs, logReads } = await asN8n();
		const [first] = await api.webhooks.emit('post.published', { post: { id: 'post_d' } });
		api.injectFault(fault, 1, { method: 'GET', path: `/v1/webhooks/${endpoint.id}/deliveries` });
		const repeat = await redeliver(endpoint, first);
		expect(repeat.status).toBe(503);
		expect(runs.map((r) => r.id)).toEqual([first.event_id]);
		expect(logReads()).toHaveLength(1);
		// the API delivers the failed attempt again a minute later: the log is read, the first run was acknowledged
		api.advanceClock(61_000);
		const [retry] = await api.webhooks.runDueRetries();
		expect(retry).toMatchObject({ event_id: first.event_id, status: 200 });
		expect(runs).toHaveLength(1);
		expect(logReads()).toHaveLength(2);
	});

	test('Accept Redeliveries on: every repeat runs, without looking at the log', async () => {
		const { endpoint, runs, logReads } = await asN8n({ events: ['*'], options: { acceptRedeliveries: true } });
		const [first] = await api.webhooks.emit('post.published', { post: { id: 'post_x' } });
		await redeliver(endpoint, first);
		expect(runs).toHaveLength(2);
		expect(logReads()).toHaveLength(0);
	});
});

test.each([
	['not set (a trigger saved before the option existed)', {}, 'onReceived', 'firstEntryJson'],
	['When Received', { acknowledge: 'whenReceived' }, 'onReceived', 'firstEntryJson'],
	['When the Workflow Finishes', { acknowledge: 'whenFinished' }, 'lastNode', 'noData'],
])("Acknowledge %s: n8n's evaluation of the webhook's responseMode and responseData", async (_name, extra, mode, data) => {
	const { workflow, node } = makeWorkflow('storefrontTrigger', { events: ['*'], ...extra });
	const webhook = nodeType('storefrontTrigger').description.webhooks![0];
	const evaluate = (value: unknown, fallback: string) =>
		workflow.expression.getSimpleParameterValue(node, value as string, 'webhook', {}, undefined, fallback);
	const acquired = await workflow.expression.acquireIsolate(); // as n8n does around each webhook call
	try {
		expect(evaluate(webhook.responseMode, 'onReceived')).toBe(mode);
		expect(evaluate(webhook.responseData, 'firstEntryJson')).toBe(data);
	} finally {
		if (acquired) await workflow.expression.releaseIsolate();
	}
});

test('a correctly signed body that is not JSON: 400, nothing started', async () => {
	const { t, secret } = await setup();
	const raw = 'this is not json';
	const out = await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) });
	expect(out.status).toBe(400);
	expect(out.items).toEqual([]);
});

/**
 * Issue 44, finding 9: a replayed, validly signed delivery made the Trigger read the delivery log
 * outside the key's limiter, once per replay, and ran the workflow when that read answered 429.
 */
describe('replays are cheap', () => {
	const logReads = (id: string) => api.requests.filter((r) => r.method === 'GET' && r.path === `/v1/webhooks/${id}/deliveries`);

	async function replayed(receiverStatus: number) {
		const { t, endpoint } = await setup();
		receiver.setStatus(receiverStatus);
		const first = await capture('post.published', { post: { id: 'post_rp' } });
		expect((await t.deliver(first.rawBody, headersOf(first))).items).toHaveLength(1);
		const original = api.webhooks.deliveries[api.webhooks.deliveries.length - 1];
		await api.webhooks.deliver(endpoint, original.event_id, original.id);
		const again = receiver.received[receiver.received.length - 1];
		api.clearRequests();
		return { t, endpoint, again };
	}

	test('20 concurrent replays of one acknowledged event: one log read, all dropped, nothing run', async () => {
		const { t, endpoint, again } = await replayed(200);
		const outs = await Promise.all(Array.from({ length: 20 }, async () => await t.deliver(again.rawBody, headersOf(again))));
		expect(logReads(endpoint.id)).toHaveLength(1);
		expect(outs.map((o) => [o.status, o.items.length])).toEqual(Array.from({ length: 20 }, () => [200, 0]));
		expect(outs[0].response).toEqual({ received: true, ignored: 'event already processed' });
	});

	test('20 concurrent replays of an event whose run was not acknowledged: one log read, the event runs once, the others are told to come again (409)', async () => {
		const { t, endpoint, again } = await replayed(500);
		const outs = await Promise.all(Array.from({ length: 20 }, async () => await t.deliver(again.rawBody, headersOf(again))));
		expect(logReads(endpoint.id)).toHaveLength(1);
		expect(outs.filter((o) => o.items.length === 1)).toHaveLength(1);
		expect(outs.filter((o) => o.status === 409 && o.items.length === 0)).toHaveLength(19);
	});

	test("the log read takes its turn in the key's queue: with the key's window spent (as the API's own headers said), a repeat's read waits its 3 s, is never sent, and the repeat does not run", async () => {
		api.setRealistic({ fixedWindow: { requests: 2, seconds: 86_400 }, headers: true, latencyMs: 0, jitterMs: 0, ratePerSecond: 1000, burst: 1000 });
		// the trigger's registration (1) and the first replay's read (2) spend the window; the API said so in X-RateLimit-*
		const { t, endpoint, again } = await replayed(200);
		expect((await t.deliver(again.rawBody, headersOf(again))).response).toEqual({ received: true, ignored: 'event already processed' });
		expect(logReads(endpoint.id)).toHaveLength(1);
		// that event was found acknowledged: its next repeat is answered without a read
		expect((await t.deliver(again.rawBody, headersOf(again))).response).toEqual({ received: true, ignored: 'event already processed' });
		// another event's redelivery needs a read, which the spent window does not let go
		const other = await capture('post.published', { post: { id: 'post_rp2' } });
		expect((await t.deliver(other.rawBody, headersOf(other))).items).toHaveLength(1);
		const original = api.webhooks.deliveries[api.webhooks.deliveries.length - 1];
		await api.webhooks.deliver(endpoint, original.event_id, original.id);
		const otherAgain = receiver.received[receiver.received.length - 1];
		const out = await t.deliver(otherAgain.rawBody, headersOf(otherAgain));
		expect(out.status).toBe(503);
		expect(out.items).toEqual([]);
		expect(logReads(endpoint.id)).toHaveLength(1);
		expect(api.stats.rateLimited).toBe(0);
	});

	test('the log read answers 429: the replay does not run (503, the API delivers it again later), and the read is not repeated', async () => {
		const { t, endpoint, again } = await replayed(200);
		api.injectFault({ type: 'rateLimit', retryAfter: 30 }, 1, { method: 'GET', path: `/v1/webhooks/${endpoint.id}/deliveries` });
		const out = await t.deliver(again.rawBody, headersOf(again));
		expect(out.status).toBe(503);
		expect(out.items).toEqual([]);
		expect(out.response).toEqual({ error: 'could not check whether this event was already processed; deliver it again later' });
		expect(logReads(endpoint.id)).toHaveLength(1);
		expect(logReads(endpoint.id)[0].headers.authorization).toBe(`Bearer ${KEYS.full}`);
	});
});
