import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { postIdOf } from '../../fake-api';
import { byId, fromList, useFakeApi } from '../../harness/context';
import { runAsTool } from '../../harness/tool';
import { SOCIAL, VIDEO } from './helpers';

/**
 * Boost Post's Post field (a list of the posts ranked for boosting, or an ID) and what a create,
 * boost or campaign create says when the API answers it from an earlier request with the same
 * Idempotency-Key, run through n8n-core against the fake API.
 */

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

describe('a repeat with the same Idempotency-Key says the ad was made by an earlier request', () => {
	test('Boost twice with the same key: one ad; the first output says it was created, the second that an earlier request made it', async () => {
		const params = boost(byId(BEST), { options: { idempotencyKey: 'monday-boost' } });
		const first = await ctx.run(params, { executionId: 'exec-1' });
		const second = await ctx.run(params, { executionId: 'exec-2' });
		expect(ctx.api.ads.ads.size).toBe(1);
		expect(first.requests[0].replayed).toBe(false);
		expect(second.requests[0].replayed).toBe(true);
		const [made, repeated] = [first.json[0], second.json[0]];
		expect(made.replayed).toBeUndefined();
		expect(made.message).toMatch(/^Created paused/);
		expect(made.statusNote).toMatch(/Created Paused/);
		expect(repeated).toMatchObject({ id: made.id, replayed: true, earlierMessage: made.message, requestedStatus: 'paused' });
		expect(repeated.message).toMatch(/^Made by an earlier run of this same request .*nothing new was created\.$/);
		// in the user's words: no header name
		expect(repeated.message).not.toMatch(/idempotency/i);
		expect(String(repeated.statusNote)).not.toMatch(/Created/);
		expect(repeated.statusNote).toBe('Its status is as the API answered the earlier request; Ad → Get an ad reads it now.');
		// paired with its input item, as every output
		expect(second.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('the automatic key: a re-run of the same boost (another execution) is the replay, not a new ad', async () => {
		const first = await ctx.run(boost(byId(BEST)), { executionId: 'exec-10' });
		const again = await ctx.run(boost(byId(BEST)), { executionId: 'exec-11' });
		expect(again.requests[0].headers['idempotency-key']).toBe(first.requests[0].headers['idempotency-key']);
		expect([first.json[0].replayed, again.json[0].replayed]).toEqual([undefined, true]);
	});

	test('Validate Only repeated is the check as it is, never said to be made', async () => {
		const params = boost(byId(BEST), { validateOnly: true, options: { idempotencyKey: 'check' } });
		await ctx.run(params);
		const again = await ctx.run(params);
		expect(again.requests[0].replayed).toBe(true);
		expect(again.json[0]).toMatchObject({ validateOnly: true, valid: true });
		expect(again.json[0].replayed).toBeUndefined();
	});

	test('Campaign → Create repeated: the same campaign, said to be made by an earlier request', async () => {
		const params = { resource: 'campaign', operation: 'create', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), name: 'Summer', status: 'PAUSED', goal: 'traffic', options: { idempotencyKey: 'summer' } };
		const first = await ctx.run(params as never);
		const second = await ctx.run(params as never);
		expect(first.json[0].replayed).toBeUndefined();
		expect(second.json[0]).toMatchObject({ platformCampaignId: first.json[0].platformCampaignId, replayed: true });
		expect(second.json[0].message).toMatch(/^Made by an earlier run .* this is the campaign it made/);
	});
});
