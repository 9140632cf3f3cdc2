import { HookContext } from 'n8n-core';
import { NodeOperationError } from 'n8n-workflow';

import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { makeWorkflow, nodeType } from '../../harness';
import { startReceiver } from '../../harness/receiver';
import { triggerHarness } from '../../harness/trigger';

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const trigger = (events: string[] = ['post.published', 'comment.received']) =>
	triggerHarness({ apiKey: KEYS.full, baseUrl: api.url }, { events });

/** What n8n does on activation: create only if checkExists says the endpoint is not there. */
async function activate(t: ReturnType<typeof trigger>) {
	if (!(await t.hook('checkExists'))) await t.hook('create');
}

describe('create', () => {
	test('registers n8n\'s webhook URL with the chosen events and keeps the id and secret in static data', async () => {
		const t = trigger();
		expect(await t.hook('create')).toBe(true);
		const req = api.lastRequest();
		expect(req).toMatchObject({ method: 'POST', path: '/v1/webhooks' });
		expect(req.body).toEqual({
			url: t.url,
			events: ['comment.received', 'post.published'],
			description: 'n8n workflow "Test workflow" (wf-test)',
		});
		const [endpoint] = api.webhooks.endpoints.values();
		expect(t.staticData()).toEqual({ webhookId: endpoint.id, secret: endpoint.secret, recoveredUntil: expect.any(String) });
	});

	test('"All Events" registers an empty list (= every event)', async () => {
		const t = trigger(['*']);
		await t.hook('create');
		expect(api.lastRequest().body).toMatchObject({ events: [] });
	});

	test('Events left untouched (the default) registers every event', async () => {
		const t = triggerHarness({ apiKey: KEYS.full, baseUrl: api.url }, {});
		expect(await t.hook('create')).toBe(true);
		expect(api.lastRequest().body).toMatchObject({ url: t.url, events: [] });
		expect(await t.hook('checkExists')).toBe(true);
	});

	test('the canvas subtitle names the chosen events, "All events" for All Events (never its value "*")', async () => {
		const subtitle = nodeType('storefrontTrigger').description.subtitle as string;
		// evaluated by n8n's expression engine, as the editor does
		const shown = async (events: string[]) => {
			const { workflow, node } = makeWorkflow('storefrontTrigger', { events });
			return await workflow.expression.withIsolate(async () => workflow.expression.getSimpleParameterValue(node, subtitle, 'manual', {}));
		};
		expect(await shown(['*'])).toBe('All events');
		expect(await shown(['post.published', '*'])).toBe('All events');
		expect(await shown(['post.published', 'comment.received'])).toBe('post.published, comment.received');
	});

	test('n8n\'s webhook URL is not HTTPS: activation fails naming N8N_WEBHOOK_URL (WEBHOOK_URL on 1.x), nothing is registered', async () => {
		const url = jest.spyOn(HookContext.prototype, 'getNodeWebhookUrl').mockReturnValue('http://n8n.example.com:5678/webhook/wh-node-1/webhook');
		try {
			const t = trigger();
			const error = await t.hook('create').catch((e: NodeOperationError) => e);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as NodeOperationError).message).toBe("n8n's webhook URL is not HTTPS: http://n8n.example.com:5678/webhook/wh-node-1/webhook");
			expect((error as NodeOperationError).description).toMatch(/Set the N8N_WEBHOOK_URL environment variable of n8n \(WEBHOOK_URL on n8n 1\.x\) to its public HTTPS address/);
			expect(api.requests).toHaveLength(0);
			expect(t.staticData()?.secret).toBeUndefined();
		} finally {
			url.mockRestore();
		}
	});

	test('a loopback http URL (local n8n, API test mode) is registered as it is', async () => {
		const local = 'http://localhost:5678/webhook/wh-node-1/webhook';
		const url = jest.spyOn(HookContext.prototype, 'getNodeWebhookUrl').mockReturnValue(local);
		try {
			const t = trigger();
			expect(await t.hook('create')).toBe(true);
			expect(api.lastRequest()).toMatchObject({ method: 'POST', path: '/v1/webhooks', status: 201, body: { url: local } });
		} finally {
			url.mockRestore();
		}
	});

	test('a refused key fails activation with a clear error', async () => {
		const t = triggerHarness({ apiKey: 'sk_bad', baseUrl: api.url }, { events: ['*'] });
		await expect(t.hook('create')).rejects.toThrow('The API key was refused');
		expect(t.staticData()?.secret).toBeUndefined();
	});
});

