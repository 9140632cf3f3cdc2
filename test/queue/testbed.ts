import { execFileSync } from 'node:child_process';

import { KEYS, signBody, startFakeApi, type FakeApiServer } from '../../fake-api';
import { DEMO, seedDemo } from '../../fake-api/demo';
import { waitFor as waitUntil } from '../../scripts/lib/n8n';
import { UNCAPPED_CREDENTIAL_NAME } from '../../sandbox/setup';
import { startQueue, type Queue, type QueueOptions } from '../../sandbox/queueMode';
import { heavySuiteTurn } from '../../harness/heavy-suites';
import { triggerWorkflow } from '../../harness/workflows';

/**
 * What the queue-mode suites share: the fake API with demo data, n8n in queue mode
 * (sandbox/queueMode.ts), our credential and a Storefront Trigger → No Operation workflow, plus
 * signed deliveries spread round-robin over the webhook processors (as a load balancer would).
 * A testbed is a heavy suite's: it starts once it has its turn (HEAVY_SUITE_WAIT_MS belongs in the
 * caller's beforeAll timeout) and gives the turn back when stopped.
 */

export const WEBHOOK_NODE_ID = '0b7c9d2e-4f5a-4b6c-8d7e-1f2a3b4c5d6e';

export interface Testbed {
	api: FakeApiServer;
	queue: Queue;
	workflowId: string;
	credential: { id: string; name: string };
	endpoints(): Array<FakeApiServer['webhooks']['endpoints'] extends Map<string, infer E> ? E : never>;
	/** How many executions of the trigger workflow n8n lists (all, or with this status). */
	count(status?: string, workflowId?: string): Promise<number>;
	waitFor<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms?: number): Promise<T>;
	/**
	 * Has the API deliver a post.published event to webhook processor `i % processors` (as a load
	 * balancer would spread them), logged in its delivery log; with `secret`, posts one signed with
	 * that secret instead (a forgery: the API logs nothing).
	 */
	deliver(i: number, id: string, secret?: string): Promise<{ status: number; ms: number }>;
	stop(): Promise<void>;
}

export async function startTestbed(name: string, options: QueueOptions = {}): Promise<Testbed> {
	const release = await heavySuiteTurn(name);
	const api = await startFakeApi();
	await seedDemo(api);
	// the workers and webhook processors boot two at a time, one per core
	const queue = await startQueue({ bootsAtOnce: 2, lean: true, ...options }).catch(async (error) => {
		await api.close();
		await release();
		throw error;
	});
	const credential = await queue.main.createCredential({ apiKey: KEYS.full, baseUrl: `${api.url}/v1/` }, UNCAPPED_CREDENTIAL_NAME);
	const { id: workflowId } = await queue.main.createWorkflow(triggerWorkflow(name, WEBHOOK_NODE_ID, ['post.published'], credential));
	const endpoints = () => [...api.webhooks.endpoints.values()];
	return {
		api,
		queue,
		workflowId,
		credential,
		endpoints,
		async count(status, id = workflowId) {
			const filter = { workflowId: id, ...(status ? { status: [status] } : {}) };
			return (await queue.main.rest<{ count: number }>('GET', `/rest/executions?limit=1&filter=${encodeURIComponent(JSON.stringify(filter))}`)).count;
		},
		waitFor: (what, probe, ms = 30_000) => waitUntil(what, probe, ms, () => queue.main.log),
		async deliver(i, id, secret) {
			const url = `${queue.webhooks[i % queue.webhooks.length].url}/webhook/${WEBHOOK_NODE_ID}/webhook`;
			if (!secret) {
				const endpoint = endpoints().find((e) => e.url.includes(`/webhook/${WEBHOOK_NODE_ID}/`))!;
				api.webhooks.events.set(id, { event: 'post.published', data: { post: { id: `post_${id}` } } });
				const record = await api.webhooks.deliver(endpoint, id, null, 0, url);
				return { status: record.status, ms: record.duration_ms };
			}
			const body = JSON.stringify({ id, event: 'post.published', timestamp: new Date().toISOString(), data: { post: { id: `post_${id}` } } });
			const started = Date.now();
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody(secret, body) },
				body,
				signal: AbortSignal.timeout(30_000),
			});
			await res.text();
			return { status: res.status, ms: Date.now() - started };
		},
		async stop() {
			await queue.stop();
			await api.close();
			await release();
		},
	};
}

export const FINISHED_NODE_ID = '7d1e2f3a-4b5c-4d6e-9f8a-0b1c2d3e4f5a';
export const PAGE_NODE_ID = '3c8f1a6b-2d4e-4f7a-9b0c-5e6d7f8a9b0c';

