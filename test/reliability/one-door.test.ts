import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { runNode } from '../../harness';
import { byId } from '../../harness/context';
import { runAsTool } from '../../harness/tool';

/**
 * The batch operations (Audience → Add Users, Conversion → Send) in a normal run send their POSTs
 * through the programmatic door (the node's custom operation, nodes/shared/wire/request.ts `apiRequest`); as
 * an AI tool, through the declarative one (requestHook.ts). Either way the wire reads one
 * description of the call (call.ts), so the rules their declarations state hold: an answer that
 * did not come in time is not resent, and a 503 is resent once with the same Idempotency-Key.
 * Through n8n-core against the fake API, read from its request log and its books.
 */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const credentials = () => ({ apiKey: KEYS.full, baseUrl: api.url, limitSpending: false });
const SOCIAL = 'acc_social1';

/** n8n's Timeout option, short; the API takes the call at once and answers after the node stopped waiting. */
const TIMEOUT_MS = 300;
const SLOW_MS = 1_500;

interface BatchCase {
	name: string;
	/** Its parameters and the POST it makes, on an API prepared for it. */
	prepare(): Promise<{ parameters: INodeParameters; path: string }>;
	/** What the API holds of the work done (people matched, conversion calls taken). */
	done(): number;
}

const items: IDataObject[] = [
	{ email: 'a@example.com', value: 10 },
	{ email: 'b@example.com', value: 20 },
];

const CASES: BatchCase[] = [
	{
		name: 'Audience → Add Users',
		async prepare() {
			const created = await runNode({
				node: 'storefrontAds',
				parameters: { resource: 'audience', operation: 'create', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), audienceName: 'Buyers', type: 'customer_list' },
				credentials: credentials(),
			});
			const id = String(created.json[0].id);
			api.clearRequests();
			return { parameters: { resource: 'audience', operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId(id) }, path: `/v1/ads/audiences/${id}/users` };
		},
		done: () => [...api.audiences.values()].reduce((n, a) => n + a.matched.size, 0),
	},
	{
		name: 'Conversion → Send',
		prepare: async () => ({ parameters: { resource: 'conversion', operation: 'send', accountId: byId(SOCIAL), destinationId: 'px_1' }, path: '/v1/ads/conversions' }),
		done: () => api.conversions.length,
	},
];

const postsTo = (path: string) => api.requests.filter((q) => q.method === 'POST' && q.path === path);
const afterTheSlowAnswer = async () => await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 500));

describe.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
	test('in a normal run, an answer that did not come in time is not resent: one POST in the API\'s log, the error says why', async () => {
		const { parameters, path } = await c.prepare();
		api.injectFault({ type: 'slow', ms: SLOW_MS }, 1, { method: 'POST', path });
		const r = await runNode({ node: 'storefrontAds', parameters: { ...parameters, requestOptions: { timeout: TIMEOUT_MS } }, credentials: credentials(), items });
		expect(r.error?.message).toBe('The Storefront API did not answer in time');
		expect(r.error?.description).toMatch(/It was not sent again: a call .* may still be running at the API/);
		// the action it points at, as the panel names it
		expect(r.error?.description).not.toContain('⟦');
		// a resend would have gone by now (the backoff is at most a quarter of a second)
		await afterTheSlowAnswer();
		expect(postsTo(path)).toHaveLength(1);
		expect(c.done()).toBeGreaterThan(0);
	});

	test('in a normal run, a 503 is resent once with the same Idempotency-Key, and the work is done', async () => {
		const { parameters, path } = await c.prepare();
		api.injectFault({ type: 'status', status: 503, retryAfter: 0 }, 1, { method: 'POST', path });
		const r = await runNode({ node: 'storefrontAds', parameters, credentials: credentials(), items });
		expect(r.error).toBeUndefined();
		const posts = postsTo(path);
		expect(posts.map((q) => q.status)).toEqual([503, 200]);
		expect(posts[0].headers['idempotency-key']).toMatch(/^n8n-[0-9a-f]{40}$/);
		expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);
		expect(c.done()).toBeGreaterThan(0);
	});

	test('as an AI tool (the declarative door), the same: not resent after a timeout', async () => {
		const { parameters, path } = await c.prepare();
		api.injectFault({ type: 'slow', ms: SLOW_MS }, 1, { method: 'POST', path });
		const list = parameters.resource === 'audience' ? { peopleInput: 'json', peopleJson: JSON.stringify(items) } : { eventsInput: 'json', eventsJson: JSON.stringify(items.map((i) => ({ eventName: 'Purchase', eventTime: '2026-11-20T10:00:00Z', user: { email: i.email } }))) };
		const call = await runAsTool({ node: 'storefrontAds', parameters: { ...parameters, ...list, requestOptions: { timeout: TIMEOUT_MS } }, args: {}, credentials: credentials() });
		expect(call.error).toMatch(/^The Storefront API did not answer in time[\s\S]*It was not sent again: a call .* may still be running at the API/);
		await afterTheSlowAnswer();
		expect(postsTo(path)).toHaveLength(1);
	});
});