describe('checkExists', () => {
	test('nothing stored: not there, and no call is made', async () => {
		expect(await trigger().hook('checkExists')).toBe(false);
		expect(api.requests).toHaveLength(0);
	});

	test('stored and matching: there', async () => {
		const t = trigger();
		await t.hook('create');
		api.clearRequests();
		expect(await t.hook('checkExists')).toBe(true);
		// and the delivery log since the last check (nothing failed: nothing redelivered)
		const id = t.staticData()!.webhookId as string;
		expect(api.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/v1/webhooks'],
			['GET', `/v1/webhooks/${id}/deliveries`],
		]);
	});

	test('deleted behind n8n\'s back: not there, static data cleared', async () => {
		const t = trigger();
		await t.hook('create');
		api.webhooks.endpoints.clear();
		expect(await t.hook('checkExists')).toBe(false);
		expect(t.staticData()).toEqual({});
	});

	test.each([
		['its URL changed', (id: string) => (api.webhooks.endpoints.get(id)!.url = 'https://elsewhere.example.com/x')],
		['its events changed', (id: string) => (api.webhooks.endpoints.get(id)!.events = ['post.failed'])],
	])('%s: the stale endpoint is deleted and reported not there', async (_name, change) => {
		const t = trigger();
		await t.hook('create');
		change(t.staticData()!.webhookId as string);
		expect(await t.hook('checkExists')).toBe(false);
		expect(api.webhooks.endpoints.size).toBe(0);
		await t.hook('create');
		expect(api.webhooks.endpoints.size).toBe(1);
	});

	test('the secret was lost: the endpoint is replaced', async () => {
		const t = trigger();
		await t.hook('create');
		delete t.staticData()!.secret;
		expect(await t.hook('checkExists')).toBe(false);
		expect(api.webhooks.endpoints.size).toBe(0);
	});

	test('auto-deactivated after failures: re-enabled with PATCH and kept', async () => {
		const t = trigger();
		await t.hook('create');
		const endpoint = api.webhooks.endpoints.get(t.staticData()!.webhookId as string)!;
		Object.assign(endpoint, { is_active: false, failure_count: 10 });
		api.clearRequests();
		expect(await t.hook('checkExists')).toBe(true);
		expect(api.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/v1/webhooks', undefined],
			['PATCH', `/v1/webhooks/${endpoint.id}`, { is_active: true }],
			['GET', `/v1/webhooks/${endpoint.id}/deliveries`, undefined],
		]);
		expect(endpoint).toMatchObject({ is_active: true, failure_count: 0 });
	});
});

