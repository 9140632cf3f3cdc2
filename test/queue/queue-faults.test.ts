import { execFileSync } from 'node:child_process';

import { DEMO } from '../../fake-api/demo';
import { loadExample } from '../../scripts/lib/sandbox';
import { boostCalls, inBatches, startTestbed, stopAndFindLeftovers, WEBHOOK_NODE_ID, type Testbed } from './testbed';

/**
 * Faults in n8n's queue mode, measured on n8n 2.41.1 and asserted: a worker killed in the
 * middle of a boost, a worker killed with 500 events queued, Redis stopped for a few seconds,
 * every webhook processor down while the API delivers. The README's "Running in queue mode"
 * explains each figure.
 */

jest.setTimeout(240_000);

const QUEUED = 500;
/** `n8n worker`'s default --concurrency: the most executions one worker holds at once. */
const WORKER_CONCURRENCY = 10;

let bed: Testbed;
let pids: number[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const redisLength = (list: string) =>
	Number(execFileSync('redis-cli', ['-p', String(bed.queue.redis.port), 'llen', `bull:jobs:${list}`], { encoding: 'utf8' }).trim());
/** Nothing waiting or held by a worker (a dead worker's job stays "active" until its lock runs out). */
const queueDrained = () => redisLength('wait') === 0 && redisLength('active') === 0;

async function executionIds(status: string, workflowId = bed.workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId, status: [status] }));
	return (await bed.queue.main.rest<{ results: Array<{ id: string }> }>('GET', `/rest/executions?limit=100&filter=${filter}`)).results.map((e) => e.id);
}

/** Restarts main: n8n's queue recovery runs at its start and marks executions no job holds any more as crashed. */
async function recoverDanglingExecutions() {
	await bed.waitFor('the queue to drain and dead jobs to be released', queueDrained, 120_000);
	await bed.queue.restartMain();
}

beforeAll(async () => {
	bed = await startTestbed('Storefront events (queue faults)', {
		env: {
			// a dead worker's job is found stalled once its lock runs out (n8n's defaults: 60 s lock, 30 s check)
			QUEUE_WORKER_LOCK_DURATION: '10000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
			QUEUE_WORKER_STALLED_INTERVAL: '5000',
			// main re-checks the trigger (checkExists) at start only on n8n's classic activation path (README)
			N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false',
		},
	});
	pids = [bed.queue.main, ...bed.queue.workers, ...bed.queue.webhooks].map((n) => n.pid!);
	await bed.queue.main.activate(bed.workflowId);
	await bed.waitFor('the endpoint', () => bed.endpoints().length === 1);
	for (const w of bed.queue.webhooks) await w.waitUntilServed(`${w.url}/webhook/${WEBHOOK_NODE_ID}/webhook`, 30_000);
}, 10 * 60_000);

afterAll(async () => await bed?.stop());

/** Executions of the workflow by status, for the statuses that have any. */
async function statuses(workflowId = bed.workflowId) {
	const counts: Record<string, number> = {};
	for (const status of ['success', 'error', 'crashed', 'canceled', 'running', 'new', 'waiting']) {
		const n = await bed.count(status, workflowId);
		if (n) counts[status] = n;
	}
	return counts;
}

/**
 * The boost example with its weekly schedule replaced by a Webhook node, so that a production
 * execution starts now. (n8n 2.41.1 cannot retry a crashed *manual* run offloaded to a worker: it
 * stores no start data for it and answers "The execution was aborted before starting".)
 */
function boostOnWebhook(path: string) {
	const example = loadExample('boost-best-post-every-monday.json', bed.credential.id);
	const schedule = example.nodes.find((n: { type: string }) => n.type === 'n8n-nodes-base.scheduleTrigger');
	const start = 'Boost now (webhook)';
	Object.assign(schedule, { name: start, type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} } });
	example.connections[start] = example.connections['Every Monday at 9:00'];
	delete example.connections['Every Monday at 9:00'];
	return { ...example, name: 'Boost the best post (on a webhook)' };
}

