import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptionsContext, nodeType } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { KEYS } from '../../fake-api';
import { adAccountLabel } from '../../nodes/StorefrontAds/methods/listSearch';
import { SEARCH, SOCIAL, VIDEO } from './helpers';

const ctx = useFakeApi('storefrontAds');
const search = nodeType('storefrontAds').methods!.listSearch!;
const context = (parameters: Record<string, unknown>) =>
	loadOptionsContext('storefrontAds', parameters as never, { apiKey: KEYS.full, baseUrl: ctx.api.url }) as unknown as ILoadOptionsFunctions;
const boostParams = (extra: Record<string, unknown> = {}) => ({ resource: 'ad', operation: 'boost', ...extra });

test('ad connections: shown with their network; only the chosen network; reconnect flag; text filter', async () => {
	ctx.api.ads.connection('acc_search1').needsReconnection = true;
	const social = await search.searchAdConnections.call(context(boostParams({ network: 'socialnet' })));
	expect(social.results).toEqual([{ name: 'Shop Page — socialnet', value: SOCIAL, url: undefined }]);
	const searchnet = await search.searchAdConnections.call(context(boostParams({ network: 'searchnet' })));
	expect(searchnet.results.map((r) => r.name)).toEqual(['Shop search — searchnet (needs reconnecting)']);
	const all = await search.searchAdConnections.call(context({ resource: 'connection', operation: 'getAdAccounts' }));
	expect(all.results).toHaveLength(5);
	expect((await search.searchAdConnections.call(context({ resource: 'connection', operation: 'getAdAccounts' }), 'video')).results.map((r) => r.value)).toEqual(['acc_video1']);
	expect(ctx.api.lastRequest()).toMatchObject({ method: 'GET', path: '/v1/ads/connections', query: {} });
});

test('ad accounts: loaded for the chosen connection, with id and currency; before one is chosen, the list says to choose it first', async () => {
	await expect(search.searchAdAccounts.call(context(boostParams({ network: 'socialnet' })))).rejects.toMatchObject({
		message: 'Choose an Ad Connection first',
		description: 'This list shows the ad accounts of the chosen Ad Connection. Choose one above, or switch to By ID.',
		httpCode: null,
	});
	expect(ctx.api.requests).toEqual([]);
	const r = await search.searchAdAccounts.call(context(boostParams({ network: 'socialnet', accountId: byId(SOCIAL) })));
	expect(ctx.api.requests.slice(-2)[0].query).toEqual({ accountId: SOCIAL });
	// the networks' names already end in the currency ("Shop ads (USD)"): each detail once
	expect(r.results).toEqual([
		{ name: 'Shop ads (act_1001, USD)', value: 'act_1001', url: undefined },
		{ name: 'Shop EU (act_1002, EUR)', value: 'act_1002', url: undefined },
	]);
});

test('an ad account is named once, its ID and currency once each, whatever the network calls it', () => {
	expect(adAccountLabel({ name: 'Shop ads', adAccountId: 'act_1', currency: 'USD' })).toBe('Shop ads (act_1, USD)');
	expect(adAccountLabel({ name: 'Shop ads (act_1)', adAccountId: 'act_1', currency: 'USD' })).toBe('Shop ads (act_1, USD)');
	expect(adAccountLabel({ name: 'Shop (USD) (act_1)', adAccountId: 'act_1', currency: 'USD' })).toBe('Shop (act_1, USD)');
	expect(adAccountLabel({ name: 'act_1', adAccountId: 'act_1', currency: 'USD' })).toBe('act_1, USD');
	expect(adAccountLabel({ adAccountId: '7001', currency: 'EUR' })).toBe('7001, EUR');
});

