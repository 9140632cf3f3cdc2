import type { IDataObject, ILoadOptionsFunctions, INodeParameters } from 'n8n-workflow';

import { KEYS, postsOf, rankPosts } from '../../fake-api';
import { loadOptionsContext, nodeType } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { boostName, shortened } from '../../nodes/StorefrontAds/helpers/reboosts';
import { SOCIAL } from './helpers';

/**
 * Re-boosts (issue 68): Get Best to Boost and the Post list mark the posts that already have a
 * boost, from one list of the API's ads; Skip Posts Already Boosted leaves them out before Limit;
 * a new socialnet boost is named after its post's caption; a repeat's message comes first. Run
 * through n8n-core against the fake API.
 */

const ctx = useFakeApi('storefrontAds');
const ranked = () => rankPosts(postsOf(SOCIAL, 'socialnet'));
const bestPosts = (options: IDataObject = {}, extra: IDataObject = { returnAll: true }) =>
	ctx.run({ resource: 'post', operation: 'getBest', accountId: byId(SOCIAL), options: { adAccountId: byId('act_1001'), ...options }, ...extra } as INodeParameters);
const boost = (postId: unknown, extra: IDataObject = {}) =>
	({ resource: 'ad', operation: 'boost', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), postId, budgetAmount: 15, budgetType: 'daily', ...extra }) as INodeParameters;

/** A call straight to the API, as another tool (or the network's own manager) would make it. */
async function api(method: string, path: string, body?: IDataObject) {
	const res = await fetch(`${ctx.api.url}${path}`, {
		method,
		headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' },
		body: body && JSON.stringify(body),
	});
	return (await res.json()) as IDataObject;
}
const boostedElsewhere = async (postId: string) =>
	((await api('POST', '/v1/ads/boost', { postId, accountId: SOCIAL, adAccountId: 'act_1001', budgetAmount: 10, budgetType: 'daily', status: 'PAUSED' })).ad as IDataObject).id as string;

describe('Get Best to Boost marks the posts that already have a boost', () => {
	test("from one list of the API's ads: a boost named by this node, one named by the API, and a cancelled one that no longer counts", async () => {
		const [first, second, third] = ranked();
		// the best post boosted by this node (named after its caption), the second by another tool (the API's name), the third's boost cancelled
		const byNode = await ctx.run(boost(byId(first.id)), { items: [{ postId: first.id, caption: first.caption }] });
		const nodeAd = byNode.json[0].id as string;
		const otherAd = await boostedElsewhere(second.id);
		const cancelled = await boostedElsewhere(third.id);
		await api('DELETE', `/v1/ads/${cancelled}`);

		const r = await bestPosts();
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', '/v1/ads/best-posts', { accountId: SOCIAL, adAccountId: 'act_1001' }],
			['GET', '/v1/ads', { page: '1', limit: '500' }],
		]);
		expect(r.json.map((p) => [p.id, p.alreadyBoosted, p.boostAdIds])).toEqual(
			ranked().map((p) => [p.id, p.id === first.id || p.id === second.id, p.id === first.id ? [nodeAd] : p.id === second.id ? [otherAd] : []]),
		);
		// the name a socialnet boost of each would get
		expect(r.json[2]).toMatchObject({ rank: 3, adName: `${third.caption} (${third.id})` });
	});

	test('Skip Posts Already Boosted leaves them out before Limit: Limit 1 is the best post not boosted yet, with its own rank', async () => {
		const [first, second, third] = ranked();
		await boostedElsewhere(first.id);
		await boostedElsewhere(second.id);
		const r = await bestPosts({ skipBoosted: true }, { limit: 1 });
		expect(r.requests.map((q) => q.path)).toEqual(['/v1/ads/best-posts', '/v1/ads']);
		expect(r.json).toEqual([expect.objectContaining({ id: third.id, rank: 3, alreadyBoosted: false, boostAdIds: [] })]);
		const all = await bestPosts({ skipBoosted: true });
		expect(all.json.map((p) => p.id)).toEqual(ranked().slice(2).map((p) => p.id));
	});

	test('while the API still imports an ad history, the posts come unmarked; with Skip on, the item fails saying why', async () => {
		ctx.api.ads.connection(SOCIAL).backfilling = true;
		const plain = await bestPosts({}, { limit: 2 });
		expect(plain.error).toBeUndefined();
		expect(plain.json).toHaveLength(2);
		expect(plain.json[0]).not.toHaveProperty('alreadyBoosted');
		const skipping = await bestPosts({ skipBoosted: true }, { limit: 1 });
		expect(skipping.error?.message).toBe('Cannot tell yet which posts already have a boost');
		expect(skipping.error?.description).toContain('turn off Skip Posts Already Boosted');
	});
});

