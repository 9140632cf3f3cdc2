import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { ensureN8n, installPackage, N8n, waitFor as waitUntil } from '../../scripts/lib/n8n';
import { loadExample } from '../../sandbox/setup';
import { triggerWorkflow } from '../../harness/workflows';
import { HEAVY_SUITE_WAIT_MS, heavySuiteTurn } from '../../harness/heavy-suites';

/**
 * A real n8n 2.41.1 under load and churn: signed events sent as fast as n8n answers, each of which
 * must produce exactly one execution of the post-published example workflow (and one
 * marketing activity downstream); activate/deactivate cycles, some with the endpoint deleted or auto-deactivated behind n8n's
 * back, leaving no endpoint behind and deliveries working afterwards.
 *
 * A burst of the Storefront Trigger → Page → Get under the API's rate limit, each execution's
 * requests sharing it.
 *
 * Only the load and the burst take a turn among the heavy suites (harness/heavy-suites.ts): the
 * boot and the cycles, one request at a time, load the machine no more than the other e2e suites,
 * which run beside the heavy ones.
 */

jest.setTimeout(5 * 60_000);

let api: FakeApiServer;
let n8n: N8n;
let workflowId: string;
let release: (() => Promise<void>) | undefined;
let credential: { id: string; name: string };
/**
 * 120 events and 20 cycles keep `npm test` short (120 already keep 5 deliveries in flight for
 * about 15 s, every one answered and run once, as 1,000 are): 20 cycles meet each fault behind n8n's back (the
 * endpoint deleted at the 4th of every 10, auto-deactivated at the 8th) twice, as 50 met them five
 * times; docs/reliability.md's figures were measured with LOAD_EVENTS=1000 LOAD_CYCLES=100.
 */
const EVENTS = Number(process.env.LOAD_EVENTS ?? 120);
const CYCLES = Number(process.env.LOAD_CYCLES ?? 20);
/**
 * Deliveries in flight at once. n8n 2.41.1 on a 2-core machine handles about 12 webhook
 * executions a second, and fewer when more arrive at once (5: ~12.6/s, 10: ~8.5/s; 20 per
 * second offered: answers take over the API's 10 s timeout and the endpoint is auto-deactivated).
 */
const SENDERS = Number(process.env.LOAD_SENDERS ?? 5);

const endpoints = () => [...api.webhooks.endpoints.values()];
const activities = () => api.commerce.store('store_hosted').activities;
const executionCount = async () =>
	(await n8n.rest<{ count: number }>('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=1`)).count;

async function activate() {
	await n8n.activate(workflowId);
	await n8n.waitUntilServed((await waitFor('an endpoint', () => endpoints()[0])).url);
}

const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 60_000) => waitUntil(what, probe, ms, () => n8n.log);

beforeAll(async () => {
	const bin = ensureN8n();
	api = await startFakeApi();
	n8n = new N8n(bin, { lean: true, env: { EXECUTIONS_DATA_PRUNE: 'false', DB_SQLITE_POOL_SIZE: '4' } });
	installPackage(n8n.userFolder);
	await n8n.start();
	await n8n.login();
	credential = await n8n.createCredential({ apiKey: KEYS.full, baseUrl: `${api.url}/v1/` });
	// the example users import: Storefront Trigger on post.published → Commerce marketing activity upsert
	const example = loadExample('post-published-to-marketing-activity.json', credential.id);
	const workflow = await n8n.createWorkflow({ ...example, settings: { ...example.settings, saveDataSuccessExecution: 'all' } });
	workflowId = workflow.id;
}, 20 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	await api?.close();
	await release?.();
});

// the load and the burst take one turn among the heavy suites: the burst gives it back
test(`${EVENTS} signed events as fast as n8n takes them: every one answered 200, exactly one execution and one activity each`, async () => {
	release = await heavySuiteTurn('n8n-load-churn', { shared: true });
	await sendAll();
}, HEAVY_SUITE_WAIT_MS + 5 * 60_000);

