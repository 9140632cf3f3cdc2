import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

import { ExecuteSingleContext } from 'n8n-core';
import type { IDataObject, INodeType } from 'n8n-workflow';

import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { seedPages } from '../commerce/helpers';
import { ROOT, tsProcessArgs } from '../../harness/child';
import { shapeDelivery } from '../../fake-api/webhooks';
import { activate, pageAndRedirect, PAGE, REDIRECT, receiveAndRun, STORE, summary, type PageAndRedirect, type RunSummary, type SignedDelivery } from '../../harness/events';
import { chain, fromDelivery, manually, ourNode, outputOf, retry, TRIGGER, type WorkflowSpec } from '../../harness/execution';

/**
 * One effect per event (nodes/shared/wire/idempotency.ts `eventOf`): n8n runs one event twice when a repeat
 * reaches another webhook processor, when a redelivery follows a lost acknowledgement, after a
 * restart. Every automatic Idempotency-Key of an execution the Storefront Trigger started is
 * made from the event, so the second run gets the first run's results and creates nothing.
 * Through n8n-core: the API's signed deliveries, the Trigger's webhook(), the executions they start.
 */

let api: FakeApiServer;
// spending caps off: the spending-call case below creates an ad
const credentials = () => ({ apiKey: KEYS.full, baseUrl: api.url, limitSpending: false });
// the second n8n process of the last test, started first: it loads n8n-core and our nodes while the other tests run
let other: Processor;
beforeAll(() => (other = startProcessor()));
afterAll(async () => await other.stop());
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

/** One delivery of event `id` as the API signs it; each call is a new one (a redelivery: new timestamp, new signature). */
function delivery(secret: string, id: string, data: IDataObject): SignedDelivery {
	const { body, signature } = shapeDelivery('plain', secret, id, 'post.published', data, new Date());
	return { body, headers: { 'content-type': 'application/json', ...signature } };
}

const post = (n: number) => ({ post: { id: `post_${n}`, caption: `Drop ${n}` } });
const pages = () => api.commerce.store(STORE).pages;
const redirects = () => api.commerce.store(STORE).redirects;
/** Pages and redirects made for event n (its post's caption is the title). */
function made(n: number) {
	const ids = pages().filter((p) => p.title === `Drop ${n}`).map((p) => p.id);
	return { pages: ids.length, redirects: redirects().filter((r) => ids.some((id) => r.path === `/go/${id}`)).length };
}

let executions = 0;
async function setup(options: PageAndRedirect = {}) {
	const spec = await activate(pageAndRedirect(options), credentials());
	/** A webhook processor receives a delivery of event `id` and runs it (each call a new execution). */
	const run = async (id: string, data: IDataObject = post(1)) => {
		const { status, run } = await receiveAndRun(spec, credentials(), delivery(spec.secret, id, data), `exec-${++executions}`);
		expect(status).toBe(200);
		return run!;
	};
	return { spec, run };
}

