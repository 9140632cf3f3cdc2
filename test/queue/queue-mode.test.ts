import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { DEMO } from '../../fake-api/demo';
import { OPENAI_BASE } from '../../fake-api/openai';
import { PACKAGE_NAME } from '../../scripts/lib/registry';
import { loadExample, OPENAI_CREDENTIAL_NAME } from '../../sandbox/setup';
import { HEAVY_SUITE_WAIT_MS } from '../../harness/heavy-suites';
import { clickButton, openChat, type ChatButtons } from '../../harness/hostedChat';
import { queueFaultScenarios, QUEUE_FAULTS_ENV, workersSettled } from './faults';
import { boostCalls, inBatches, startPageWorkflow, startTestbed, stopAndFindLeftovers, WEBHOOK_NODE_ID, type Testbed } from './testbed';

/**
 * The package in n8n's queue mode: Postgres, Redis, main (no production webhooks), 2 workers,
 * 2 webhook processors (sandbox/queueMode.ts), each installing the package at boot from a local
 * registry (main through N8N_COMMUNITY_PACKAGES, the others through
 * N8N_REINSTALL_MISSING_PACKAGES). Signed events are spread round-robin over both processors by
 * this test and run by the workers. Then, on the same queue (one boot: five n8n processes, Postgres
 * and Redis take a minute or more on 2 cores), the faults (workers killed, Redis stopped, deliveries
 * failing while the processors are down): faults.ts. The queue boots with the settings the faults
 * need (Bull's locks shortened, n8n's classic activation path), which the scenarios here keep too.
 */

jest.setTimeout(240_000);

/**
 * 100 keeps `npm test` short (4 events in flight at all times over both processors and workers, each
 * run once, as 1,000 are); docs/queue-mode.md's throughput was measured with QUEUE_EVENTS=1000.
 */
const EVENTS = Number(process.env.QUEUE_EVENTS ?? 100);
/** Redeliveries of the latest events, to each processor: 20 prove the per-process memory as 100 did. */
const REDELIVERED = 20;
/** Events of the page workflow, each delivered to both processors. */
const PAGED = 10;
/** Events of the page workflow sent at once under a tight limit, spread over both processors and run by both workers. */
const BURST = 40;

let bed: Testbed;
let pids: number[] = [];

beforeAll(async () => {
	bed = await startTestbed('Storefront events (queue)', { env: QUEUE_FAULTS_ENV });
	pids = [bed.queue.main, ...bed.queue.workers, ...bed.queue.webhooks].map((n) => n.pid!);
}, HEAVY_SUITE_WAIT_MS + 10 * 60_000);

afterAll(async () => await bed?.stop());

