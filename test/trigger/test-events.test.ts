import type { INodeParameters } from 'n8n-workflow';

import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { ADS_EVENTS } from '../../nodes/shared/events';
import { TEST_EVENT_DELAY_MS } from '../../nodes/StorefrontTrigger/testEvent';
import { serveTrigger, triggerHarness, type TriggerRun } from '../../harness/trigger';

/**
 * Who can start the workflow with a test event (issue 67, item 6), judged by outcome: whether the
 * trigger's webhook() starts an execution (n8n-core's WebhookContext) for what the fake API
 * really delivers. Anyone holding the API key can have the API send `webhook.test` to an endpoint
 * (POST /v1/webhooks/{id}/test, or a model given Webhooks → Send Test Event): All Events does not
 * let that start a published workflow; choosing Webhook Test by name does, and so does the editor
 * listening for a test event, where the trigger asks for one itself (issue 68, item 2).
 */

let api: FakeApiServer;
let served: Awaited<ReturnType<typeof serveTrigger>> | undefined;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => {
	await served?.close();
	served = undefined;
	await api.close();
});

/** The trigger's endpoint registered (published, or listening in the editor) and pointed at a stand-in for n8n that runs webhook(). */
async function registered(parameters: INodeParameters, run: TriggerRun = {}) {
	const t = triggerHarness({ apiKey: KEYS.full, baseUrl: api.url }, parameters, undefined, run);
	expect(await t.hook('create')).toBe(true);
	// what n8n's address is to the API: the stand-in, registered before the trigger asks for any test event
	served = await serveTrigger(t);
	const endpoint = api.webhooks.endpoints.get(t.staticData()!.webhookId as string)!;
	endpoint.url = served.url;
	return { t, endpoint, runs: served.runs, received: served.received };
}

const sendTest = async (webhookId: string) =>
	await fetch(`${api.url}/v1/webhooks/${webhookId}/test`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' }, body: '{}' });

const testRequests = () => api.requests.filter((r) => r.method === 'POST' && /^\/v1\/webhooks\/[^/]+\/test$/.test(r.path));

async function until(what: string, done: () => boolean, timeoutMs = 30_000) {
	const started = Date.now();
	while (!done()) {
		if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await new Promise((r) => setTimeout(r, 50));
	}
}

/** Waits past the moment the trigger would ask for a test event, so that "none was asked for" means something. */
const pastTheTestEventDelay = async () => await new Promise((r) => setTimeout(r, TEST_EVENT_DELAY_MS + 500));

describe('a published workflow', () => {
	test('All Events: a test event anyone with the key sends starts nothing (acknowledged, so the API does not retry); real events run', async () => {
		const { endpoint, runs, received } = await registered({ events: ['*'] });
		expect((await sendTest(endpoint.id)).status).toBe(200);
		expect(received).toHaveLength(1);
		expect(runs).toEqual([]);
		expect(api.webhooks.deliveries.at(-1)).toMatchObject({ event_type: 'webhook.test', status: 200, error: null });
		await api.webhooks.emit('post.published', { post: { id: 'post_1' } });
		expect(runs.map((r) => r.event)).toEqual(['post.published']);
	});

	test('Events left untouched (the default): the same', async () => {
		const { endpoint, runs } = await registered({});
		await sendTest(endpoint.id);
		await api.webhooks.emit('comment.received', { comment: { id: 'c_1' } });
		expect(runs.map((r) => r.event)).toEqual(['comment.received']);
	});

	test('Webhook Test chosen by name: the test event runs', async () => {
		const { endpoint, runs } = await registered({ events: ['webhook.test'] });
		await sendTest(endpoint.id);
		expect(runs.map((r) => r.event)).toEqual(['webhook.test']);
	});

	test('All Events and Webhook Test: every event, the test event too', async () => {
		const { endpoint, runs } = await registered({ events: ['*', 'webhook.test'] });
		await sendTest(endpoint.id);
		await api.webhooks.emit('message.received', { message: { id: 'm_1' } });
		expect(runs.map((r) => r.event)).toEqual(['webhook.test', 'message.received']);
	});

	test('activation never asks the API for a test event', async () => {
		const { runs } = await registered({ events: ['*', 'webhook.test'] });
		await pastTheTestEventDelay();
		expect(testRequests()).toEqual([]);
		expect(runs).toEqual([]);
	});
});

describe('the Storefront Ads Trigger: All Ads Events means its own events', () => {
	test('registers exactly the ads events, runs them, and neither a test event nor an event of another kind', async () => {
		const { endpoint, runs } = await registered({}, { type: 'storefrontAdsTrigger' });
		expect(api.requests.find((r) => r.path === '/v1/webhooks')!.body).toMatchObject({ events: [...ADS_EVENTS].sort() });
		await sendTest(endpoint.id);
		for (const type of ADS_EVENTS) await api.webhooks.emit(type as 'post.published', { n: type });
		// even were the API to deliver it (an endpoint changed behind n8n's back), an event it did not choose does not run
		endpoint.events = [];
		await api.webhooks.emit('message.received', { message: { id: 'm_1' } });
		expect(runs.map((r) => r.event)).toEqual([...ADS_EVENTS]);
	});
});

describe('the editor listening for a test event (n8n\'s manual mode, its test URL)', () => {
	test('the trigger asks the API for a test event once n8n has stored the secret, and it runs, whatever Events holds', async () => {
		const { t, endpoint, runs } = await registered({ events: ['post.published'] }, { manual: true });
		expect(endpoint.events).toEqual(['post.published']);
		expect(api.requests.find((r) => r.path === '/v1/webhooks')!.body).toMatchObject({ url: t.url });
		expect(t.url).toContain('/webhook-test/');
		await until('the test event to run the workflow', () => runs.length > 0);
		expect(testRequests().map((r) => r.path)).toEqual([`/v1/webhooks/${endpoint.id}/test`]);
		expect(runs).toEqual([expect.objectContaining({ event: 'webhook.test', data: expect.objectContaining({ message: 'This is a test event' }) })]);
	});

	test('the Ads trigger while listening: its test event runs too', async () => {
		const { runs } = await registered({}, { type: 'storefrontAdsTrigger', manual: true });
		await until('the test event to run the workflow', () => runs.length > 0);
		expect(runs.map((r) => r.event)).toEqual(['webhook.test']);
	});

	test('Send Test Event on Listen off: no test event is asked for, and a real event runs', async () => {
		const { runs } = await registered({ events: ['*'], options: { sendTestEvent: false } }, { manual: true });
		await pastTheTestEventDelay();
		expect(testRequests()).toEqual([]);
		expect(runs).toEqual([]);
		await api.webhooks.emit('post.published', { post: { id: 'post_1' } });
		expect(runs.map((r) => r.event)).toEqual(['post.published']);
	});

	test('a test event someone else sends while the editor listens runs it (that is what the editor waits for)', async () => {
		const { endpoint, runs } = await registered({ events: ['*'], options: { sendTestEvent: false } }, { manual: true });
		await sendTest(endpoint.id);
		expect(runs.map((r) => r.event)).toEqual(['webhook.test']);
	});

	test('the API refusing the test event leaves listening as it is: a warning, no failure', async () => {
		const { t, runs } = await registered({ events: ['*'] }, { manual: true });
		// the endpoint gone before the trigger asks (the user stopped listening at once): the API answers 404
		api.webhooks.endpoints.clear();
		await pastTheTestEventDelay();
		await until('the trigger to ask', () => testRequests().length === 1);
		expect(testRequests()[0].status).toBe(404);
		expect(runs).toEqual([]);
		expect(t.staticData()!.webhookId).toBeDefined();
	});
});
