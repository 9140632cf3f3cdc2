import { createRequire } from 'node:module';

import { KEYS, signBody, signTimestamped, startFakeApi, TIMESTAMPED_HEADER, type FakeApiServer } from '../../fake-api';
import { ensureN8n, installPackage, N8n, waitFor as waitUntil } from '../../scripts/lib/n8n';
import { triggerWorkflow } from '../../harness/workflows';
import { expectPackageLoaded } from './core';

/**
 * The Storefront Trigger inside a real n8n 2.41.1 process, with the fake API delivering
 * signed events over HTTP to n8n's webhook URL. (Its burst under a rate limit, which loads the
 * machine, is in test/reliability/n8n-load-churn.test.ts, among the heavy suites' turns.)
 */

jest.setTimeout(60_000);

let api: FakeApiServer;
let n8n: N8n;
let workflowId: string;
let credential: { id: string; name: string };
const WEBHOOK_NODE_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

const endpoint = () => [...api.webhooks.endpoints.values()][0];
const executionCount = async () => (await n8n.executions(workflowId)).length;
const apiPost = async (path: string) =>
	await fetch(`${api.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}` } });

const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000) => waitUntil(what, probe, ms, () => n8n.log);

beforeAll(async () => {
	const bin = ensureN8n();
	api = await startFakeApi();
	// n8n 2.41.1 re-checks webhook triggers at start (checkExists) only on its classic activation
	// path; with the default publication service it does not (see docs/trigger.md)
	n8n = new N8n(bin, { lean: true, env: { N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false' } });
	installPackage(n8n.userFolder);
	await n8n.start();
	await n8n.login();
	credential = await n8n.createCredential({ apiKey: KEYS.full, baseUrl: `${api.url}/v1/` });
	const workflow = await n8n.createWorkflow(triggerWorkflow('Storefront events', WEBHOOK_NODE_ID, ['post.published', 'webhook.test'], credential));
	workflowId = workflow.id;
}, 20 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	await api?.close();
});

test('the package loads: all four nodes (and the Tool variants of the action nodes) are in n8n\'s node list, with no load error in the log', async () => {
	await expectPackageLoaded(n8n);
});

test('activating the workflow registers n8n\'s webhook URL at the API', async () => {
	await n8n.activate(workflowId);
	const registered = await waitFor('the endpoint', () => endpoint());
	await n8n.waitUntilServed(`${n8n.url}/webhook/${WEBHOOK_NODE_ID}/webhook`);
	expect(registered).toMatchObject({
		url: `${n8n.url}/webhook/${WEBHOOK_NODE_ID}/webhook`,
		events: ['post.published', 'webhook.test'],
		description: `n8n workflow "Storefront events" (${workflowId})`,
		is_active: true,
	});
});

test('the API\'s test delivery starts exactly one execution', async () => {
	const res = await apiPost(`/v1/webhooks/${endpoint().id}/test`);
	expect(await res.json()).toMatchObject({ last_status: 200, last_error: null });
	const [execution] = await waitFor('one finished execution', async () => {
		const list = await n8n.executions(workflowId);
		return list.length === 1 && list[0].status !== 'running' && list[0].status !== 'new' ? list : undefined;
	});
	expect(execution.status).toBe('success');
});

test('a genuine event runs the workflow once; its redelivery is acknowledged and dropped', async () => {
	const before = await executionCount();
	const [delivery] = await api.webhooks.emit('post.published', { post: { id: 'post_e2e', caption: 'New drop' } });
	expect(delivery.status).toBe(200);
	await waitFor('a new execution', async () => ((await executionCount()) === before + 1 ? true : undefined));

	const res = await apiPost(`/v1/webhooks/${endpoint().id}/deliveries/${delivery.id}/redeliver`);
	expect(await res.json()).toMatchObject({ status: 200, redelivery_of: delivery.id });
	await new Promise((r) => setTimeout(r, 1500));
	expect(await executionCount()).toBe(before + 1);
});

test('the live service\'s dialects: a timestamped delivery (t=…,v1=…; type, created) and one with the objects at the top level each run once with the objects in the item; a moved t gets 401', async () => {
	// n8n stores execution data with flatted: read it with n8n's own copy
	const flatted = createRequire(ensureN8n().n8n)('flatted') as { parse(text: string): unknown };
	const itemOf = async (executionId: string) => {
		const execution = await n8n.execution(executionId) as { data: string };
		const data = flatted.parse(execution.data) as { resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } };
		return data.resultData.runData['Storefront Trigger'][0].data.main[0][0].json;
	};
	const objects = { post: { id: 'post_live', caption: 'Live' }, account: { id: 'acc_live', platform: 'socialnet' } };
	try {
		for (const dialect of ['timestamped', 'flat'] as const) {
			api.webhooks.dialect = dialect;
			const known = new Set((await n8n.executions(workflowId)).map((e) => e.id));
			const [delivery] = await api.webhooks.emit('post.published', objects);
			expect(delivery).toMatchObject({ status: 200, error: null });
			const [execution] = await waitFor(`the ${dialect} delivery's execution`, async () => {
				const fresh = (await n8n.executions(workflowId)).filter((e) => !known.has(e.id));
				return fresh.length === 1 && fresh[0].status === 'success' ? fresh : undefined;
			});
			expect(await itemOf(execution.id)).toEqual({ id: delivery.event_id, event: 'post.published', timestamp: expect.any(String), data: objects });
		}
		const before = await executionCount();
		const url = `${n8n.url}/webhook/${WEBHOOK_NODE_ID}/webhook`;
		const body = JSON.stringify({ id: 'evt_forged_t', type: 'post.published', created: Math.floor(Date.now() / 1000), data: objects });
		const genuine = signTimestamped(endpoint().secret, body);
		const moved = genuine.replace(/^t=(\d+)/, (_m, t: string) => `t=${Number(t) + 30}`);
		for (const header of [moved, signTimestamped('whsec_attacker', body)]) {
			const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [TIMESTAMPED_HEADER]: header }, body });
			expect({ status: res.status, body: await res.text() }).toEqual({ status: 401, body: '{"error":"invalid signature"}' });
		}
		await new Promise((r) => setTimeout(r, 1000));
		expect(await executionCount()).toBe(before);
	} finally {
		api.webhooks.dialect = 'plain';
	}
});