test('a worker killed while the API is creating a boost: the execution is lost to n8n, and running the workflow again sends the same Idempotency-Key: still one ad', async () => {
	const { api, queue } = bed;
	const workflow = await queue.main.createWorkflow(boostOnWebhook('boost-now'));
	await queue.main.activate(workflow.id); // its webhook is registered when this returns
	const boostNow = async () => expect((await fetch(`${queue.webhooks[0].url}/webhook/boost-now`, { method: 'POST', body: '{}' })).status).toBe(200);
	const adsBefore = api.ads.ads.size;
	const boosts = () => boostCalls(api);
	const realBoosts = () => boosts().filter((b) => !b.validateOnly);

	// the API takes 8 s over each boost call (it creates the ad after the wait, answered or not)
	api.injectFault({ type: 'delay', ms: 8000 }, 2, { method: 'POST', path: '/v1/ads/boost' });
	await boostNow();
	await bed.waitFor('the real boost call', () => realBoosts().length === 1, 90_000);
	const [executionId] = await executionIds('running', workflow.id);
	const worker = queue.workers.find((w) => w.log.includes(`Worker started execution ${executionId} `));
	expect(worker).toBeDefined();
	await worker!.kill();
	await bed.waitFor('the API to finish creating the ad', () => api.ads.ads.size === adsBefore + 1, 20_000);
	await recoverDanglingExecutions();
	await worker!.start();
	const lost = await queue.main.rest<{ status: string }>('GET', `/rest/executions/${executionId}`);
	expect(['crashed', 'error']).toContain(lost.status);

	// the next run (the next trigger, or a user running it again) boosts the same post
	await boostNow();
	await bed.waitFor('the second run to succeed', async () => (await executionIds('success', workflow.id)).length === 1, 90_000);
	const newAds = [...api.ads.ads.values()].slice(adsBefore);
	expect(newAds).toHaveLength(1);
	expect(newAds[0]).toMatchObject({ requestedStatus: 'paused', accountId: DEMO.socialConnection });
	// Validate Only before each real call; both real calls carry one key, so the API answered the second with the same ad
	expect(boosts().map((b) => b.validateOnly)).toEqual([true, false, true, false]);
	expect(realBoosts()[0].key).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(realBoosts()[1]).toEqual({ validateOnly: false, key: realBoosts()[0].key, status: 200 });
	console.log(`queue mode: worker killed during a boost → execution ${lost.status}; the workflow run again → ${newAds.length} ad, ${realBoosts().length} boost calls with one Idempotency-Key`);
});

test(`a worker killed while ${QUEUED} events are queued: n8n does not hand its jobs to another worker; what it had taken but not started can be retried, what it had started is lost`, async () => {
	const { queue } = bed;
	const successBefore = await bed.count('success');
	await Promise.all(queue.workers.map(async (w) => await w.stop()));
	const answers = await inBatches(QUEUED, (i) => bed.deliver(i, `evt_k${i}`));
	expect(answers.filter((a) => a.status !== 200)).toEqual([]);
	expect(redisLength('wait')).toBe(QUEUED);

	const [victim, survivor] = queue.workers;
	await victim.start();
	await bed.waitFor('the first worker to be busy', async () => (await bed.count('success')) >= successBefore + 50, 60_000);
	await victim.kill();
	await survivor.start();
	await recoverDanglingExecutions();
	await victim.start();
	// a job the dead worker had started ends "error" (its lock ran out: Bull fails a stalled job, n8n
	// does not re-queue it, and replaces the execution's data with the error); one it had taken but
	// not started is left in progress until main's recovery marks it "crashed", its data intact
	const settled = await bed.waitFor('every execution to end', async () => {
		const all = await statuses();
		return (all.success ?? 0) - successBefore + (all.error ?? 0) + (all.crashed ?? 0) === QUEUED ? all : undefined;
	}, 60_000);
	const failed = [...(await executionIds('error')), ...(await executionIds('crashed'))];
	expect(failed.length).toBeGreaterThan(0);
	expect(failed.length).toBeLessThanOrEqual(WORKER_CONCURRENCY);

	// n8n's Retry, as a user would click it in the executions list
	const retried: Record<string, number> = {};
	for (const id of failed) {
		const run = await queue.main.rest<{ status: string }>('POST', `/rest/executions/${id}/retry`, { loadWorkflow: false }, { allowFailure: true });
		retried[run.status ?? 'refused'] = (retried[run.status ?? 'refused'] ?? 0) + 1;
	}
	const ran = (await bed.count('success')) - successBefore;
	console.log(
		`queue mode: worker killed with ${QUEUED} events queued → ${(settled.success ?? 0) - successBefore} succeeded, ${settled.error ?? 0} error, ` +
			`${settled.crashed ?? 0} crashed (what the dead worker held); retried: ${JSON.stringify(retried)} → ${ran} of ${QUEUED} events ran`,
	);
	// what was taken but not started runs on retry; what had started is lost to n8n
	expect(retried.success ?? 0).toBe(settled.crashed ?? 0);
	expect(ran).toBe(QUEUED - (settled.error ?? 0));
});