describe('the same event run twice: done once', () => {
	test('a repeat run by a second execution gets the first page and redirect back; nothing new is made', async () => {
		const { run } = await setup();
		const first = await run('evt_1');
		const second = await run('evt_1');
		expect([first.status, second.status]).toEqual(['success', 'success']);
		expect(made(1)).toEqual({ pages: 1, redirects: 1 });
		expect(outputOf(second, PAGE).json).toEqual(outputOf(first, PAGE).json);
		expect(outputOf(second, REDIRECT).json).toEqual(outputOf(first, REDIRECT).json);
		const creates = api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/commerce/'));
		expect(creates.map((r) => [r.path, r.replayed])).toEqual([
			['/v1/commerce/pages', false],
			['/v1/commerce/redirects', false],
			['/v1/commerce/pages', true],
			['/v1/commerce/redirects', true],
		]);
		// keyed by the event, not by the execution
		expect(creates[2].headers['idempotency-key']).toBe(creates[0].headers['idempotency-key']);
	});

	test('the paired trigger types (here Storefront Commerce Trigger) with Simplify on: the same', async () => {
		const { run } = await setup({ trigger: 'storefrontCommerceTrigger', triggerOptions: { simplify: true }, title: '={{ $json.post.caption }}' });
		await run('evt_1');
		await run('evt_1');
		expect(made(1)).toEqual({ pages: 1, redirects: 1 });
	});

	test('"Retry execution" of a run that failed at the redirect: the page is not made again, the redirect once', async () => {
		const { spec, run } = await setup();
		api.injectFault({ type: 'status', status: 400 }, 1, { method: 'POST', path: '/v1/commerce/redirects' });
		const failed = await run('evt_1');
		expect(failed.status).toBe('error');
		expect(made(1)).toEqual({ pages: 1, redirects: 0 });
		const retried = await retry(spec, failed, 'exec-failed', { credentials: credentials(), executionId: `exec-${++executions}` });
		expect(retried.status).toBe('success');
		expect(made(1)).toEqual({ pages: 1, redirects: 1 });
		// and a repeat of the event afterwards, in another execution, makes nothing either
		await run('evt_1');
		expect(made(1)).toEqual({ pages: 1, redirects: 1 });
	});

	test('after the API\'s 24-hour key window a repeat is new work: it creates', async () => {
		const { run } = await setup();
		await run('evt_1');
		api.advanceClock(25 * 3600 * 1000);
		await run('evt_1');
		expect(made(1)).toEqual({ pages: 2, redirects: 2 });
	});
});

describe('what still creates anew', () => {
	test('two different events about the same post each do their work', async () => {
		const { run } = await setup();
		await run('evt_1', post(1));
		await run('evt_2', post(1));
		expect(made(1)).toEqual({ pages: 2, redirects: 2 });
	});

	test('manual runs ("Execute workflow" with the event pinned) create anew each time, after a production run of that event too', async () => {
		const { spec, run } = await setup();
		const production = await run('evt_1');
		const pinned = outputOf(production, TRIGGER).items.map(({ json }) => ({ json }));
		for (let i = 0; i < 2; i++) {
			const manual = await manually(spec, pinned, { credentials: credentials(), executionId: `exec-${++executions}` });
			expect(manual.status).toBe('success');
		}
		expect(made(1)).toEqual({ pages: 3, redirects: 3 });
	});

	test('Once per Event turned off (Request Options): every execution creates', async () => {
		const { run } = await setup({ requestOptions: { oncePerEvent: false } });
		await run('evt_1');
		await run('evt_1');
		expect(made(1)).toEqual({ pages: 2, redirects: 2 });
	});

	test('a workflow with another trigger beside the Storefront Trigger: the executions the other one starts are keyed by the execution', async () => {
		// another package's trigger, started by its own webhook (mode 'webhook', as our deliveries) or on a schedule
		// (mode 'trigger'); its item even carries an `id` like an event's. In mode 'webhook' the node finds the
		// Storefront Trigger among its parents and must see that it did not start this execution.
		const other: INodeType = {
			description: { displayName: 'Other Trigger', name: 'otherTrigger', group: ['trigger'], version: 1, description: '', defaults: {}, inputs: [], outputs: ['main'], properties: [] },
			trigger: async () => ({}),
		};
		const base = pageAndRedirect();
		const spec: WorkflowSpec = {
			...base,
			nodes: [...base.nodes, { id: 'other-trigger', name: 'Other Trigger', type: 'other.otherTrigger', typeVersion: 1, position: [0, 200], parameters: {} }],
			connections: { ...base.connections, ...chain('Other Trigger', PAGE) },
			types: { 'other.otherTrigger': other },
		};
		const item = [{ json: { id: 'evt_1', data: post(1) } }];
		for (const mode of ['webhook', 'webhook', 'trigger'] as const) {
			const run = await fromDelivery(spec, item, { credentials: credentials(), executionId: `exec-${++executions}`, startNode: 'Other Trigger', mode });
			expect(run.status).toBe('success');
		}
		expect(made(1)).toEqual({ pages: 3, redirects: 3 });
	});

	test('items of one run: each item\'s request happens, equal requests of different items included; a repeat of the event makes none again', async () => {
		// Trigger → Page Get Many (3 seeded pages, two with the same handle) → Page Create titled by each page's handle
		const base = pageAndRedirect();
		const copy = { ...base.nodes[1], name: 'Copy Page', parameters: { ...base.nodes[1].parameters, title: '=Copy of {{ $json.handle }}' } };
		const list = ourNode('List Pages', 'storefrontCommerce', { resource: 'page', operation: 'getAll', accountId: STORE, returnAll: true, filters: { query: 'title:seed' } }, 1);
		const spec = await activate(
			{
				...base,
				nodes: [base.nodes[0], list, copy],
				connections: chain(TRIGGER, 'List Pages', 'Copy Page'),
			},
			credentials(),
		);
		for (const [id, handle] of [['gid_page_a', 'same'], ['gid_page_b', 'same'], ['gid_page_c', 'other']]) {
			pages().push({ id, accountId: STORE, platform: 'hostedstore', title: `seed ${id}`, handle, bodyHtml: '', isPublished: true, publishedAt: null, createdAt: '', updatedAt: '' });
		}
		const copies = () => pages().filter((p) => p.title.startsWith('Copy of')).map((p) => p.title);
		for (let i = 0; i < 2; i++) {
			const { run } = await receiveAndRun(spec, credentials(), delivery(spec.secret, 'evt_1', post(1)), `exec-${++executions}`);
			expect(run!.status).toBe('success');
			expect(copies()).toEqual(['Copy of same', 'Copy of same', 'Copy of other']);
		}
	});
});

