import type { IDataObject, ILoadOptionsFunctions, INodeParameters } from 'n8n-workflow';

import { loadOptionsContext, nodeType } from '../../harness';
import { byId, fromList, useFakeApi } from '../../harness/context';
import { KEYS } from '../../fake-api';
import { ACCOUNT_OF, createOn, PRO, SEARCH, SOCIAL, VIDEO, socialCreate } from './helpers';

/**
 * The IDs that got "From list" in issue 58 besides Boost Post's Post: each list method's items
 * (loaded for the parameters already chosen, as the editor asks), and each picked value reaching
 * the API as the plain ID; a plain ID saved before the field was a locator still works. Run
 * through n8n-core against the fake API.
 */

const ctx = useFakeApi('storefrontAds');
const search = nodeType('storefrontAds').methods!.listSearch!;
const context = (parameters: Record<string, unknown>) =>
	loadOptionsContext('storefrontAds', parameters as never, { apiKey: KEYS.full, baseUrl: ctx.api.url }) as unknown as ILoadOptionsFunctions;
const run = (parameters: Record<string, unknown>) => ctx.run(parameters as INodeParameters);
const only = (requests: Array<{ method: string; path: string; query: unknown; body: unknown }>, path: string) => requests.filter((q) => q.path === path);

describe('Campaign → Get Many: Filters → Ad Account lists the ad accounts of every connection (the operation has no Ad Connection)', () => {
	test('each account named with its connection and network, searchable; the pick is sent as the plain ID', async () => {
		const r = await search.searchEveryAdAccount.call(context({ resource: 'campaign', operation: 'getAll' }));
		// one call for the connections, then one per connection
		expect(ctx.api.requests.map((q) => `${q.path} ${JSON.stringify(q.query)}`)).toEqual([
			'/v1/ads/connections {}',
			...['acc_social1', 'acc_search1', 'acc_pro1', 'acc_video1', 'acc_micro1'].map((a) => `/v1/ads/accounts {"accountId":"${a}"}`),
		]);
		expect(r.results.slice(0, 3)).toEqual([
			{ name: 'Shop ads (act_1001, USD) — Shop Page, socialnet', value: 'act_1001' },
			{ name: 'Shop EU (act_1002, EUR) — Shop Page, socialnet', value: 'act_1002' },
			{ name: 'Search account (123-456-7890, USD) — Shop search, searchnet', value: '123-456-7890' },
		]);
		expect(r.results.map((x) => x.value)).toEqual(expect.arrayContaining(Object.values(ACCOUNT_OF)));
		expect((await search.searchEveryAdAccount.call(context({ resource: 'campaign', operation: 'getAll' }), 'VIDEONET')).results.map((x) => x.value)).toEqual(['7001']);

		ctx.api.ads.seedCampaign(SOCIAL, 'Summer', 0);
		const picked = await run({ resource: 'campaign', operation: 'getAll', returnAll: true, filters: { adAccountId: fromList('act_1001') } });
		expect(picked.error).toBeUndefined();
		expect(picked.requests[0].query).toMatchObject({ adAccountId: 'act_1001' });
		expect(picked.json.map((c) => c.campaignName)).toEqual(['Summer']);
	});
});

