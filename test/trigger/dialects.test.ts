import type { INodeParameters } from 'n8n-workflow';

import { startReceiver, type Received } from '../../harness/receiver';
import { triggerHarness } from '../../harness/trigger';
import {
	KEYS,
	signBody,
	signTimestamped,
	startFakeApi,
	TIMESTAMPED_HEADER,
	WEBHOOK_DIALECTS,
	type FakeApiServer,
	type WebhookDialect,
} from '../../fake-api';
import { eventEnvelope, flatEnvelope, timestampedEnvelope } from '../../fake-api/contract/webhooks';

/**
 * The trigger against each dialect of the fake API (docs/reference/contract.md, "Webhook deliveries"): the API
 * signs and POSTs real deliveries to a local receiver; each captured request is handed to the
 * trigger's webhook() through n8n-core's WebhookContext, as n8n would.
 *   plain:       X-Webhook-Signature: <hex>,             {id, event, timestamp, data}
 *   timestamped: X-Storefront-Signature: t=…,v1=<hex>,   {id, type, created, data}
 *   flat:        X-Webhook-Signature: <hex>,             {id, event, timestamp, post, account}
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

async function setup(dialect: WebhookDialect, parameters: INodeParameters = { events: ['post.published', 'webhook.test'] }) {
	api.webhooks.dialect = dialect;
	const t = triggerHarness({ apiKey: KEYS.full, baseUrl: api.url }, parameters);
	await t.hook('create');
	const endpoint = api.webhooks.endpoints.get(t.staticData()!.webhookId as string)!;
	endpoint.url = receiver.url;
	return { t, secret: endpoint.secret, endpoint };
}

const post = { id: 'post_1', caption: 'New drop' };
const account = { id: 'acc_1', platform: 'socialnet' };

async function capture() {
	await api.webhooks.emit('post.published', { post, account });
	return receiver.received[receiver.received.length - 1];
}

const headersOf = (r: Received) => r.headers as Record<string, string>;
const nowS = () => Math.floor(Date.now() / 1000);

describe('the fake API speaks each dialect', () => {
	test.each([
		['plain', 'x-webhook-signature', eventEnvelope, /^[0-9a-f]{64}$/],
		['timestamped', 'x-storefront-signature', timestampedEnvelope, /^t=\d+,v1=[0-9a-f]{64}$/],
		['flat', 'x-webhook-signature', flatEnvelope, /^[0-9a-f]{64}$/],
	] as const)('%s', async (dialect, header, schema, form) => {
		const { secret } = await setup(dialect);
		const from = api.now().getTime();
		const got = await capture();
		const to = api.now().getTime();
		const body = JSON.parse(got.rawBody) as Record<string, unknown>;
		expect(() => schema.parse(body)).not.toThrow();
		expect(headersOf(got)[header]).toMatch(form);
		const signatureHeaders = Object.keys(got.headers).filter((name) => /^x-.+-signature$/.test(name));
		expect(signatureHeaders).toEqual([header]);
		if (dialect === 'timestamped') {
			expect(body).toMatchObject({ type: 'post.published', data: { post, account } });
			// the API's clock at sending, in whole seconds: between its readings before and after
			expect([Math.floor(from / 1000) <= (body.created as number), (body.created as number) <= Math.floor(to / 1000)]).toEqual([true, true]);
			const t = Number(/^t=(\d+)/.exec(headersOf(got)[header])![1]);
			expect(headersOf(got)[header]).toBe(signTimestamped(secret, got.rawBody, t));
		} else {
			expect(headersOf(got)[header]).toBe(signBody(secret, got.rawBody));
			expect(body).toMatchObject(dialect === 'flat' ? { event: 'post.published', post, account } : { event: 'post.published', data: { post, account } });
		}
	});

	test('the option of startFakeApi, and the control call (an unknown dialect is refused)', async () => {
		const other = await startFakeApi({ webhookDialect: 'timestamped' });
		try {
			expect(other.webhooks.dialect).toBe('timestamped');
			const control = async (body: unknown) =>
				await fetch(`${other.url}/__control/dialect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
			expect(await (await control({})).json()).toEqual({ dialect: 'timestamped' });
			expect(await (await control({ dialect: 'flat' })).json()).toEqual({ dialect: 'flat' });
			expect(other.webhooks.dialect).toBe('flat');
			const refused = await control({ dialect: 'stripe' });
			expect(refused.status).toBe(400);
			expect(other.webhooks.dialect).toBe('flat');
		} finally {
			await other.close();
		}
		expect(api.webhooks.dialect).toBe('plain');
		await expect(startFakeApi({ webhookDialect: 'nope' as never })).rejects.toThrow(/unknown webhook dialect/);
	});
});

describe.each(WEBHOOK_DIALECTS.map((d) => [d]))('the %s dialect through the trigger', (dialect) => {
	test('a genuine delivery starts the workflow; the item has the same shape in every dialect', async () => {
		const { t, secret } = await setup(dialect);
		const from = api.now().getTime();
		const got = await capture();
		const to = api.now().getTime();
		const out = await t.deliver(got.rawBody, headersOf(got));
		expect(out.status).toBe(200);
		const envelope = JSON.parse(got.rawBody) as Record<string, unknown>;
		expect(out.items).toEqual([
			{
				id: envelope.id,
				event: 'post.published',
				timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
				data: { post, account },
			},
		]);
		// the API's time of sending (whole seconds in the timestamped dialect), in order between its readings
		const at = Date.parse(out.items[0].timestamp as string);
		expect([Math.floor(from / 1000) * 1000 <= at, at <= to]).toEqual([true, true]);
		expect(JSON.stringify(out)).not.toContain(secret);
	});

	test('Simplify puts the objects at the top level of the item', async () => {
		const { t } = await setup(dialect, { events: ['*'], options: { simplify: true } });
		const got = await capture();
		const out = await t.deliver(got.rawBody, headersOf(got));
		expect(out.items[0]).toMatchObject({ event: 'post.published', post, account });
		expect(out.items[0]).not.toHaveProperty('data');
	});

	test('the test event of POST /v1/webhooks/{id}/test passes', async () => {
		const { t, endpoint } = await setup(dialect);
		const res = await fetch(`${api.url}/v1/webhooks/${endpoint.id}/test`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}` } });
		expect(res.status).toBe(200);
		const got = receiver.received[receiver.received.length - 1];
		const out = await t.deliver(got.rawBody, headersOf(got));
		expect(out.items[0]).toMatchObject({ event: 'webhook.test', data: { message: 'This is a test event' } });
	});

	test('a redelivery of an acknowledged event is dropped', async () => {
		const { t, endpoint } = await setup(dialect);
		const first = await capture();
		expect((await t.deliver(first.rawBody, headersOf(first))).items).toHaveLength(1);
		const original = api.webhooks.deliveries[api.webhooks.deliveries.length - 1];
		await api.webhooks.deliver(endpoint, original.event_id, original.id);
		const again = receiver.received[receiver.received.length - 1];
		expect(JSON.parse(again.rawBody).id).toBe(JSON.parse(first.rawBody).id);
		const out = await t.deliver(again.rawBody, headersOf(again));
		expect(out.response).toEqual({ received: true, ignored: 'event already processed' });
	});

	test('with Accept Redeliveries, a repeat runs again', async () => {
		const { t } = await setup(dialect, { events: ['*'], options: { acceptRedeliveries: true } });
		const one = await capture();
		expect((await t.deliver(one.rawBody, headersOf(one))).items).toHaveLength(1);
		expect((await t.deliver(one.rawBody, headersOf(one))).items).toHaveLength(1);
	});

	const forgeries: Array<[string, (r: Received, secret: string) => { raw: string | Buffer; headers: Record<string, string> }]> = [
		['body tampered', (r) => ({ raw: r.rawBody.replace('post_1', 'post_2'), headers: headersOf(r) })],
		['body extended', (r) => ({ raw: `${r.rawBody} `, headers: headersOf(r) })],
		['one bit flipped', (r) => {
			const raw = Buffer.from(r.rawBody);
			raw[12] ^= 1;
			return { raw, headers: headersOf(r) };
		}],
		['signature header removed', (r) => ({
			raw: r.rawBody,
			headers: Object.fromEntries(Object.entries(headersOf(r)).filter(([name]) => !name.endsWith('-signature'))),
		})],
		['signed with another secret, in the same scheme', (r) => ({
			raw: r.rawBody,
			headers: { ...headersOf(r), ...signatureOf(r, 'whsec_attacker') },
		})],
		['the other scheme\'s signature with another secret', (r) => ({
			raw: r.rawBody,
			headers: { 'x-storefront-signature': signTimestamped('whsec_attacker', r.rawBody), 'x-webhook-signature': signBody('whsec_attacker', r.rawBody) },
		})],
		['t moved forward (timestamped)', (r, secret) => {
			const t = nowS();
			const v1 = /v1=([0-9a-f]{64})/.exec(signTimestamped(secret, r.rawBody, t))![1];
			return { raw: r.rawBody, headers: { 'x-storefront-signature': `t=${t + 60},v1=${v1}` } };
		}],
		['t re-signed with another secret (timestamped)', (r) => ({ raw: r.rawBody, headers: { 'x-storefront-signature': signTimestamped('whsec_attacker', r.rawBody, nowS() + 1) } })],
		['the plain hex put in a v1 (timestamped)', (r, secret) => ({ raw: r.rawBody, headers: { 'x-storefront-signature': `t=${nowS()},v1=${signBody(secret, r.rawBody)}` } })],
		['a genuine timestamped signature, t older than Max Age', (r, secret) => ({
			raw: r.rawBody,
			headers: { 'x-storefront-signature': signTimestamped(secret, r.rawBody, nowS() - 301) },
		})],
		['a genuine plain signature, with two x-*-signature headers (ambiguous)', (r, secret) => ({
			raw: r.rawBody,
			headers: { 'x-storefront-signature': signBody(secret, r.rawBody), 'x-shop-signature': signBody(secret, r.rawBody) },
		})],
	];

	test.each(forgeries)('forged: %s → 401, nothing started', async (_name, forge) => {
		const { t, secret } = await setup(dialect);
		const got = await capture();
		const forged = forge(got, secret);
		const out = await t.deliver(forged.raw, forged.headers);
		expect(out.status).toBe(401);
		expect(out.items).toEqual([]);
		expect(JSON.stringify(out.response)).not.toContain(secret);
	});
});

/** A delivery's signature header re-made with `secret`, in the scheme the delivery used. */
function signatureOf(r: Received, secret: string): Record<string, string> {
	const headers = headersOf(r);
	if (headers['x-storefront-signature']) return { 'x-storefront-signature': signTimestamped(secret, r.rawBody) };
	return { 'x-webhook-signature': signBody(secret, r.rawBody) };
}