test('a burst: 100 signed deliveries (10 in flight) into Storefront Trigger → Page → Get under 20 requests per 2 s: every execution succeeds, few requests refused', async () => {
	const at = new Date().toISOString();
	api.commerce.store('store_hosted').pages.push({ id: 'gid_page_e2e_burst', accountId: 'store_hosted', platform: 'hostedstore', title: 'Burst', handle: 'burst', bodyHtml: '<p>x</p>', isPublished: true, publishedAt: at, createdAt: at, updatedAt: at });
	const workflow = triggerWorkflow('Burst', 'b7e1c2d3-4f5a-4b6c-8d7e-9f0a1b2c3d4e', ['comment.received'], credential);
	workflow.nodes[1] = {
		id: 'get',
		name: 'Get Page',
		type: 'n8n-nodes-storefront.storefrontCommerce',
		typeVersion: 1,
		position: [220, 0],
		parameters: { resource: 'page', operation: 'get', accountId: 'store_hosted', pageId: { __rl: true, mode: 'id', value: 'gid_page_e2e_burst' } },
		credentials: { storefrontApi: { id: credential.id, name: credential.name } },
	} as unknown as (typeof workflow.nodes)[number];
	workflow.connections = { 'Storefront Trigger': { main: [[{ node: 'Get Page', type: 'main', index: 0 }]] } };
	const { id } = await n8n.createWorkflow(workflow);
	await n8n.activate(id);
	await waitFor('the burst endpoint', () => endpoints()[0]);
	await n8n.waitUntilServed(`${n8n.url}/webhook/b7e1c2d3-4f5a-4b6c-8d7e-9f0a1b2c3d4e/webhook`);
	const count = async (status: string) =>
		(await n8n.rest<{ count: number }>('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: id, status: [status] }))}&limit=1`)).count;

	api.setRealistic({ fixedWindow: { requests: 20, seconds: 2 }, latencyMs: 5, jitterMs: 3 });
	api.resetStats();
	api.clearRequests();
	try {
		// 10 deliveries in flight, as the API sends them: n8n gives each running execution an expression isolate of
		// its own (n8n-core's WorkflowExecute holds one until the execution ends), so 100 at one instant would
		// outlast the API's 10 s for an answer while n8n starts isolates, before any node of ours runs
		const deliveries: Array<{ status: number; error: string | null }> = [];
		let next = 0;
		const sender = async () => {
			while (next < 100) deliveries.push(...(await api.webhooks.emit('comment.received', { comment: { id: `burst_${next++}` } })));
		};
		await Promise.all(Array.from({ length: 10 }, sender));
		expect(deliveries.map((d) => `${d.status} ${d.error ?? ""}`)).toEqual(Array(100).fill("200 "));
		await waitFor('100 finished executions', async () => ((await count('success')) + (await count('error')) >= 100 ? true : undefined), 90_000);
	} finally {
		api.setRealistic(false);
		// the burst was the last of this suite's load: the next heavy suite's turn
		await release?.();
		release = undefined;
	}
	const gets = api.requests.filter((q) => q.path === '/v1/commerce/pages/gid_page_e2e_burst');
	console.log(`burst in n8n: 100 executions, ${await count('success')} succeeded, ${gets.length} requests, ${api.stats.rateLimited} refused (429)`);
	expect(await count('error')).toBe(0);
	expect(await count('success')).toBe(100);
	expect(gets.filter((q) => q.status === 200)).toHaveLength(100);
	expect(gets.length - 100).toBe(api.stats.rateLimited);
	expect(api.stats.rateLimited / gets.length).toBeLessThanOrEqual(0.05);
	await n8n.deactivate(id);
}, HEAVY_SUITE_WAIT_MS + 5 * 60_000);

async function sendAll() {
	await activate();
	const started = Date.now();
	const statuses: number[] = [];
	// SENDERS deliveries in flight at a time, as fast as n8n answers (each delivery waits for n8n's 2xx)
	let next = 0;
	const sender = async () => {
		while (next < EVENTS) {
			const i = next++;
			const sent = await api.webhooks.emit('post.published', { post: { id: `post_load_${i}` } });
			statuses.push(sent[0]?.status ?? 0);
		}
	};
	await Promise.all(Array.from({ length: SENDERS }, sender));
	const sendSeconds = (Date.now() - started) / 1000;
	const histogram: Record<string, number> = {};
	for (const d of api.webhooks.deliveries) histogram[`${d.status} ${d.error ?? ''}`] = (histogram[`${d.status} ${d.error ?? ''}`] ?? 0) + 1;
	console.log(`deliveries: ${JSON.stringify(histogram)}`);
	await waitFor(`${EVENTS} activities`, () => activities().size === EVENTS, 120_000);
	const doneSeconds = (Date.now() - started) / 1000;
	await waitFor(`${EVENTS} executions`, async () => ((await executionCount()) >= EVENTS ? true : undefined), 60_000);
	console.log(`load: ${EVENTS} events sent in ${sendSeconds.toFixed(1)} s (${(EVENTS / sendSeconds).toFixed(1)}/s, ${SENDERS} in flight); all processed after ${doneSeconds.toFixed(1)} s`);

	expect(statuses.filter((s) => s === 200)).toHaveLength(EVENTS);
	expect(await executionCount()).toBe(EVENTS);
	const upserts = api.requests.filter((r) => r.method === 'PUT' && r.path === '/v1/commerce/marketing-activities');
	expect(upserts).toHaveLength(EVENTS);
	expect(new Set(activities().keys())).toEqual(new Set(Array.from({ length: EVENTS }, (_, i) => `post-post_load_${i}`)));
	await n8n.deactivate(workflowId);
	await waitFor('no endpoint', () => endpoints().length === 0);
}

test(`${CYCLES} activate/deactivate cycles, every 10th with the endpoint deleted and every 10th auto-deactivated behind n8n's back: no endpoint left, deliveries resume`, async () => {
	for (let cycle = 0; cycle < CYCLES; cycle++) {
		await n8n.activate(workflowId);
		const endpoint = await waitFor('an endpoint', () => endpoints()[0]);
		expect(endpoints()).toHaveLength(1);
		if (cycle % 10 === 3) api.webhooks.endpoints.delete(endpoint.id);
		if (cycle % 10 === 7) endpoint.is_active = false;
		await n8n.deactivate(workflowId);
		await waitFor('the endpoint to be deleted', () => endpoints().length === 0);
	}
	expect(endpoints()).toEqual([]);

	const before = await executionCount();
	await activate();
	const [delivery] = await api.webhooks.emit('post.published', { post: { id: 'post_after_churn' } });
	expect(delivery.status).toBe(200);
	await waitFor('one more execution', async () => ((await executionCount()) === before + 1 ? true : undefined));
	expect(activities().has('post-post_after_churn')).toBe(true);
	await n8n.deactivate(workflowId);
	await waitFor('no endpoint', () => endpoints().length === 0);
});