/**
 * Another activated workflow beside the testbed's: a Storefront Trigger (`webhookId`, with
 * `trigger` parameters) → `step` (one node of ours, using the credential) → No Operation. Its
 * endpoint is registered at the API (the first processor's URL) and served by both processors.
 * `emit(id)` has the API deliver one event to it (and only to it), to processor `at` (default
 * the registered URL), and resolves with the logged attempt.
 */
async function startStepWorkflow(bed: Testbed, name: string, webhookId: string, trigger: Record<string, unknown>, step: { name: string; type: string; parameters: Record<string, unknown> }) {
	const { api, queue, credential } = bed;
	const base = triggerWorkflow(name, webhookId, ['post.published'], credential);
	const [triggerNode, done] = base.nodes;
	const workflow = {
		...base,
		nodes: [
			{ ...triggerNode, parameters: { events: ['post.published'], ...trigger } },
			{ id: 'step', name: step.name, type: `n8n-nodes-storefront.${step.type}`, typeVersion: 1, position: [220, 0], parameters: step.parameters, credentials: triggerNode.credentials },
			{ ...done, position: [440, 0] },
		],
		connections: {
			'Storefront Trigger': { main: [[{ node: step.name, type: 'main', index: 0 }]] },
			[step.name]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
		},
	};
	const { id } = await queue.main.createWorkflow(workflow);
	await queue.main.activate(id);
	const endpoint = await bed.waitFor('the endpoint', () => bed.endpoints().find((e) => e.url.includes(`/webhook/${webhookId}/`)));
	for (const w of queue.webhooks) await w.waitUntilServed(`${w.url}/webhook/${webhookId}/webhook`, 30_000);
	return {
		id,
		endpoint,
		async emit(eventId: string, at?: number) {
			api.webhooks.events.set(eventId, { event: 'post.published', data: { post: { id: `post_${eventId}` } } });
			const url = at === undefined ? endpoint.url : `${queue.webhooks[at % queue.webhooks.length].url}/webhook/${webhookId}/webhook`;
			return await api.webhooks.deliver(endpoint, eventId, null, 0, url);
		},
		/** The API's log for one event: each attempt's status (0: no answer) and error. */
		attempts: (eventId: string) =>
			api.webhooks.deliveries.filter((d) => d.event_id === eventId).map((d) => ({ status: d.status, error: d.error })),
	};
}

/**
 * A second trigger workflow with Acknowledge "When the Workflow Finishes": Storefront Trigger →
 * Storefront Webhooks Get Many (GET /v1/webhooks, so a fault injected there makes the run slow
 * or fail) → No Operation (startStepWorkflow).
 */
export async function startFinishedWorkflow(bed: Testbed) {
	return await startStepWorkflow(bed, 'Storefront events (acknowledged when finished)', FINISHED_NODE_ID, { acknowledge: 'whenFinished' }, {
		name: 'List Webhooks',
		type: 'storefrontWebhooks',
		parameters: { resource: 'webhook', operation: 'getAll', returnAll: true },
	});
}

/** Storefront Trigger → Commerce Page → Create (titled by the event's post) → No Operation (startStepWorkflow). */
export async function startPageWorkflow(bed: Testbed) {
	return await startStepWorkflow(bed, 'Storefront events (a page per event)', PAGE_NODE_ID, {}, {
		name: 'Create Page',
		type: 'storefrontCommerce',
		parameters: { resource: 'page', operation: 'create', accountId: DEMO.store, title: '=Page for {{ $json.data.post.id }}' },
	});
}

/** The boost calls the fake API received, in order: Validate Only or real, with their Idempotency-Key and answer status. */
export function boostCalls(api: FakeApiServer) {
	return api.requests
		.filter((r) => r.method === 'POST' && r.path === '/v1/ads/boost')
		.map((r) => ({
			validateOnly: Boolean((JSON.parse(r.rawBody || '{}') as { validateOnly?: boolean }).validateOnly),
			key: r.headers['idempotency-key'],
			status: r.status,
		}));
}

/** Runs `send(0..n-1)` with 4 requests in flight. */
export async function inBatches<T>(n: number, send: (i: number) => Promise<T>): Promise<T[]> {
	const results: T[] = [];
	for (let i = 0; i < n; i += 4) results.push(...(await Promise.all([i, i + 1, i + 2, i + 3].filter((k) => k < n).map(send))));
	return results;
}

/** Stops the queue and lists what is still running: the given pids, and any process started from its folder. */
export async function stopAndFindLeftovers(bed: Testbed, pids: number[]) {
	const all = [...pids, ...[bed.queue.main, ...bed.queue.workers, ...bed.queue.webhooks].map((n) => n.pid!)];
	const folder = bed.queue.userFolder.replace(/\/n8n$/, '');
	await bed.queue.stop();
	const alive = all.filter((pid) => {
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	});
	const leftovers = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((l) => l.includes(folder));
	return { alive, leftovers };
}