test('every process installed the package itself at boot from the registry, into a nodes folder of its own: main from N8N_COMMUNITY_PACKAGES (version and checksum), workers and webhook processors from main\'s record', () => {
	const { main, workers, webhooks, published } = bed.queue;
	expect(main.log).toContain(`Installed community package '${PACKAGE_NAME}@${published.version}' from env`);
	for (const n8n of [...workers, ...webhooks]) {
		expect(n8n.log).toContain('Attempting to reinstall missing packages');
		expect(n8n.log).toContain('Packages reinstalled successfully');
	}
	const boots = [main, ...workers, ...webhooks].map((n8n, i) => `${['main', 'worker1', 'worker2', 'webhook1', 'webhook2'][i]} ${(n8n.startedInMs / 1000).toFixed(1)} s`);
	console.log(`queue mode: boot with the package installed from the registry: ${boots.join(', ')}`);
	const folders = [main, ...workers, ...webhooks].map((n8n) => path.join(n8n.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME));
	expect(new Set(folders).size).toBe(5);
	for (const folder of folders) expect(JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'))).toMatchObject({ name: PACKAGE_NAME, version: published.version });
});

test('activation in queue mode registers exactly one endpoint; both webhook processors serve it', async () => {
	await bed.queue.main.activate(bed.workflowId);
	await bed.waitFor('the endpoint', () => bed.endpoints().length === 1);
	for (const w of bed.queue.webhooks) await w.waitUntilServed(`${w.url}/webhook/${WEBHOOK_NODE_ID}/webhook`, 30_000);
	expect(bed.endpoints()).toHaveLength(1);
	expect(bed.api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/webhooks')).toHaveLength(1);
});

test(`${EVENTS} signed events round-robin over both processors: each answered 2xx within the API's delivery timeout, ${EVENTS} successful executions run by the workers`, async () => {
	const started = Date.now();
	const answers = await inBatches(EVENTS, (i) => bed.deliver(i, `evt_q${i}`));
	const answeredMs = Date.now() - started;
	expect(answers.every((a) => a.status === 200)).toBe(true);
	// the API's delivery log, counted: one delivery per event, each answered 200 (one not answered within the
	// 10 s the API gives a delivery is logged with status 0 and error 'timeout')
	const logged = bed.api.webhooks.deliveries.filter((d) => /^evt_q\d+$/.test(d.event_id));
	expect(logged.map((d) => `${d.status} ${d.error ?? ''}`)).toEqual(Array(EVENTS).fill('200 '));
	expect(new Set(logged.map((d) => d.event_id)).size).toBe(EVENTS);
	await bed.waitFor('all executions to succeed', async () => (await bed.count('success')) >= EVENTS, 180_000);
	const drainedMs = Date.now() - started;
	console.log(
		`queue mode (2 webhook processors, 2 workers, 4 in flight): ${EVENTS} events answered in ${(answeredMs / 1000).toFixed(1)} s ` +
			`(${((EVENTS * 1000) / answeredMs).toFixed(1)}/s, slowest answer ${Math.max(...answers.map((a) => a.ms))} ms), all executed in ${(drainedMs / 1000).toFixed(1)} s (${((EVENTS * 1000) / drainedMs).toFixed(1)}/s)`,
	);
	expect({ all: await bed.count(), success: await bed.count('success') }).toEqual({ all: EVENTS, success: EVENTS });
}, 300_000);

test(`${REDELIVERED} redeliveries of the latest events: dropped by the processor that ran them (its memory, confirmed by a 2xx in the API's delivery log); run again by the other one (the memory is per process, see docs/queue-mode.md)`, async () => {
	const latest = (i: number) => EVENTS - REDELIVERED + i;
	const logReads = () => bed.api.requests.filter((r) => r.method === 'GET' && /^\/v1\/webhooks\/[^/]+\/deliveries$/.test(r.path)).length;
	const readsBefore = logReads();
	const same = await inBatches(REDELIVERED, (i) => bed.deliver(latest(i), `evt_q${latest(i)}`));
	expect(same.map((a) => a.status)).toEqual(Array(REDELIVERED).fill(200));
	await new Promise((r) => setTimeout(r, 3000));
	const afterSame = await bed.count();
	const pagesRead = logReads() - readsBefore;
	const other = await inBatches(REDELIVERED, (i) => bed.deliver(latest(i) + 1, `evt_q${latest(i)}`));
	expect(other.map((a) => a.status)).toEqual(Array(REDELIVERED).fill(200));
	await bed.waitFor('the other processor to run them', async () => (await bed.count('success')) >= EVENTS + REDELIVERED, 60_000);
	const afterOther = await bed.count();
	console.log(
		`queue mode: ${EVENTS} events; ${REDELIVERED} redeliveries to the same processor → ${afterSame - EVENTS} new executions ` +
			`(${pagesRead} delivery-log pages read, ${(pagesRead / REDELIVERED).toFixed(1)} per repeat); ${REDELIVERED} to the other processor → ${afterOther - afterSame} new executions`,
	);
	expect({ sameProcessor: afterSame - EVENTS, otherProcessor: afterOther - afterSame }).toEqual({ sameProcessor: 0, otherProcessor: REDELIVERED });
	expect(logReads() - readsBefore).toBe(pagesRead); // a first delivery (at the other processor) reads no log
});

test('forged deliveries get 401 at either processor and start nothing', async () => {
	const before = await bed.count();
	for (const i of [0, 1]) expect((await bed.deliver(i, `evt_forged${i}`, 'whsec_attacker')).status).toBe(401);
	await new Promise((r) => setTimeout(r, 1500));
	expect(await bed.count()).toBe(before);
});

test('deactivation deletes the endpoint; 20 activate/deactivate cycles leave 0 endpoints', async () => {
	await bed.queue.main.deactivate(bed.workflowId);
	await bed.waitFor('the endpoint to be deleted', () => bed.endpoints().length === 0);
	for (let cycle = 0; cycle < 20; cycle++) {
		await bed.queue.main.activate(bed.workflowId);
		await bed.waitFor('the endpoint', () => bed.endpoints().length === 1);
		await bed.queue.main.deactivate(bed.workflowId);
		await bed.waitFor('the endpoint to be deleted', () => bed.endpoints().length === 0);
	}
	const created = bed.api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/webhooks' && r.status === 201).length;
	const deleted = bed.api.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/webhooks/') && r.status === 200).length;
	console.log(`queue mode: 21 activations → ${created} endpoints created, ${deleted} deleted, ${bed.endpoints().length} left`);
	expect({ created, deleted, left: bed.endpoints().length }).toEqual({ created: 21, deleted: 21, left: 0 });
});

test(`${PAGED} events each run by both webhook processors, through Trigger → Create Page: every repeat runs, one page per event (keys made from the event); then a burst of ${BURST} under 10 requests per 2 s over both workers: none fails`, async () => {
	const wf = await startPageWorkflow(bed);
	const ids = Array.from({ length: PAGED }, (_, i) => `evt_page${i}`);
	const half = PAGED / 2;
	const succeeded = async (n: number) => await bed.waitFor(`${n} successful executions`, async () => (await bed.count('success', wf.id)) >= n, 60_000);
	// half at the same moment at both processors; half at one processor, then, once run, at the other
	const together = await Promise.all(ids.slice(0, half).flatMap((id) => [wf.emit(id, 0), wf.emit(id, 1)]));
	const first = await Promise.all(ids.slice(half).map((id) => wf.emit(id, 0)));
	await succeeded(2 * half + half);
	const later = await Promise.all(ids.slice(half).map((id) => wf.emit(id, 1)));
	await succeeded(2 * PAGED);
	expect([...together, ...first, ...later].map((d) => d.status)).toEqual(Array(2 * PAGED).fill(200));
	const pages = bed.api.commerce.store(DEMO.store).pages;
	const perEvent = ids.map((id) => pages.filter((p) => p.title === `Page for post_${id}`).length);
	const executions = { all: await bed.count(undefined, wf.id), success: await bed.count('success', wf.id) };
	console.log(
		`queue mode: ${PAGED} events each delivered to both webhook processors (${half} at the same moment, ${half} one after the other) → ` +
			`${executions.all} executions (${executions.success} successful), pages per event ${perEvent.join(',')}`,
	);
	expect(executions).toEqual({ all: 2 * PAGED, success: 2 * PAGED });
	expect(perEvent).toEqual(ids.map(() => 1));

	// a burst through the same workflow: both workers share one API key's limit and nothing else
	const burst = Array.from({ length: BURST }, (_, i) => `evt_burst${i}`);
	bed.api.setRealistic({ fixedWindow: { requests: 10, seconds: 2 }, latencyMs: 5, jitterMs: 3 });
	bed.api.resetStats();
	try {
		const answers = await Promise.all(burst.map((id, i) => wf.emit(id, i % 2)));
		expect(answers.map((d) => d.status)).toEqual(burst.map(() => 200));
		await bed.waitFor(`${BURST} more finished executions`, async () => (await bed.count('success', wf.id)) + (await bed.count('error', wf.id)) >= 2 * PAGED + BURST, 90_000);
	} finally {
		bed.api.setRealistic(false);
	}
	const creates = bed.api.requests.filter((q) => q.method === 'POST' && q.path === '/v1/commerce/pages' && burst.some((id) => (q.body as { title?: string })?.title === `Page for post_${id}`));
	const refused = creates.filter((q) => q.status === 429).length;
	const burstPages = burst.map((id) => pages.filter((p) => p.title === `Page for post_${id}`).length);
	console.log(`queue mode: a burst of ${BURST} events over 2 workers under 10 requests per 2 s → ${(await bed.count('success', wf.id)) - 2 * PAGED} successful executions, ${creates.length} creates sent, ${refused} refused (429)`);
	expect(await bed.count('error', wf.id)).toBe(0);
	expect(await bed.count('success', wf.id)).toBe(2 * PAGED + BURST);
	expect(burstPages).toEqual(burst.map(() => 1));
	expect(refused / creates.length).toBeLessThanOrEqual(0.15);
	await bed.queue.main.deactivate(wf.id);
});

test('the boost example run twice by the workers: validated first, PAUSED, and no post boosted twice (the second run skips the post the first boosted: issue 68)', async () => {
	const example = loadExample('boost-best-post-every-monday.json', bed.credential.id);
	const workflow = await bed.queue.main.createWorkflow(example);
	const adsBefore = bed.api.ads.ads.size;
	for (let run = 0; run < 2; run++) {
		const execution = await bed.queue.main.runManually(workflow.id, 'Every Monday at 9:00', 120_000);
		expect(execution.status).toBe('success');
	}
	const newAds = [...bed.api.ads.ads.values()].slice(adsBefore);
	expect(newAds).toHaveLength(2);
	for (const ad of newAds) expect(ad).toMatchObject({ requestedStatus: 'paused', accountId: DEMO.socialConnection });
	const posts = newAds.map((a) => (a.creative as { postId?: string }).postId);
	expect(new Set(posts).size).toBe(2);
	const boosts = boostCalls(bed.api);
	expect(boosts.map((b) => b.validateOnly)).toEqual([true, false, true, false]);
	const keys = boosts.filter((b) => !b.validateOnly).map((b) => b.key);
	expect(keys[0]).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(keys[1]).not.toBe(keys[0]);
	console.log(`queue mode: boost example run twice on the workers → ${newAds.length} ads, one per post`);
});

test('the approval example (human review in the chat): the review reaches the chat through a webhook processor, the Approve click resumes the execution on a worker, and the boost runs once', async () => {
	const openAi = await bed.queue.main.rest<{ id: string }>('POST', '/rest/credentials', {
		name: OPENAI_CREDENTIAL_NAME,
		type: 'openAiApi',
		data: { apiKey: 'sk-queue-any-key', url: `${bed.api.url}${OPENAI_BASE}`, organizationId: '', header: false },
	});
	const example = loadExample('ai-ad-assistant-with-approval.json', bed.credential.id, openAi.id);
	const webhookId = randomUUID();
	const trigger = example.nodes.find((n: { type: string }) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger');
	Object.assign(trigger, { webhookId, parameters: { ...trigger.parameters, public: true } });
	const workflow = await bed.queue.main.createWorkflow({ ...example, name: `${example.name} (queue)` });
	await bed.queue.main.activate(workflow.id);
	const adsBefore = bed.api.ads.ads.size;
	const boosts = () => boostCalls(bed.api).length;
	const boostsBefore = boosts();

	const session = await openChat(`${bed.queue.webhooks[0].url}/webhook/${webhookId}/chat`, 'Boost our best post at 15 a day', bed.waitFor);
	const review = JSON.parse(await session.next()) as ChatButtons;
	expect(review.text).toContain('- Budget: 15 USD a day (daily budget)');
	expect(boosts()).toBe(boostsBefore);
	expect(await clickButton(review, 'Approve')).toBe(200);
	const answer = await session.next();
	session.close();

	const newAds = [...bed.api.ads.ads.values()].slice(adsBefore);
	expect(newAds).toHaveLength(1);
	expect(newAds[0]).toMatchObject({ requestedStatus: 'paused', budget: { amount: 15, type: 'daily' }, accountId: DEMO.socialConnection });
	expect(boosts()).toBe(boostsBefore + 1);
	expect(answer).toContain(`Approved: ad ${newAds[0].id}`);
	const execution = await bed.waitFor('the execution to finish', async () => {
		const e = await bed.queue.main.execution(session.executionId);
		return ['new', 'running', 'waiting'].includes(e.status) ? undefined : e;
	});
	expect(execution.status).toBe('success');
	await bed.queue.main.deactivate(workflow.id);
});

describe('faults', () => queueFaultScenarios(() => bed));

test('stopping leaves no n8n, Postgres or Redis process behind', async () => {
	await workersSettled(); // nothing left booting
	expect(await stopAndFindLeftovers(bed, pids)).toEqual({ alive: [], leftovers: [] });
});