describe('Filters → Campaign of the Get Many lists (ads, ad sets, keywords, search terms): the campaign list, sent as the plain ID', () => {
	test('Ad → Get Many: From list, By ID with spaces around it, and a plain ID saved before', async () => {
		const a = ctx.api.ads.seedCampaign(SOCIAL, 'A', 2);
		ctx.api.ads.seedCampaign(SOCIAL, 'B', 1);
		for (const campaignId of [fromList(a.platformCampaignId), byId(` ${a.platformCampaignId} `), a.platformCampaignId]) {
			const r = await run({ resource: 'ad', operation: 'getAll', returnAll: true, filters: { campaignId } });
			expect(r.error).toBeUndefined();
			expect(r.requests[0].query).toMatchObject({ campaignId: a.platformCampaignId });
			expect(r.json.map((x) => x.name)).toEqual(['A ad 1', 'A ad 2']);
		}
		// an option added but left empty sends nothing
		const empty = await run({ resource: 'ad', operation: 'getAll', returnAll: true, filters: { campaignId: { __rl: true, mode: 'list', value: '' } } });
		expect(empty.requests[0].query).not.toHaveProperty('campaignId');
	});

	test('Ad Set → Get Many: the picked campaign narrows the list', async () => {
		const a = ctx.api.ads.seedCampaign(SOCIAL, 'A', 1);
		ctx.api.ads.seedCampaign(SOCIAL, 'B', 1);
		const r = await run({ resource: 'adSet', operation: 'getAll', accountId: byId(SOCIAL), returnAll: true, filters: { campaignId: fromList(a.platformCampaignId) } });
		expect(r.requests[0].query).toEqual({ accountId: SOCIAL, campaignId: a.platformCampaignId });
		expect(r.json.map((s) => s.adSetName)).toEqual(['A set']);
	});

	test('Keyword → Get Many: Campaign and Ad Group from their lists (the ad groups of the chosen connection and campaign)', async () => {
		const campaign = ctx.api.ads.seedCampaign(SEARCH, 'Brand', 0);
		const other = ctx.api.ads.seedCampaign(SEARCH, 'Other', 0);
		const [set] = ctx.api.ads.adSetsOf(campaign.platformCampaignId);
		ctx.api.keywords.seed(SEARCH, campaign.platformCampaignId, set.platformAdSetId, ['linen dress']);
		ctx.api.keywords.seed(SEARCH, other.platformCampaignId, ctx.api.ads.adSetsOf(other.platformCampaignId)[0].platformAdSetId, ['hat']);
		const filters = { campaignId: fromList(campaign.platformCampaignId), adSetId: fromList(set.platformAdSetId) };
		// the Ad Group list: the connection's ad sets, of the campaign picked under Filters
		const groups = await search.searchAdSets.call(context({ resource: 'keyword', operation: 'getAll', accountId: byId(SEARCH), filters }));
		expect(ctx.api.lastRequest().query).toEqual({ accountId: SEARCH, campaignId: campaign.platformCampaignId });
		expect(groups.results.map((g) => g.value)).toEqual([set.platformAdSetId]);
		const r = await run({ resource: 'keyword', operation: 'getAll', accountId: byId(SEARCH), returnAll: true, filters });
		expect(r.error).toBeUndefined();
		expect(r.requests[0].query).toEqual({ accountId: SEARCH, campaignId: campaign.platformCampaignId, adSetId: set.platformAdSetId });
		expect(r.json.map((k) => k.keyword)).toEqual(['linen dress']);
	});

	test('Search Term → Get Many: Campaign and Customer from their lists', async () => {
		const campaign = ctx.api.ads.seedCampaign(SEARCH, 'Brand', 0);
		const customers = await search.searchAdAccounts.call(context({ resource: 'searchTerm', operation: 'getAll', accountId: byId(SEARCH) }));
		expect(customers.results).toEqual([{ name: 'Search account (123-456-7890, USD)', value: '123-456-7890', url: undefined }]);
		const r = await run({
			resource: 'searchTerm',
			operation: 'getAll',
			accountId: byId(SEARCH),
			returnAll: true,
			filters: { campaignId: fromList(campaign.platformCampaignId), customerId: fromList('123-456-7890') },
		});
		expect(r.error).toBeUndefined();
		expect(r.requests[0].query).toMatchObject({ accountId: SEARCH, campaignId: campaign.platformCampaignId, customerId: '123-456-7890' });
		expect(r.json[0]).toMatchObject({ customerId: '123-456-7890' });
	});
});

describe('Options → Customer of Keyword → Get Ideas and Get Historical Metrics: the searchnet connection\'s ad accounts', () => {
	test.each([
		['getIdeas', { seedKeywords: 'linen' }],
		['getHistoricalMetrics', { keywords: 'linen dress' }],
	])('%s: the pick goes in the body as the plain ID; a plain ID saved before too', async (operation, fields) => {
		for (const customerId of [fromList('123-456-7890'), '123-456-7890']) {
			const r = await run({ resource: 'keyword', operation, accountId: byId(SEARCH), ...fields, returnAll: true, options: { customerId } });
			expect(r.error).toBeUndefined();
			expect((r.requests[0].body as IDataObject).customerId).toBe('123-456-7890');
			expect(r.json[0]).toMatchObject({ customerId: '123-456-7890' });
		}
	});
});

