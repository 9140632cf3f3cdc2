import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { n8nLogger, serveTrigger, triggerHarness } from '../../harness/trigger';

/**
 * Issue 57, finding 4: a captured, validly signed delivery, replayed while the endpoint had more
 * than 1,000 deliveries since, ran the workflow each time (5 replays: 5 runs, 50 log reads): the
 * repeat check read the log from its newest delivery, at most 10 pages, then ran the repeat.
 * Here the fake API delivers to a stand-in for n8n in front of the trigger's webhook()
 * (serveTrigger), and a captured request is sent to webhook() again, as whoever captured it would.
 */

let api: FakeApiServer;
let n8n: Awaited<ReturnType<typeof serveTrigger>>;
afterEach(async () => {
	await n8n.close();
	await api.close();
	jest.restoreAllMocks();
});

type Logged = Awaited<ReturnType<FakeApiServer['webhooks']['emit']>>[number];

async function busyEndpoint() {
	api = await startFakeApi();
	const t = triggerHarness({ apiKey: KEYS.full, baseUrl: api.url }, { events: ['*'] });
	await t.hook('create');
	const endpoint = api.webhooks.endpoints.get(t.staticData()!.webhookId as string)!;
	n8n = await serveTrigger(t);
	endpoint.url = n8n.url;
	return {
		t,
		logReads: () => api.requests.filter((r) => r.method === 'GET' && r.path === `/v1/webhooks/${endpoint.id}/deliveries`),
		/** A new event through the API: its log entry, and the request as n8n got it. */
		emit: async (postId: string, runOutcome = 200) => {
			n8n.state.runOutcome = runOutcome;
			const [logged] = await api.webhooks.emit('post.published', { post: { id: postId } });
			n8n.state.runOutcome = 200;
			return { logged, sent: n8n.received[n8n.received.length - 1] };
		},
		/** The API delivers a logged event again: the same id, a new time and signature. */
		redeliver: async (logged: Logged) => await api.webhooks.deliver(endpoint, logged.event_id, logged.id),
		/** `count` deliveries of other events, `everyMs` apart on the API's clock; `runOutcome(i)`: how the i-th one's run ends. */
		busy: async (count: number, everyMs: number, runOutcome = (_i: number) => 200) => {
			for (let i = 0; i < count; i++) {
				api.advanceClock(everyMs);
				n8n.state.runOutcome = runOutcome(i);
				await api.webhooks.emit('comment.received', { comment: { id: `c${i}` } });
			}
			n8n.state.runOutcome = 200;
		},
	};
}

const timeOf = (sent: { raw: Buffer }) => Date.parse(JSON.parse(sent.raw.toString()).timestamp);

test('finding 4: a captured delivery replayed 5 times after more than 1,000 deliveries since runs the workflow 0 times, with at most one log read per replay, positioned at its time; a new event still runs once', async () => {
	const { t, logReads, emit, busy } = await busyEndpoint();
	const { logged, sent: captured } = await emit('post_captured');
	expect(logged.status).toBe(200);
	api.advanceClock(20_000);
	await busy(1_100, 100);
	expect(n8n.runs).toHaveLength(1_101);
	api.clearRequests();

	const replays = [];
	for (let i = 0; i < 5; i++) replays.push(await t.deliver(captured.raw, captured.headers));
	expect(replays.map((r) => r.items.length)).toEqual([0, 0, 0, 0, 0]);
	expect(replays.map((r) => r.response)).toEqual(Array(5).fill({ received: true, ignored: 'event already processed' }));
	const reads = logReads();
	console.log(`finding 4: 5 replays of a delivery 1,100 deliveries old → ${n8n.runs.length - 1_101} runs, ${reads.length} log reads`);
	expect(reads.length).toBeLessThanOrEqual(5);
	for (const read of reads) expect(read.query).toEqual({ limit: '100', before: new Date(timeOf(captured) + 15_000).toISOString() });

	const fresh = await emit('post_new');
	expect(fresh.logged.status).toBe(200);
	expect(n8n.runs.slice(1_101).map((r) => r.id)).toEqual([fresh.logged.event_id]);
	expect(logReads()).toHaveLength(reads.length);
});

test('finding 4: on the busy endpoint a redelivery (same id, new time) is dropped when its run was acknowledged and runs once when the run failed, one log read each; copies of the failed delivery never run', async () => {
	const { t, logReads, emit, redeliver, busy } = await busyEndpoint();
	const { logged: acknowledged } = await emit('post_ok');
	const { logged: failed, sent: failedSent } = await emit('post_failed', 500);
	expect([acknowledged.status, failed.status]).toEqual([200, 500]);
	api.advanceClock(20_000);
	await busy(1_100, 100);
	const before = n8n.runs.length;
	api.clearRequests();

	// a copy of the delivery whose run failed: not a new attempt of the API's, so it does not run (409, the API would retry a genuine one)
	const copy = await t.deliver(failedSent.raw, failedSent.headers);
	expect([copy.status, copy.items.length]).toEqual([409, 0]);
	expect(logReads()).toHaveLength(1);

	expect((await redeliver(acknowledged)).status).toBe(200);
	expect(n8n.runs).toHaveLength(before);
	expect(logReads()).toHaveLength(2);

	expect((await redeliver(failed)).status).toBe(200);
	expect(n8n.runs.slice(before).map((r) => r.id)).toEqual([failed.event_id]);
	expect(logReads()).toHaveLength(3);

	// the run of the redelivery was acknowledged: copies of the first delivery are dropped, one read in all
	for (let i = 0; i < 5; i++) expect((await t.deliver(failedSent.raw, failedSent.headers)).response).toEqual({ received: true, ignored: 'event already processed' });
	expect(n8n.runs).toHaveLength(before + 1);
	expect(logReads()).toHaveLength(4);
	expect(logReads().every((r) => r.query.before !== undefined)).toBe(true);
});

test('finding 4: more than a page of deliveries around the run: its failed deliveries decide, in a second read; more than a page of those: the repeat does not run (503) and n8n logs why', async () => {
	const { logReads, emit, redeliver, busy } = await busyEndpoint();
	const { logged: acknowledged } = await emit('post_ok');
	const { logged: failed } = await emit('post_failed', 500);
	await busy(150, 10);
	api.clearRequests();
	expect((await redeliver(acknowledged)).status).toBe(200);
	expect((await redeliver(failed)).status).toBe(200);
	expect(n8n.runs.filter((r) => r.id === acknowledged.event_id || r.id === failed.event_id)).toHaveLength(3);
	expect(logReads().map((r) => r.query.failed)).toEqual([undefined, 'true', undefined, 'true']);

	// 150 failed deliveries around the run, between successes (10 failures in a row would turn the endpoint off)
	api.advanceClock(60_000);
	const { logged: storm } = await emit('post_storm');
	await busy(300, 10, (i) => (i % 2 ? 500 : 200));
	const warn = jest.spyOn(n8nLogger(), 'warn').mockImplementation(() => undefined);
	api.clearRequests();
	const repeat = await redeliver(storm);
	expect(repeat).toMatchObject({ status: 503, error: 'http_503' });
	expect(n8n.runs.filter((r) => r.id === storm.event_id)).toHaveLength(1);
	expect(logReads()).toHaveLength(2);
	const said = warn.mock.calls.map((c) => String(c[0])).join('\n');
	expect(said).toContain(`could not check repeated event ${storm.event_id} in the delivery log (more than 100 failed deliveries are logged around the delivery that started its run); not running it now`);
	expect(said).not.toContain(KEYS.full);
	expect(said).not.toContain(api.webhooks.endpoints.values().next().value!.secret);
});
