import type { INodeParameters } from 'n8n-workflow';

import { KEYS, postIdOf, startFakeApi, summarise, type FakeApiServer } from '../../fake-api';
import { byId } from '../../harness/context';
import { runToolCalls } from '../../harness/tool';

/**
 * A tool served over MCP (n8n's MCP Server Trigger) may run with no execution ID: each call of the
 * model is then an execution n8n has not numbered. Its POSTs still get a key made from the request
 * (nodes/shared/wire/request.ts `describeCall`, idempotency.ts), never a random one: a model asking again for the
 * same boost gets the first ad back, and nothing is created or spent twice. Through n8n-core's
 * own tool path (harness/tool.ts) against the fake API, read from its books.
 */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const boost: INodeParameters = {
	resource: 'ad',
	operation: 'boost',
	network: 'socialnet',
	accountId: byId('acc_social1'),
	adAccountId: byId('act_1001'),
	postId: postIdOf('acc_social1', 0),
	budgetAmount: 15,
	budgetType: 'daily',
	status: 'PAUSED',
};

/** One call of the model, in an execution without an ID (''), as over MCP. */
const callWithoutExecutionId = async (node: string, parameters: INodeParameters) =>
	await runToolCalls({ node, credentials: { apiKey: KEYS.full, baseUrl: api.url, limitSpending: false }, calls: [{ name: 'Storefront', parameters, args: {} }], executionId: '' });

test('Boost Post as a tool without an execution ID, asked twice by the model: one key made from the request, the first ad back, one create in the books', async () => {
	const [first] = await callWithoutExecutionId('storefrontAds', boost);
	const [again] = await callWithoutExecutionId('storefrontAds', boost);
	expect([first.error, again.error]).toEqual([undefined, undefined]);
	const posts = api.requests.filter((q) => q.method === 'POST' && q.path === '/v1/ads/boost');
	expect(posts).toHaveLength(2);
	const keys = posts.map((q) => q.headers['idempotency-key']);
	expect(keys[0]).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(keys[1]).toBe(keys[0]);
	expect(posts[1].replayed).toBe(true);
	// the model reads that this is the first ad, made earlier, and that nothing new was created
	expect(again.response).toEqual([expect.objectContaining({ id: first.response![0].id, replayed: true, message: expect.stringContaining('nothing new was created') })]);
	expect(summarise(api.books.entries)).toMatchObject({ effects: 1, kinds: { create: 1 } });
	expect(api.ads.ads.size).toBe(1);
});