test('posts to boost: the chosen connection\'s posts ranked for boosting, named by caption, network and score, searchable; where the network has no such list, says to give the ID', async () => {
	await expect(search.searchBestPosts.call(context(boostParams({ network: 'socialnet' })))).rejects.toMatchObject({ message: 'Choose an Ad Connection first' });
	const r = await search.searchBestPosts.call(context(boostParams({ network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001') })));
	// the ranked posts, then one list of the API's ads (which of them already have a boost: none yet)
	expect(ctx.api.requests.slice(-2)).toEqual([
		expect.objectContaining({ method: 'GET', path: '/v1/ads/best-posts', query: { accountId: SOCIAL, adAccountId: 'act_1001' } }),
		expect.objectContaining({ method: 'GET', path: '/v1/ads', query: { page: '1', limit: '500' } }),
	]);
	// in the order of the operation's own ranking
	const ranked = (await ctx.run({ resource: 'post', operation: 'getBest', accountId: byId(SOCIAL), returnAll: true, simplify: false })).json;
	expect(r.results).toEqual(ranked.map((p) => ({ name: `${String(p.caption)} — socialnet, score ${String(p.score)}`, value: p.postId, url: p.permalink })));
	expect(r.results[0].name).toMatch(/^Post \d+ of socialnet — socialnet, score [1-9]\d*$/);
	const found = await search.searchBestPosts.call(context(boostParams({ network: 'socialnet', accountId: byId(SOCIAL) })), 'POST 3 OF');
	expect(found.results.map((x) => x.name)).toEqual([expect.stringMatching(/^Post 3 of socialnet — /)]);
	expect(ctx.api.requests.slice(-2)[0].query).toEqual({ accountId: SOCIAL });
	// videonet ranks its posts too; searchnet has no such list: By ID only, and nothing is asked
	expect((await search.searchBestPosts.call(context(boostParams({ network: 'videonet', accountId: byId(VIDEO) })))).results).toHaveLength(ranked.length);
	ctx.api.clearRequests();
	await expect(search.searchBestPosts.call(context(boostParams({ network: 'searchnet', accountId: byId(SEARCH) })))).rejects.toMatchObject({
		message: 'Search Network (Searchnet) posts are not listed',
		description: "Switch to By ID and enter the post's ID.",
	});
	expect(ctx.api.requests).toEqual([]);
});

test('campaigns: name with platform and status, paged by page number', async () => {
	for (let i = 0; i < 130; i++) ctx.api.ads.seedCampaign(i < 120 ? SOCIAL : SEARCH, `Campaign ${i}`, 0);
	const params = { resource: 'campaign', operation: 'setStatus' };
	const first = await search.searchCampaigns.call(context(params));
	expect(ctx.api.lastRequest().query).toEqual({ limit: '100' });
	expect(first.results).toHaveLength(100);
	expect(first.results[0]).toEqual({ name: 'Campaign 0 (socialfeed, active)', value: expect.any(String), url: undefined });
	expect(first.paginationToken).toBe('2');
	const second = await search.searchCampaigns.call(context(params), undefined, '2');
	expect(ctx.api.lastRequest().query).toEqual({ limit: '100', page: '2' });
	expect(second.results).toHaveLength(30);
	expect(second.paginationToken).toBeUndefined();
	const filtered = await search.searchCampaigns.call(context(params), 'campaign 12');
	expect(filtered.results.map((r) => r.name)).toEqual(expect.arrayContaining(['Campaign 12 (socialfeed, active)']));
});

test('ad sets: for the chosen connection (and campaign when one is chosen)', async () => {
	const a = ctx.api.ads.seedCampaign(SOCIAL, 'A', 1);
	ctx.api.ads.seedCampaign(SOCIAL, 'B', 1);
	await expect(search.searchAdSets.call(context({ resource: 'adSet', operation: 'update' }))).rejects.toMatchObject({ message: 'Choose an Ad Connection first', description: expect.stringMatching(/^This list shows the ad sets of the chosen Ad Connection\./) });
	const both = await search.searchAdSets.call(context({ resource: 'adSet', operation: 'update', accountId: byId(SOCIAL) }));
	expect(both.results.map((r) => r.name)).toEqual(['A set (active)', 'B set (active)']);
	const one = await search.searchAdSets.call(context({ resource: 'adSet', operation: 'getAll', accountId: byId(SOCIAL), filters: { campaignId: a.platformCampaignId } }));
	expect(ctx.api.lastRequest().query).toEqual({ accountId: SOCIAL, campaignId: a.platformCampaignId });
	expect(one.results.map((r) => r.name)).toEqual(['A set (active)']);
});

test('ads: name with platform and status; a backfilling account gives an empty list, not an error', async () => {
	ctx.api.ads.seedCampaign(SOCIAL, 'Promo', 2);
	const r = await search.searchAds.call(context({ resource: 'ad', operation: 'get' }));
	expect(r.results.map((x) => x.name)).toEqual(['Promo ad 1 (socialfeed, active)', 'Promo ad 2 (socialfeed, active)']);
	ctx.api.ads.connection(SOCIAL).backfilling = true;
	expect((await search.searchAds.call(context({ resource: 'ad', operation: 'get' }))).results).toEqual([]);
});

test('connections are limited to the networks an operation works on when it has no Network field', async () => {
	const names = async (parameters: Record<string, unknown>) => (await search.searchAdConnections.call(context(parameters))).results.map((r) => r.value);
	expect(await names({ resource: 'keyword', operation: 'getAll' })).toEqual(['acc_search1']);
	expect(await names({ resource: 'post', operation: 'getBest' })).toEqual(['acc_social1', 'acc_video1']);
	expect(await names({ resource: 'post', operation: 'getPronetPages' })).toEqual(['acc_pro1']);
	expect(await names({ resource: 'conversion', operation: 'send' })).toEqual(['acc_social1', 'acc_search1']);
	expect(await names({ resource: 'insight', operation: 'get', network: 'videonet' })).toEqual(['acc_video1']);
});

test('audiences and keywords: listed for the chosen connection', async () => {
	const created = await ctx.run({ resource: 'audience', operation: 'create', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), audienceName: 'Buyers', type: 'customer_list' } as never);
	const audiences = await search.searchAudiences.call(context({ resource: 'audience', operation: 'get', accountId: byId(SOCIAL) }));
	expect(audiences.results).toEqual([{ name: 'Buyers (customer_list, 0 people)', value: created.json[0].id, url: undefined }]);
	await expect(search.searchAudiences.call(context({ resource: 'audience', operation: 'get' }))).rejects.toMatchObject({ message: 'Choose an Ad Connection first' });

	const campaign = ctx.api.ads.seedCampaign(SEARCH, 'S', 0);
	const [kw] = ctx.api.keywords.seed(SEARCH, campaign.platformCampaignId, ctx.api.ads.adSetsOf(campaign.platformCampaignId)[0].platformAdSetId, ['linen dress', 'summer hat']);
	const keywords = await search.searchKeywords.call(context({ resource: 'keyword', operation: 'remove', accountId: byId(SEARCH) }), 'linen');
	expect(ctx.api.lastRequest().query).toEqual({ accountId: SEARCH, search: 'linen' });
	expect(keywords.results).toEqual([{ name: 'linen dress (phrase, active)', value: kw.id, url: undefined }]);
});