test('the event is looked up once per node run, not per item: 12 items, one look at the parent nodes and one workflow data proxy', async () => {
	const base = pageAndRedirect();
	const list = ourNode('List Pages', 'storefrontCommerce', { resource: 'page', operation: 'getAll', accountId: STORE, returnAll: true }, 1);
	const copy = { ...base.nodes[1], name: 'Copy Page', parameters: { ...base.nodes[1].parameters, title: '=Copy of {{ $json.handle }}' } };
	const spec = await activate({ ...base, nodes: [base.nodes[0], list, copy], connections: chain(TRIGGER, 'List Pages', 'Copy Page') }, credentials());
	seedPages(api, 12);
	const parents = jest.spyOn(ExecuteSingleContext.prototype, 'getParentNodes');
	const proxies = jest.spyOn(ExecuteSingleContext.prototype, 'getWorkflowDataProxy');
	try {
		const { run } = await receiveAndRun(spec, credentials(), delivery(spec.secret, 'evt_1', post(1)), `exec-${++executions}`);
		expect(outputOf(run!, 'Copy Page').json).toHaveLength(12);
		expect({ parents: parents.mock.calls.length, proxies: proxies.mock.calls.length }).toEqual({ parents: 1, proxies: 1 });
	} finally {
		parents.mockRestore();
		proxies.mockRestore();
	}
});