describe('the timestamped scheme', () => {
	test('secret rotation: any one of several v1 values may be the endpoint\'s', async () => {
		const { t, secret } = await setup('timestamped', { events: ['*'], options: { acceptRedeliveries: true } });
		const got = await capture();
		for (const secrets of [['whsec_previous', secret], [secret, 'whsec_next'], ['whsec_a', 'whsec_b', secret]]) {
			const out = await t.deliver(got.rawBody, { [TIMESTAMPED_HEADER]: signTimestamped(secrets, got.rawBody) });
			expect(out.items).toHaveLength(1);
		}
		expect((await t.deliver(got.rawBody, { [TIMESTAMPED_HEADER]: signTimestamped(['whsec_a', 'whsec_b'], got.rawBody) })).status).toBe(401);
	});

	test('the signed t decides the age, not the envelope\'s created (a redelivery keeps the event\'s created)', async () => {
		const { t, secret } = await setup('timestamped', { events: ['*'] });
		const raw = JSON.stringify({ id: 'evt_old_created', type: 'post.published', created: nowS() - 3600, data: { post } });
		const out = await t.deliver(raw, { [TIMESTAMPED_HEADER]: signTimestamped(secret, raw) });
		expect(out.items).toEqual([{ id: 'evt_old_created', event: 'post.published', timestamp: expect.any(String), data: { post } }]);

		const stale = await t.deliver(raw, { [TIMESTAMPED_HEADER]: signTimestamped(secret, raw, nowS() - 301) });
		expect({ status: stale.status, response: stale.response }).toEqual({ status: 401, response: { error: 'stale timestamp' } });
	});

	test('Max Event Age 0 turns the check of t off', async () => {
		const { t, secret } = await setup('timestamped', { events: ['*'], options: { maxAgeSeconds: 0 } });
		const raw = JSON.stringify({ id: 'evt_2020', type: 'post.published', created: 1577836800, data: { post } });
		expect((await t.deliver(raw, { [TIMESTAMPED_HEADER]: signTimestamped(secret, raw, 1577836800) })).items).toHaveLength(1);
	});

	test('the configured header is used when present, in either scheme', async () => {
		const { t, secret } = await setup('timestamped', { events: ['*'], options: { signatureHeader: 'X-Storefront-Signature' } });
		const got = await capture();
		expect((await t.deliver(got.rawBody, headersOf(got))).items).toHaveLength(1);
		// the configured header holds a plain signature: that scheme, from that header
		const raw = JSON.stringify({ id: 'evt_plain_in_configured', event: 'post.published', timestamp: new Date().toISOString(), data: { post } });
		expect((await t.deliver(raw, { 'x-storefront-signature': signBody(secret, raw) })).items).toHaveLength(1);
	});
});

