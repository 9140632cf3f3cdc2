import { execFileSync } from 'node:child_process';

import { KEYS, signBody, startFakeApi, type FakeApiServer } from '../../fake-api';
import { DEMO, seedDemo } from '../../fake-api/demo';
import { waitFor as waitUntil } from '../../scripts/lib/n8n';
import { CREDENTIAL_NAME, loadExamples } from '../../scripts/lib/sandbox';
import { startQueue, type Queue } from '../../sandbox/queue';
import { triggerWorkflow } from '../harness/workflows';

/**
 * The package in n8n's queue mode: Postgres, Redis, main (no production webhooks), 2 workers,
 * 2 webhook processors (sandbox/queue.ts). Signed events are spread round-robin over both
 * processors by this test and run by the workers.
 */

jest.setTimeout(120_000);

const EVENTS = 500;
const REDELIVERED = 100;
const WEBHOOK_NODE_ID = '0b7c9d2e-4f5a-4b6c-8d7e-1f2a3b4c5d6e';

let api: FakeApiServer;
let queue: Queue;
let workflowId: string;
let credentialId: string;
let pids: number[] = [];

const endpoints = () => [...api.webhooks.endpoints.values()];
/** How many executions of the workflow n8n lists (all, or with this status). */
const count = async (status?: string) =>
	(
		await queue.main.rest<{ count: number }>(
			'GET',
			`/rest/executions?limit=1&filter=${encodeURIComponent(JSON.stringify({ workflowId, ...(status ? { status: [status] } : {}) }))}`,
		)
	).count;
const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000) =>
	waitUntil(what, probe, ms, () => queue.main.log);
const processorUrl = (i: number) => `${queue.webhooks[i % queue.webhooks.length].url}/webhook/${WEBHOOK_NODE_ID}/webhook`;

async function deliver(i: number, id: string, secret = endpoints()[0].secret) {
	const body = JSON.stringify({ id, event: 'post.published', timestamp: new Date().toISOString(), data: { post: { id: `post_${id}` } } });
	const started = Date.now();
	const res = await fetch(processorUrl(i), {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody(secret, body) },
		body,
	});
	await res.text();
	return { status: res.status, ms: Date.now() - started };
}

/** Runs `send(0..n-1)` with 4 requests in flight. */
async function inBatches<T>(n: number, send: (i: number) => Promise<T>): Promise<T[]> {
	const results: T[] = [];
	for (let i = 0; i < n; i += 4) results.push(...(await Promise.all([i, i + 1, i + 2, i + 3].filter((k) => k < n).map(send))));
	return results;
}

beforeAll(async () => {
	api = await startFakeApi();
	await seedDemo(api);
	queue = await startQueue();
	pids = [queue.main, ...queue.workers, ...queue.webhooks].map((n) => n.pid!);
	const credential = await queue.main.createCredential({ apiKey: KEYS.full, baseUrl: `${api.url}/v1/` }, CREDENTIAL_NAME);
	credentialId = credential.id;
	const workflow = await queue.main.createWorkflow(triggerWorkflow('Storefront events (queue)', WEBHOOK_NODE_ID, ['post.published'], credential));
	workflowId = workflow.id;
}, 10 * 60_000);

afterAll(async () => {
	await queue?.stop();
	await api?.close();
});

test('activation in queue mode registers exactly one endpoint; both webhook processors serve it', async () => {
	await queue.main.activate(workflowId);
	await waitFor('the endpoint', () => endpoints().length === 1);
	for (const w of queue.webhooks) await w.waitUntilServed(`${w.url}/webhook/${WEBHOOK_NODE_ID}/webhook`, 30_000);
	expect(endpoints()).toHaveLength(1);
	expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/webhooks')).toHaveLength(1);
});

test(`${EVENTS} signed events round-robin over both processors: each answered in < 10 s, ${EVENTS} successful executions run by the workers`, async () => {
	const started = Date.now();
	const answers = await inBatches(EVENTS, (i) => deliver(i, `evt_q${i}`));
	const answeredMs = Date.now() - started;
	expect(answers.every((a) => a.status === 200)).toBe(true);
	expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
	await waitFor('all executions to succeed', async () => (await count('success')) >= EVENTS, 90_000);
	const drainedMs = Date.now() - started;
	console.log(
		`queue mode (2 webhook processors, 2 workers, 4 in flight): ${EVENTS} events answered in ${(answeredMs / 1000).toFixed(1)} s ` +
			`(${((EVENTS * 1000) / answeredMs).toFixed(1)}/s, slowest answer ${Math.max(...answers.map((a) => a.ms))} ms), all executed in ${(drainedMs / 1000).toFixed(1)} s (${((EVENTS * 1000) / drainedMs).toFixed(1)}/s)`,
	);
	expect({ all: await count(), success: await count('success') }).toEqual({ all: EVENTS, success: EVENTS });
});