test('Redis stopped for 5 s: the webhook processors hold the answers until it is back, then every event runs once; no n8n process exits', async () => {
	const { queue } = bed;
	const successBefore = await bed.count('success');
	await queue.redis.stop();
	const started = Date.now();
	const during = inBatches(8, (i) => bed.deliver(i, `evt_r${i}`).catch((error: Error) => ({ status: 0, ms: Date.now() - started, error: error.message })));
	await sleep(5000);
	await queue.redis.start();
	const answers = await during;
	console.log(`queue mode: Redis down 5 s → answers ${answers.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}`);
	await bed.waitFor('the events to run', async () => (await bed.count('success')) - successBefore >= answers.filter((a) => a.status === 200).length, 60_000);
	await sleep(2000);
	expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
	expect((await bed.count('success')) - successBefore).toBe(8);
	expect([queue.main, ...queue.workers, ...queue.webhooks].map((n) => n.running)).toEqual(Array(1 + queue.workers.length + queue.webhooks.length).fill(true));
});

test('every webhook processor down while 50 events are emitted: after main restarts, the trigger re-enables the endpoint and recovers the 10 logged deliveries through the queue, each run once', async () => {
	const { api, queue } = bed;
	const successBefore = await bed.count('success');
	for (const w of queue.webhooks) await w.stop();
	const logged = [];
	for (let i = 0; i < 50; i++) logged.push(...(await api.webhooks.emit('post.published', { post: { id: `queue_down_${i}` } })));
	expect(logged.map((d) => d.error)).toEqual(Array(10).fill('connection_failed'));
	expect(bed.endpoints()[0].is_active).toBe(false);

	for (const w of queue.webhooks) await w.start();
	await queue.restartMain();
	await bed.waitFor('the recovered executions', async () => (await bed.count('success')) - successBefore >= 10, 60_000);
	await sleep(3000);
	const recovered = (await bed.count('success')) - successBefore;
	console.log(`queue mode: processors down, 50 events → ${logged.length} logged failures → ${recovered} executions after main restarted`);
	expect(recovered).toBe(10);
	expect(bed.endpoints()[0].is_active).toBe(true);
	const lost = new Set(logged.map((d) => d.event_id));
	const redelivered = api.webhooks.deliveries.filter((d) => d.redelivery_of !== null && lost.has(d.event_id));
	expect(redelivered.map((d) => d.status)).toEqual(Array(10).fill(200));
	expect(new Set(redelivered.map((d) => d.event_id))).toEqual(lost);
});

test('stopping leaves no n8n, Postgres or Redis process behind', async () => {
	expect(await stopAndFindLeftovers(bed, pids)).toEqual({ alive: [], leftovers: [] });
});
