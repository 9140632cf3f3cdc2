import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { postIdOf } from '../../fake-api';
import { byId, fromList, useFakeApi } from '../../harness/context';
import { runAsTool } from '../../harness/tool';
import { SOCIAL, VIDEO } from './helpers';

/** Boost Post's Post field (a list of the posts ranked for boosting, or an ID), run through n8n-core against the fake API. */

const ctx = useFakeApi('storefrontAds');
const BEST = postIdOf(SOCIAL, 0);
const boost = (postId: unknown, extra: IDataObject = {}) =>
	({ resource: 'ad', operation: 'boost', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), postId, budgetAmount: 15, budgetType: 'daily', ...extra }) as INodeParameters;
const sentPostIds = (requests: Array<{ path: string; body: unknown }>) => requests.filter((q) => q.path === '/v1/ads/boost').map((q) => (q.body as IDataObject).postId);

describe('Post: the API gets the plain ID, however it was given', () => {
	test.each([
		['From list', fromList(BEST)],
		['By ID, with spaces around it', byId(`  ${BEST} `)],
		['By ID, mapped from the input', byId('={{ $json.postId }}')],
		['a plain value (a workflow saved when Post ID was a text field)', '={{ $json.postId }}'],
	])('%s', async (_how, postId) => {
		const r = await ctx.run(boost(postId), { items: [{ postId: BEST }] });
		expect(r.error).toBeUndefined();
		expect(sentPostIds(r.requests)).toEqual([BEST]);
	});

	test("the network's own post ID is taken as it is (the reference allows post_ IDs or platform post IDs)", async () => {
		const r = await ctx.run(boost(byId('1784140000000123')));
		expect(sentPostIds(r.requests)).toEqual(['1784140000000123']);
	});

	test('as an AI tool, the model fills the locator ($fromAI) and the API gets its plain ID', async () => {
		const postId = { __rl: true, mode: 'id', value: "={{ $fromAI('postId', 'The post to boost', 'string') }}" };
		ctx.api.clearRequests();
		const call = await runAsTool({
			node: 'storefrontAds',
			parameters: boost(postId, { accountId: byId(VIDEO), adAccountId: byId('7001'), network: 'videonet', budgetAmount: 25 }),
			args: { postId: ` ${postIdOf(VIDEO, 1)}` },
			credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false },
		});
		expect(call.error).toBeUndefined();
		expect(sentPostIds(ctx.api.requests)).toEqual([postIdOf(VIDEO, 1)]);
		expect(call.description).toContain("Post ID (e.g. post_abc123 or the network's post ID) from Post → Get many posts ranked for boosting");
	});
});