test(`${REDELIVERED} redeliveries: dropped by the processor that took the event; run again by the other one (replay memory is per process, see README)`, async () => {
	const same = await inBatches(REDELIVERED, (i) => deliver(i, `evt_q${i}`));
	expect(same.map((a) => a.status)).toEqual(Array(REDELIVERED).fill(200));
	await new Promise((r) => setTimeout(r, 3000));
	const afterSame = await count();
	const other = await inBatches(REDELIVERED, (i) => deliver(i + 1, `evt_q${i}`));
	expect(other.map((a) => a.status)).toEqual(Array(REDELIVERED).fill(200));
	await waitFor('the other processor to run them', async () => (await count('success')) >= EVENTS + REDELIVERED, 60_000);
	const afterOther = await count();
	console.log(
		`queue mode: ${EVENTS} events; ${REDELIVERED} redeliveries to the same processor → ${afterSame - EVENTS} new executions; ` +
			`${REDELIVERED} to the other processor → ${afterOther - afterSame} new executions`,
	);
	expect({ sameProcessor: afterSame - EVENTS, otherProcessor: afterOther - afterSame }).toEqual({ sameProcessor: 0, otherProcessor: REDELIVERED });
});

test('forged deliveries get 401 at either processor and start nothing', async () => {
	const before = await count();
	for (const i of [0, 1]) expect((await deliver(i, `evt_forged${i}`, 'whsec_attacker')).status).toBe(401);
	await new Promise((r) => setTimeout(r, 1500));
	expect(await count()).toBe(before);
});

test('restarting main with the workflow active does not create a second endpoint', async () => {
	await queue.restartMain();
	await new Promise((r) => setTimeout(r, 2000));
	expect(endpoints()).toHaveLength(1);
	expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/webhooks')).toHaveLength(1);
});

test('deactivation deletes the endpoint; 20 activate/deactivate cycles leave 0 endpoints', async () => {
	await queue.main.deactivate(workflowId);
	await waitFor('the endpoint to be deleted', () => endpoints().length === 0);
	for (let cycle = 0; cycle < 20; cycle++) {
		await queue.main.activate(workflowId);
		await waitFor('the endpoint', () => endpoints().length === 1);
		await queue.main.deactivate(workflowId);
		await waitFor('the endpoint to be deleted', () => endpoints().length === 0);
	}
	const created = api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/webhooks' && r.status === 201).length;
	const deleted = api.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/webhooks/') && r.status === 200).length;
	console.log(`queue mode: 21 activations → ${created} endpoints created, ${deleted} deleted, ${endpoints().length} left`);
	expect({ created, deleted, left: endpoints().length }).toEqual({ created: 21, deleted: 21, left: 0 });
});

test('the boost example run twice by the workers: validated first, exactly one ad, PAUSED, the same Idempotency-Key both times', async () => {
	const example = loadExamples(credentialId).find((e) => e.file === 'boost-best-post-every-monday.json')!.workflow;
	const workflow = await queue.main.createWorkflow(example);
	const boosts = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/ads/boost');
	const adsBefore = api.ads.ads.size;
	for (let run = 0; run < 2; run++) {
		const execution = await queue.main.runManually(workflow.id, 'Every Monday at 9:00', 120_000);
		expect(execution.status).toBe('success');
	}
	const newAds = [...api.ads.ads.values()].slice(adsBefore);
	expect(newAds).toHaveLength(1);
	expect(newAds[0]).toMatchObject({ requestedStatus: 'paused', accountId: DEMO.socialConnection });
	const validateOnly = boosts().map((r) => Boolean((JSON.parse(r.rawBody || '{}') as { validateOnly?: boolean }).validateOnly));
	expect(validateOnly).toEqual([true, false, true, false]);
	const keys = boosts().filter((_, i) => !validateOnly[i]).map((r) => r.headers['idempotency-key']);
	expect(keys[0]).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(keys[1]).toBe(keys[0]);
	console.log(`queue mode: boost example run twice on the workers → ${newAds.length} ad, key ${String(keys[0]).slice(0, 12)}… both times`);
});

test('stopping leaves no n8n, Postgres or Redis process behind', async () => {
	pids.push(queue.main.pid!);
	const folder = queue.userFolder;
	await queue.stop();
	const alive = pids.filter((pid) => {
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	});
	expect(alive).toEqual([]);
	const leftovers = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((l) => l.includes(folder.replace(/\/n8n$/, '')));
	expect(leftovers).toEqual([]);
});