describe('recovering deliveries that failed while n8n was down (checkExists after a restart)', () => {
	/** The trigger registered at a local receiver (the fake API accepts loopback http in tests). */
	async function atReceiver() {
		const receiver = await startReceiver(200);
		const url = jest.spyOn(HookContext.prototype, 'getNodeWebhookUrl').mockReturnValue(receiver.url);
		const t = trigger(['*']);
		await t.hook('create');
		const endpoint = api.webhooks.endpoints.get(t.staticData()!.webhookId as string)!;
		return { t, endpoint, receiver, done: async () => (url.mockRestore(), await receiver.close()) };
	}
	/** Events one after the other (their deliveries are logged in that order). */
	async function emit(n: number, prefix: string) {
		const deliveries = [];
		for (let i = 0; i < n; i++) deliveries.push(await api.webhooks.emit('post.published', { post: { id: `${prefix}${i}` } }));
		return deliveries;
	}
	const eventIds = (bodies: Array<{ rawBody: string }>) => bodies.map((b) => (JSON.parse(b.rawBody) as { id: string }).id);

	test('each event with no successful delivery is redelivered once, oldest first; delivered and retried-ok events are not', async () => {
		const { t, endpoint, receiver, done } = await atReceiver();
		try {
			await emit(1, 'ok');
			receiver.setStatus(503); // n8n down
			const failed = (await emit(3, 'down')).flat().map((d) => d.event_id);
			// one of them the API's own retry delivered after n8n came back
			receiver.setStatus(200);
			const [, retried] = failed;
			const first = api.webhooks.deliveries.find((d) => d.event_id === retried)!;
			await fetch(`${api.url}/v1/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}` } });
			receiver.received.length = 0;

			expect(await t.hook('checkExists')).toBe(true);
			expect(eventIds(receiver.received)).toEqual([failed[0], failed[2]]);
			const redelivered = api.webhooks.deliveries.filter((d) => d.redelivery_of && d.status === 200).map((d) => d.event_id);
			expect(redelivered).toEqual([retried, failed[0], failed[2]]);

			// a second check finds nothing left to recover
			receiver.received.length = 0;
			expect(await t.hook('checkExists')).toBe(true);
			expect(receiver.received).toHaveLength(0);
		} finally {
			await done();
		}
	});

	test('auto-deactivated after 10 failures: re-enabled, the 10 logged events recovered; events emitted while it was off cannot be (the API neither delivered nor logged them)', async () => {
		const { t, endpoint, receiver, done } = await atReceiver();
		try {
			receiver.setStatus(500);
			const logged = (await emit(10, 'down')).flat().map((d) => d.event_id);
			expect(endpoint.is_active).toBe(false);
			const whileOff = await emit(5, 'off');
			expect(whileOff.flat()).toEqual([]);
			receiver.setStatus(200);
			receiver.received.length = 0;

			expect(await t.hook('checkExists')).toBe(true);
			expect(endpoint.is_active).toBe(true);
			expect(eventIds(receiver.received).sort()).toEqual([...logged].sort());
			console.log(`recovery: ${logged.length} failed deliveries logged → ${receiver.received.length} redelivered; ${whileOff.length} events emitted while the endpoint was off → not recoverable`);
		} finally {
			await done();
		}
	});

	test('a delivery answered 300 (a proxy in front of n8n answering Multiple Choices) did not reach the workflow: recovered like any other failure, once', async () => {
		const { t, receiver, done } = await atReceiver();
		try {
			receiver.setStatus(300);
			const [answered300] = (await emit(1, 'redirected')).flat();
			expect(answered300).toMatchObject({ status: 300, error: 'http_300' });
			receiver.setStatus(299);
			const [answered299] = (await emit(1, 'ok')).flat();
			receiver.setStatus(200);
			receiver.received.length = 0;

			expect(await t.hook('checkExists')).toBe(true);
			expect(eventIds(receiver.received)).toEqual([answered300.event_id]);
			expect(eventIds(receiver.received)).not.toContain(answered299.event_id);
			receiver.received.length = 0;
			expect(await t.hook('checkExists')).toBe(true);
			expect(receiver.received).toHaveLength(0);
		} finally {
			await done();
		}
	});

	test('the API failing during recovery does not stop the activation; the next check recovers', async () => {
		const { t, receiver, done } = await atReceiver();
		try {
			receiver.setStatus(503);
			const failed = (await emit(2, 'down')).flat().map((d) => d.event_id);
			receiver.setStatus(200);
			receiver.received.length = 0;
			// on every attempt (a 503 that passes is resent)
			api.injectFault({ type: 'status', status: 503, retryAfter: 0 }, 3, { path: /\/deliveries$/ });
			expect(await t.hook('checkExists')).toBe(true);
			expect(receiver.received).toHaveLength(0);
			api.clearFaults();
			expect(await t.hook('checkExists')).toBe(true);
			expect(eventIds(receiver.received)).toEqual(failed);
		} finally {
			await done();
		}
	});
});

describe('delete', () => {
	test('DELETEs the endpoint and clears static data', async () => {
		const t = trigger();
		await t.hook('create');
		const id = t.staticData()!.webhookId;
		expect(await t.hook('delete')).toBe(true);
		expect(api.lastRequest()).toMatchObject({ method: 'DELETE', path: `/v1/webhooks/${id}` });
		expect(t.staticData()).toEqual({});
		expect(api.webhooks.endpoints.size).toBe(0);
	});

	test('already removed (404) counts as success', async () => {
		const t = trigger();
		await t.hook('create');
		api.webhooks.endpoints.clear();
		expect(await t.hook('delete')).toBe(true);
		expect(api.lastRequest().status).toBe(404);
		expect(t.staticData()).toEqual({});
	});

	test('a server error is reported, and the id is kept for the next try', async () => {
		const t = trigger();
		await t.hook('create');
		// on every attempt (a 503 that passes is resent)
		api.injectFault({ type: 'status', status: 503, retryAfter: 0 }, 3);
		await expect(t.hook('delete')).rejects.toThrow('The Storefront API had a server error');
		expect(t.staticData()?.webhookId).toBeDefined();
		expect(await t.hook('delete')).toBe(true);
		expect(api.webhooks.endpoints.size).toBe(0);
	});
});

test('100 activate/deactivate cycles leave no endpoint behind', async () => {
	const t = trigger();
	for (let i = 0; i < 100; i++) {
		await activate(t);
		expect(api.webhooks.endpoints.size).toBe(1);
		if (i % 10 === 3) api.webhooks.endpoints.clear(); // deleted behind n8n's back
		if (i % 10 === 7) api.webhooks.endpoints.forEach((e) => (e.is_active = false)); // auto-deactivated
		await activate(t); // n8n restarts call checkExists again
		expect([...api.webhooks.endpoints.values()].filter((e) => e.is_active)).toHaveLength(1);
		await t.hook('delete');
	}
	expect(api.webhooks.endpoints.size).toBe(0);
});