describe('the plain scheme with `created` in the envelope', () => {
	test.each([
		['unix seconds', () => nowS(), 200],
		['unix ms', () => Date.now(), 200],
		['unix seconds, older than Max Age', () => nowS() - 301, 401],
		['unix seconds, ahead by more than Max Age', () => nowS() + 301, 401],
	])('%s → %s', async (_name, created, status) => {
		const { t, secret } = await setup('plain', { events: ['*'] });
		const raw = JSON.stringify({ id: `evt_${Math.random().toString(16).slice(2)}`, type: 'post.published', created: created(), post });
		const out = await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) });
		expect(out.status).toBe(status);
		if (status === 200) expect(out.items[0]).toMatchObject({ event: 'post.published', data: { post } });
		else expect(out.response).toEqual({ error: 'stale timestamp' });
	});

	test('no event time at all: refused as invalid (the plain signature does not cover a time otherwise)', async () => {
		const { t, secret } = await setup('plain', { events: ['*'] });
		const raw = JSON.stringify({ id: 'evt_no_time', event: 'post.published', post });
		const out = await t.deliver(raw, { 'x-webhook-signature': signBody(secret, raw) });
		expect({ status: out.status, response: out.response }).toEqual({ status: 401, response: { error: 'invalid timestamp' } });
	});
});
