import axios from 'axios';

import { runNode } from '../../harness';
import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { everyOperation } from './operations';

/**
 * Every operation that spends money (ad create, messaging ad, call ad, boost, campaign
 * create), with its answer lost after the API created the ad: the node's own resend, a
 * re-run of the workflow, and n8n's own Retry On Fail, still leave exactly one.
 */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const SPENDING = ['ad create', 'ad createMessaging', 'ad createCall', 'ad boost', 'campaign create'];
const cases = everyOperation().filter((c) => c.node === 'storefrontAds' && SPENDING.includes(`${c.resource} ${c.operation}`));
const run = async (parameters: (typeof cases)[number]['parameters'], executionId: string, settings = {}) =>
	await runNode({ node: 'storefrontAds', parameters, credentials: { apiKey: KEYS.full, baseUrl: api.url, limitSpending: false }, executionId, settings });

test('all five spending operations are covered', () => expect(cases).toHaveLength(SPENDING.length));

/** One ad per ad operation (boost and create also make its campaign), one campaign for campaign create. */
const counts = () => ({ ads: api.ads.ads.size, campaigns: api.ads.campaigns.size });
const ONE = (resource: string) => (resource === 'campaign' ? { ads: 0, campaigns: 1 } : { ads: 1, campaigns: expect.any(Number) });
const delta = (before: ReturnType<typeof counts>) => ({ ads: api.ads.ads.size - before.ads, campaigns: api.ads.campaigns.size - before.campaigns });

describe.each(cases.map((c) => [`${c.resource} → ${c.operation}`, c] as const))('%s', (_name, c) => {
	test('answer lost after the API created it: the node resends it with the same key (one, returned); a re-run returns the same one', async () => {
		const before = counts();
		api.injectFault({ type: 'dropResponse' }, 1, { method: 'POST' });
		const lost = await run(c.parameters, 'exec-1');
		expect(lost.error).toBeUndefined();
		const afterLoss = delta(before);
		expect(afterLoss).toEqual(ONE(c.resource));
		const resent = api.requests.filter((q) => q.method === 'POST');
		expect(resent).toHaveLength(2);
		expect(resent[1].headers['idempotency-key']).toBe(resent[0].headers['idempotency-key']);
		expect(resent[1].replayed).toBe(true);

		const retried = await run(c.parameters, 'exec-2');
		expect(retried.error).toBeUndefined();
		expect(delta(before)).toEqual(afterLoss);
		const newest = c.resource === 'campaign' ? [...api.ads.campaigns.keys()].pop()! : [...api.ads.ads.keys()].pop()!;
		expect(JSON.stringify(retried.json)).toContain(newest);
	});

	test('every answer of the node\'s attempts lost, n8n\'s Retry On Fail runs it again: the same key, still one', async () => {
		const before = counts();
		// the node's three attempts all lose their answer: the node fails, and n8n runs it again
		api.injectFault({ type: 'dropResponse' }, 3, { method: 'POST' });
		const r = await run(c.parameters, 'exec-3', { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 });
		expect(r.error).toBeUndefined();
		const posts = api.requests.filter((q) => q.method === 'POST');
		expect(posts).toHaveLength(4);
		expect(new Set(posts.map((q) => q.headers['idempotency-key'])).size).toBe(1);
		expect(delta(before)).toEqual(ONE(c.resource));
	});
});

test('Boost Post as declared (boost.ts, through the request hook): an answer that did not come in time is not resent; the error says where to look', async () => {
	const boost = cases.find((c) => c.operation === 'boost')!;
	// n8n's transport (axios) really times out, sooner: Boost raises the boost's own timeout to 10 minutes
	const sooner = axios.interceptors.request.use((config) => (`${config.baseURL ?? ''}${config.url ?? ''}`.includes('/v1/ads/boost') ? { ...config, timeout: 300 } : config));
	try {
		// the API takes the boost at once and answers after the client stopped waiting
		api.injectFault({ type: 'slow', ms: 1_000 }, 1, { method: 'POST', path: '/v1/ads/boost' });
		const r = await run(boost.parameters, 'exec-boost');
		expect(r.error?.message).toBe('The Storefront API did not answer in time');
		expect(r.error?.description).toMatch(/not sent again.*Ad → Get many ads/);
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		expect(api.requests.filter((q) => q.path === '/v1/ads/boost')).toHaveLength(1);
		expect(api.ads.ads.size).toBe(1);
	} finally {
		axios.interceptors.request.eject(sooner);
	}
});