describe('the other kinds of POST in a run an event started', () => {
	const rl = (value: string) => ({ __rl: true, mode: 'id', value });
	/** Trigger → one node of ours, activated; `run(id)` delivers event `id` and runs it. */
	async function withNode(type: string, parameters: Record<string, unknown>) {
		const base = pageAndRedirect();
		const spec = await activate({ ...base, nodes: [base.nodes[0], ourNode('Act', type, parameters as never, 1)], connections: chain(TRIGGER, 'Act') }, credentials());
		return async (id: string, data: IDataObject) => {
			const { run } = await receiveAndRun(spec, credentials(), delivery(spec.secret, id, data), `exec-${++executions}`);
			expect(run!.status).toBe('success');
			return outputOf(run!, 'Act').json;
		};
	}
	const order = { post: { id: 'post_1', publishedAt: '2026-11-20T10:00:00Z' }, customer: { email: 'a@example.com' } };

	test('a custom operation (Conversion → Send from incoming items, apiRequest): sent once per event', async () => {
		const run = await withNode('storefrontAds', {
			resource: 'conversion',
			operation: 'send',
			accountId: rl('acc_social1'),
			destinationId: 'px_1',
			userEmailField: 'data.customer.email',
			eventTimeField: 'data.post.publishedAt',
		});
		const first = await run('evt_1', order);
		expect(await run('evt_1', order)).toEqual(first);
		expect(api.conversions).toHaveLength(1);
		await run('evt_2', order);
		expect(api.conversions).toHaveLength(2);
	});

	test('a POST that only reads (Targeting → Get Bid Pricing) keeps the execution\'s key: a repeat asks again', async () => {
		const run = await withNode('storefrontAds', { resource: 'targeting', operation: 'getBidPricing', accountId: rl('acc_pro1'), adAccountId: rl('501'), spec: { countries: 'US' } });
		await run('evt_1', order);
		await run('evt_1', order);
		const asked = api.requests.filter((r) => r.path === '/v1/ads/targeting/bid-pricing');
		expect(asked.map((r) => r.replayed)).toEqual([false, false]);
		expect(asked[1].headers['idempotency-key']).not.toBe(asked[0].headers['idempotency-key']);
	});

	test('a spending call (Ad → Create) keeps its workflow key: the same in an event\'s run and in a manual run', async () => {
		const base = pageAndRedirect();
		const create = ourNode('Act', 'storefrontAds', {
			resource: 'ad',
			operation: 'create',
			network: 'socialnet',
			accountId: rl('acc_social1'),
			adAccountId: rl('act_1001'),
			name: 'Drop',
			goal: 'traffic',
			budgetAmount: 25,
			budgetType: 'daily',
			headline: 'Linen',
			body: 'Cool',
			linkUrl: 'https://shop.example.com/a',
			imageUrl: 'https://cdn.example.com/a.jpg',
			callToAction: 'SHOP_NOW',
		}, 1);
		const spec = await activate({ ...base, nodes: [base.nodes[0], create], connections: chain(TRIGGER, 'Act') }, credentials());
		const { run } = await receiveAndRun(spec, credentials(), delivery(spec.secret, 'evt_1', order), `exec-${++executions}`);
		const pinned = outputOf(run!, TRIGGER).items.map(({ json }) => ({ json }));
		expect((await manually(spec, pinned, { credentials: credentials(), executionId: `exec-${++executions}` })).status).toBe('success');
		const creates = api.requests.filter((r) => r.path === '/v1/ads/create');
		expect(creates.map((r) => r.replayed)).toEqual([false, true]);
		expect(creates[1].headers['idempotency-key']).toBe(creates[0].headers['idempotency-key']);
		expect(api.ads.ads.size).toBe(1);
	});
});

test('a repeat whose fields differ ($now in the title) is refused, explained on the item; nothing new is made', async () => {
	const { spec, run } = await setup({ title: "={{ $json.data.post.caption }} at {{ $now.toMillis() }}" });
	await run('evt_1');
	await new Promise((r) => setTimeout(r, 5));
	const second = await run('evt_1');
	expect(second.status).toBe('error');
	const error = outputOf(second, PAGE).error as (Error & { description?: string; httpCode?: string }) | undefined;
	expect(error?.httpCode).toBe('409');
	expect(error?.message).toBe('This event\'s "Create a page" was already done by an earlier execution');
	expect(error?.description).toContain('n8n ran event evt_1 before');
	expect(error?.description).toContain('keep values that change from run to run');
	expect(error?.description).toContain('turn off "Once per Event" under Request Options');
	expect(pages()).toHaveLength(1);

	// with Continue On Fail the explanation is the item's, paired with its input
	spec.nodes[1] = { ...spec.nodes[1], onError: 'continueRegularOutput' };
	const { run: kept } = await receiveAndRun(spec, credentials(), delivery(spec.secret, 'evt_1', post(1)), `exec-${++executions}`);
	const [item] = outputOf(kept!, PAGE).items;
	expect(item.pairedItem).toEqual({ item: 0 });
	expect((item.error as Error | undefined)?.message).toBe('This event\'s "Create a page" was already done by an earlier execution');
	expect(pages()).toHaveLength(1);
});