describe('Audience → Get Many: Filters → Ad Account lists the chosen connection\'s ad accounts', () => {
	test('the pick narrows the audiences, sent as the plain ID', async () => {
		for (const [adAccountId, name] of [
			['act_1001', 'US buyers'],
			['act_1002', 'EU buyers'],
		])
			await run({ resource: 'audience', operation: 'create', accountId: byId(SOCIAL), adAccountId: byId(adAccountId), audienceName: name, type: 'customer_list' });
		const accounts = await search.searchAdAccounts.call(context({ resource: 'audience', operation: 'getAll', accountId: byId(SOCIAL) }));
		expect(accounts.results.map((a) => a.value)).toEqual(['act_1001', 'act_1002']);
		const r = await run({ resource: 'audience', operation: 'getAll', accountId: byId(SOCIAL), returnAll: true, filters: { adAccountId: fromList('act_1002') } });
		expect(r.requests[0].query).toEqual({ accountId: SOCIAL, adAccountId: 'act_1002' });
		expect(r.json.map((a) => a.name)).toEqual(['EU buyers']);
	});
});

describe('Ad → Create: Company Page (pronet), Identity (videonet), and Additional Fields → Audience and Existing Campaign', () => {
	test('Company Page: the chosen pronet connection\'s Pages (before one is chosen, the list says to choose it); the pick is sent as organizationId', async () => {
		await expect(search.searchPronetPages.call(context({ resource: 'ad', operation: 'create', network: 'pronet' }))).rejects.toMatchObject({ message: 'Choose an Ad Connection first' });
		expect(ctx.api.requests).toEqual([]);
		const pages = await search.searchPronetPages.call(context({ resource: 'ad', operation: 'create', network: 'pronet', accountId: byId(PRO) }));
		expect(ctx.api.lastRequest()).toMatchObject({ method: 'GET', path: '/v1/ads/pronet-pages', query: { accountId: PRO } });
		expect(pages.results).toEqual([
			{ name: 'Shop Inc. (shop-inc)', value: '2414183', url: undefined },
			{ name: 'Shop Careers (shop-careers)', value: '2414184', url: undefined },
		]);
		expect((await search.searchPronetPages.call(context({ resource: 'ad', operation: 'create', network: 'pronet', accountId: byId(PRO) }), 'careers')).results.map((p) => p.value)).toEqual([
			'2414184',
		]);
		const r = await run(createOn('pronet', PRO, { organizationId: fromList('2414184'), additionalFields: { headline: 'Hiring', body: 'Join us' } }));
		expect(r.error).toBeUndefined();
		expect(only(r.requests, '/v1/ads/create')[0].body).toMatchObject({ organizationId: '2414184' });
		// left empty: not sent (the API runs the ad as the member account)
		const none = await run(createOn('pronet', PRO, { organizationId: { __rl: true, mode: 'list', value: '' }, additionalFields: { headline: 'Hiring', body: 'Join us' } }));
		expect(only(none.requests, '/v1/ads/create')[0].body).not.toHaveProperty('organizationId');
	});

	test('Identity: the identities of the chosen videonet connection and ad account, each with its type; the pick is sent with Identity Type', async () => {
		await expect(search.searchVideonetIdentities.call(context({ resource: 'ad', operation: 'create', network: 'videonet', accountId: byId(VIDEO) }))).rejects.toMatchObject({
			message: 'Choose an Ad Account first',
			description: 'This list shows the identities of the chosen Ad Account. Choose one above, or switch to By ID.',
		});
		expect(ctx.api.requests).toEqual([]);
		const identities = await search.searchVideonetIdentities.call(
			context({ resource: 'ad', operation: 'create', network: 'videonet', accountId: byId(VIDEO), adAccountId: byId('7001') }),
		);
		expect(ctx.api.lastRequest().query).toEqual({ accountId: VIDEO, adAccountId: '7001' });
		expect(identities.results).toEqual([
			{ name: 'Shop Videos (@shopvideos) — VIDEO_USER', value: 'vid_ident_1', url: undefined },
			{ name: 'Shop Brand (@shopbrand) — CUSTOMIZED_USER', value: 'vid_ident_2', url: undefined },
		]);
		const r = await run(createOn('videonet', VIDEO, { videoUrl: 'https://cdn.example.com/a.mp4', identityId: fromList('vid_ident_2'), identityType: 'CUSTOMIZED_USER' }));
		expect(r.error).toBeUndefined();
		expect(only(r.requests, '/v1/ads/create')[0].body).toMatchObject({ identityId: 'vid_ident_2', identityType: 'CUSTOMIZED_USER' });
		// no identity: no Identity Type either
		const none = await run(createOn('videonet', VIDEO, { videoUrl: 'https://cdn.example.com/a.mp4', identityId: byId(' '), identityType: 'CUSTOMIZED_USER' }));
		expect(only(none.requests, '/v1/ads/create')[0].body).not.toHaveProperty('identityType');
	});

	test('Audience and Existing Campaign: picked from their lists (the existing campaigns are the chosen ad account\'s), sent as plain IDs', async () => {
		const existing = ctx.api.ads.seedCampaign(SOCIAL, 'Existing', 0);
		const audience = (await run({ resource: 'audience', operation: 'create', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), audienceName: 'Buyers', type: 'customer_list' })).json[0];
		const campaigns = await search.searchCampaigns.call(context({ ...socialCreate(), additionalFields: {} }));
		expect(ctx.api.lastRequest().query).toMatchObject({ adAccountId: 'act_1001' });
		expect(campaigns.results.map((c) => c.value)).toContain(existing.platformCampaignId);
		const audiences = await search.searchAudiences.call(context({ ...socialCreate() }));
		expect(audiences.results.map((a) => a.value)).toEqual([audience.id]);

		const r = await run(socialCreate({ additionalFields: { audienceId: fromList(audience.id as string), existingCampaignId: fromList(existing.platformCampaignId) } }));
		expect(r.error).toBeUndefined();
		expect(only(r.requests, '/v1/ads/create')[0].body).toMatchObject({ audienceId: audience.id, existingCampaignId: existing.platformCampaignId });
		expect(r.json[0].platformCampaignId).toBe(existing.platformCampaignId);
	});

	test('an audience typed By ID in the wrong form is refused before anything is sent, naming the form and the action that lists them', async () => {
		const r = await run(socialCreate({ additionalFields: { audienceId: byId('12345') } }));
		expect(r.error?.message).toBe('"12345" is not a valid Audience ID');
		expect(r.error?.description).toBe('An audience ID starts with aud_ (e.g. aud_000123). Audience → Get many audiences lists them.');
		expect(only(r.requests, '/v1/ads/create')).toEqual([]);
	});
});

describe('Campaign → Bulk Set Status: each campaign from the list', () => {
	test('picked, by ID and a plain ID saved before: all sent as plain IDs', async () => {
		const [a, b, c] = ['A', 'B', 'C'].map((n) => ctx.api.ads.seedCampaign(SOCIAL, n, 0));
		const r = await run({
			resource: 'campaign',
			operation: 'bulkSetStatus',
			status: 'paused',
			campaigns: {
				campaign: [
					{ campaignId: fromList(a.platformCampaignId), platform: 'socialfeed' },
					{ campaignId: byId(` ${b.platformCampaignId}`), platform: 'socialfeed' },
					{ campaignId: c.platformCampaignId, platform: 'socialfeed' },
				],
			},
		});
		expect(r.error).toBeUndefined();
		expect((r.requests[0].body as IDataObject).campaigns).toEqual([a, b, c].map((x) => ({ campaignId: x.platformCampaignId, platform: 'socialfeed' })));
		expect(r.json[0]).toMatchObject({ campaigns: 3, updated: 3 });
	});
});