test('forged deliveries get 401 and start nothing', async () => {
	const before = await executionCount();
	const url = `${n8n.url}/webhook/${WEBHOOK_NODE_ID}/webhook`;
	const body = JSON.stringify({ id: 'evt_forged', event: 'post.published', timestamp: new Date().toISOString(), data: {} });
	const attempts: Array<Record<string, string>> = [
		{ 'x-webhook-signature': signBody('whsec_attacker', body) },
		// change the first hex digit (always a real change: 0 ↔ 1)
		{ 'x-webhook-signature': signBody(endpoint().secret, body).replace(/^./, (c) => (c === '0' ? '1' : '0')) },
		{},
	];
	for (const headers of attempts) {
		const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
		expect({ status: res.status, body: await res.text() }).toEqual({ status: 401, body: '{"error":"invalid signature"}' });
	}
	const tampered = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody(endpoint().secret, body) },
		body: body.replace('evt_forged', 'evt_forgee'),
	});
	expect({ status: tampered.status, body: await tampered.text() }).toEqual({ status: 401, body: '{"error":"invalid signature"}' });
	await new Promise((r) => setTimeout(r, 1000));
	expect(await executionCount()).toBe(before);
});

test('n8n down while 50 events are emitted: on restart the trigger re-enables the endpoint and recovers the 10 logged deliveries, each run once (the 40 emitted while the API had the endpoint off cannot be)', async () => {
	const before = await executionCount();
	await n8n.stop();
	const logged = [];
	for (let i = 0; i < 50; i++) logged.push(...(await api.webhooks.emit('post.published', { post: { id: `while_down_${i}` } })));
	// the API turns the endpoint off after 10 failures in a row; later events are neither delivered nor logged
	expect(logged.map((d) => d.error)).toEqual(Array(10).fill('connection_failed'));
	expect(endpoint().is_active).toBe(false);

	await n8n.start();
	await n8n.login();
	await waitFor('the recovered executions', async () => ((await executionCount()) >= before + 10 ? true : undefined), 30_000);
	await new Promise((r) => setTimeout(r, 3000));
	const recovered = (await executionCount()) - before;
	console.log(`recovery in n8n: 50 events while n8n was down → ${logged.length} logged failures → ${recovered} executions after the restart`);
	expect(recovered).toBe(10);
	expect(endpoint().is_active).toBe(true);
	const lost = new Set(logged.map((d) => d.event_id));
	const redelivered = api.webhooks.deliveries.filter((d) => d.redelivery_of !== null && lost.has(d.event_id));
	expect(redelivered.map((d) => d.status)).toEqual(Array(10).fill(200));
	expect(new Set(redelivered.map((d) => d.event_id))).toEqual(lost);
}, 120_000);

test('deactivating the workflow deletes the endpoint at the API', async () => {
	await n8n.deactivate(workflowId);
	await waitFor('the endpoint to be deleted', () => (api.webhooks.endpoints.size === 0 ? true : undefined));
	expect(api.requests.some((r) => r.method === 'DELETE' && r.status === 200)).toBe(true);
});