test('the Post list marks a post that already has a boost, from the same one list of ads', async () => {
	const search = nodeType('storefrontAds').methods!.listSearch!;
	const context = loadOptionsContext('storefrontAds', boost({ __rl: true, mode: 'list', value: '' }) as never, { apiKey: KEYS.full, baseUrl: ctx.api.url }) as unknown as ILoadOptionsFunctions;
	const [first] = ranked();
	await boostedElsewhere(first.id);
	ctx.api.clearRequests();
	const list = await search.searchBestPosts.call(context);
	expect(ctx.api.requests.map((q) => q.path)).toEqual(['/v1/ads/best-posts', '/v1/ads']);
	expect(list.results.map((r) => r.name)).toEqual(ranked().map((p, i) => `${p.caption} — socialnet, score ${p.score}${i === 0 ? ' (already boosted)' : ''}`));
});

describe('Boost Post names the new ad after its post', () => {
	const [best] = ranked();
	const named = `${best.caption} (${best.id})`;
	const ads = () => [...ctx.api.ads.ads.values()];

	test('picked from the list: the caption the list showed, then the post ID; the boost, then a rename (the boost takes no name)', async () => {
		const picked = { __rl: true, mode: 'list', value: best.id, cachedResultName: `${best.caption} — socialnet, score ${best.score}` };
		const r = await ctx.run(boost(picked));
		expect(r.error).toBeUndefined();
		const [ad] = ads();
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			['POST', '/v1/ads/boost', { postId: best.id, accountId: SOCIAL, adAccountId: 'act_1001', budgetAmount: 15, budgetType: 'daily', status: 'PAUSED' }],
			['PUT', `/v1/ads/${ad.id}`, { name: named }],
		]);
		expect(ad.name).toBe(named);
		expect(r.json).toEqual([expect.objectContaining({ id: ad.id, name: named, requestedStatus: 'paused' })]);
	});

	test('a name the user set wins; with nothing to name it after, the API\'s name stays and nothing more is sent; Validate Only names nothing', async () => {
		const own = await ctx.run(boost(byId(best.id), { additionalFields: { adName: ' Spring push ' } }), { items: [{ postId: best.id, caption: best.caption }] });
		expect(own.requests.map((q) => [q.method, q.body])).toEqual([expect.arrayContaining(['POST']), ['PUT', { name: 'Spring push' }]]);
		expect(own.json[0].name).toBe('Spring push');

		const other = ranked()[1];
		const bare = await ctx.run(boost(byId(other.id)), { items: [{ something: 'else' }] });
		expect(bare.requests.map((q) => q.method)).toEqual(['POST']);
		expect(bare.json[0].name).toBe(ads()[1].name);

		const check = await ctx.run(boost(byId(other.id), { validateOnly: true }), { items: [{ postId: other.id, caption: other.caption }] });
		expect(check.requests.map((q) => q.method)).toEqual(['POST']);
		expect(check.json[0]).toMatchObject({ validateOnly: true, valid: true });
		expect(ads()).toHaveLength(2);
	});

	test('a rename the API refuses keeps the item, saying the ad was made and how to name it', async () => {
		ctx.api.injectFault({ type: 'status', status: 400 }, 1, { method: 'PUT' });
		const r = await ctx.run(boost(byId(best.id)), { items: [{ postId: best.id, caption: best.caption }] });
		expect(r.error).toBeUndefined();
		expect(ads()).toHaveLength(1);
		expect(r.json[0]).toMatchObject({ id: ads()[0].id, nameNote: expect.stringMatching(/^The ad was made, but naming it ".+" failed \(.+\)\. Ad → .+ can name it\.$/) });
	});

	test('a repeat (same request, answered from the earlier one) shows its message first, and the ad keeps the post\'s name', async () => {
		const items = { items: [{ postId: best.id, caption: best.caption }] };
		await ctx.run(boost(byId(best.id)), items);
		const again = await ctx.run(boost(byId(best.id)), items);
		expect(ads()).toHaveLength(1);
		expect(Object.keys(again.json[0]).slice(0, 2)).toEqual(['message', 'replayed']);
		expect(again.json[0]).toMatchObject({ replayed: true, name: named, message: expect.stringContaining('nothing new was created') });
		expect(ads()[0].name).toBe(named);
	});
});

test('a name is one line of the caption, at most 60 characters cut at a word, then the post ID', () => {
	expect(boostName('  Spring\n\nsale  ', 'post_1')).toBe('Spring sale (post_1)');
	const long = 'Our spring collection is here: linen shirts, light jackets and sandals for every day of the season';
	expect(shortened(long, 60)).toBe('Our spring collection is here: linen shirts, light jackets…');
	expect(boostName(long, 'post_2')).toBe('Our spring collection is here: linen shirts, light jackets… (post_2)');
	expect(shortened('x'.repeat(80), 60)).toBe(`${'x'.repeat(59)}…`);
	expect(boostName('   ', 'post_3')).toBeUndefined();
	expect(boostName(undefined, 'post_3')).toBeUndefined();
});