describe('two n8n processes (two webhook processors), each running every event: 10 events, 1 page and 1 redirect each', () => {
	const EVENTS = 10;

	test('this process and another one each run every event: half at the same moment, half in the other process after this one ran them', async () => {
		const spec = await activate(pageAndRedirect(), credentials());
		await other.ready;
		const sent = (n: number, where: string) => ({ executionId: `${where}-${n}`, delivery: delivery(spec.secret, `evt_${n}`, post(n)) });
		const all = Array.from({ length: EVENTS }, (_, n) => n);
		const half = EVENTS / 2;
		const here = async (n: number) => {
			const { executionId, delivery: d } = sent(n, 'here');
			const { status, run } = await receiveAndRun(spec, credentials(), d, executionId);
			return summary(executionId, status, run);
		};
		// at the same moment: this process gets every event while the other gets the first half
		const [ranHere, ranThere] = await Promise.all([Promise.all(all.map(here)), other.run(spec, all.slice(0, half).map((n) => sent(n, 'there')))]);
		// later: the other process gets the second half (new deliveries of the same events)
		const laterThere = await other.run(spec, all.slice(half).map((n) => sent(n, 'there')));
		const runs = [...ranHere, ...ranThere, ...laterThere];
		expect(runs.map((r) => [r.status, r.finished, r.error?.message])).toEqual(runs.map(() => [200, 'success', undefined]));
		const perEvent = all.map(made);
		console.log(
			`two processes, ${EVENTS} events, ${runs.length} executions (${half} events at the same moment, ${half} later): ` +
				`pages per event ${perEvent.map((m) => m.pages).join(',')}; redirects per event ${perEvent.map((m) => m.redirects).join(',')}`,
		);
		expect(perEvent).toEqual(all.map(() => ({ pages: 1, redirects: 1 })));
		// both processes' runs of an event output the same page and redirect
		for (const n of all) expect(new Set(runs.filter((r) => r.executionId.endsWith(`-${n}`)).map((r) => JSON.stringify([r.page, r.redirect]))).size).toBe(1);
	}, 120_000);
});

interface Processor {
	/** Resolves once the process has loaded n8n-core and our nodes (event-processor.child.ts loads them before it says READY). */
	ready: Promise<unknown>;
	run(spec: WorkflowSpec, runs: Array<{ executionId: string; delivery: SignedDelivery }>): Promise<RunSummary[]>;
	stop(): Promise<void>;
}

/** A webhook processor in a Node process of its own (event-processor.child.ts). */
function startProcessor(): Processor {
	const child: ChildProcessWithoutNullStreams = spawn(process.execPath, tsProcessArgs(path.join(__dirname, 'event-processor.child.ts')), {
		cwd: ROOT,
		env: { ...process.env, N8N_LOG_LEVEL: 'silent' },
	});
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
	const next = async (prefix: string) => {
		for (;;) {
			const { value, done } = await lines.next();
			if (done) throw new Error(`the other processor ended: ${stderr}`);
			if ((value as string).startsWith(prefix)) return (value as string).slice(prefix.length);
		}
	};
	const ready = next('READY');
	ready.catch(() => undefined);
	return {
		ready,
		async run(spec, runs) {
			child.stdin.write(`${JSON.stringify({ spec, credentials: credentials(), runs })}\n`);
			return JSON.parse(await next('RESULT ')) as RunSummary[];
		},
		// until it has exited: a child still running when the suite ends holds Jest's worker open
		async stop() {
			if (child.exitCode !== null || child.signalCode !== null) return;
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill();
			await exited;
		},
	};
}
