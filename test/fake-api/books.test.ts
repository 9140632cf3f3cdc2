import { breaches, postIdOf, startFakeApi, summarise, type FakeApiServer } from '../../fake-api';
import { plainClient, socialAd } from './client';

/**
 * The books of the fake API (fake-api/books.ts): every effect an accepted request has on spending,
 * and the contract's rules (docs/reference/contract.md) that decide whether a request has one (dry runs, Idempotency-Key scope,
 * case-sensitive enums, keywords through an ad's targeting). A plain HTTP client.
 */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const call = plainClient(() => api);
const boost = { postId: postIdOf('acc_social1', 0), accountId: 'acc_social1', adAccountId: 'act_1001', budgetAmount: 15, budgetType: 'daily', status: 'PAUSED' };
const CAMPAIGN_ACCOUNTS: Record<string, [string, string]> = {
	searchnet: ['acc_search1', '123-456-7890'],
	microblog: ['acc_micro1', 'mb-18ce'],
	pronet: ['acc_pro1', '501'],
	videonet: ['acc_video1', '7001'],
};

test('a create is one entry with its status and budget; a dry run, a repeat of its key, a conflict and a refusal write none', async () => {
	const key = { 'idempotency-key': 'key-1' };
	expect((await call('POST', '/v1/ads/create', socialAd, key)).status).toBe(200);
	expect((await call('POST', '/v1/ads/create', socialAd, key)).status).toBe(200);
	expect((await call('POST', '/v1/ads/create', { ...socialAd, budgetAmount: 16 }, key)).status).toBe(409);
	expect((await call('POST', '/v1/ads/create', { ...socialAd, validateOnly: true })).status).toBe(200);
	expect((await call('POST', '/v1/ads/create', { ...socialAd, headline: undefined })).status).toBe(400);
	const [ad] = api.ads.ads.values();
	expect(api.books.entries).toEqual([
		{ kind: 'create', method: 'POST', path: '/v1/ads/create', request: 1, object: 'ad', id: ad.id, accountId: 'acc_social1', adAccountId: 'act_1001', status: 'paused', budget: { amount: 15, type: 'daily' } },
	]);
	expect(Object.isFrozen(api.books.entries[0])).toBe(true);
});

test('an Idempotency-Key belongs to the API key and the path: the same key on create and boost, or from another API key, is done again', async () => {
	const other = api.addKey('sk_test_other_0123456789');
	const key = { 'idempotency-key': 'same-key' };
	expect((await call('POST', '/v1/ads/create', socialAd, key)).status).toBe(200);
	expect((await call('POST', '/v1/ads/boost', boost, key)).status).toBe(200);
	expect((await call('POST', '/v1/ads/create', socialAd, key, other)).status).toBe(200);
	expect((await call('POST', '/v1/ads/create', socialAd, key)).body).toMatchObject({ ad: { id: api.books.entries[0].id } });
	expect(api.books.entries.map((e) => `${e.kind} ${e.path}`)).toEqual(['create /v1/ads/create', 'create /v1/ads/boost', 'create /v1/ads/create']);
	expect(api.ads.ads.size).toBe(3);
});

test('Campaign create: validateOnly is a dry run on socialnet and chatnet only; elsewhere the campaign is created as sent, status and budget included', async () => {
	const chat = await call('POST', '/v1/connect/chatnet/ads', { api_key: 'cn_live_abcdefgh12' });
	const chatAccount = api.ads.connection(chat.body.id).adAccounts[0].adAccountId;
	const campaign = (accountId: string, adAccountId: string) => ({ accountId, adAccountId, name: 'Dry', goal: 'traffic', status: 'ACTIVE', budget: { amount: 1_000_000, type: 'daily' }, validateOnly: true });
	for (const [accountId, adAccountId] of [['acc_social1', 'act_1001'], [chat.body.id, chatAccount]]) {
		expect((await call('POST', '/v1/ads/campaigns', campaign(accountId, adAccountId))).body).toMatchObject({ validateOnly: true, valid: true, checked_by: 'network' });
	}
	expect(api.books.entries).toEqual([]);
	for (const [network, [accountId, adAccountId]] of Object.entries(CAMPAIGN_ACCOUNTS)) {
		const r = await call('POST', '/v1/ads/campaigns', campaign(accountId, adAccountId));
		expect([network, r.body.campaign?.status]).toEqual([network, 'active']);
	}
	expect(api.books.entries.map((e) => [e.kind, e.object, e.accountId, e.status, e.budget])).toEqual(
		Object.values(CAMPAIGN_ACCOUNTS).map(([accountId]) => ['create', 'campaign', accountId, 'active', { amount: 1_000_000, type: 'daily' }]),
	);
	expect(summarise(api.books.entries)).toMatchObject({ effects: 4, actions: 4, maxBudget: { daily: 1_000_000, lifetime: 0 }, active: true });
});

test('status and budget type are case-sensitive enums: anything else is 400 invalid_request naming the field, and nothing is booked', async () => {
	const c = api.ads.seedCampaign('acc_social1', 'Seeded');
	const [ad] = api.ads.adsOf(c.platformCampaignId);
	const refused = [
		['POST', '/v1/ads/create', { ...socialAd, status: 'paused' }, 'status'],
		['POST', '/v1/ads/create', { ...socialAd, status: ' PAUSED ' }, 'status'],
		['POST', '/v1/ads/boost', { ...boost, budgetType: 'Lifetime' }, 'budgetType'],
		['POST', '/v1/ads/campaigns', { accountId: 'acc_social1', adAccountId: 'act_1001', name: 'C', goal: 'traffic', status: 'Active' }, 'status'],
		['POST', '/v1/ads/campaigns', { accountId: 'acc_social1', adAccountId: 'act_1001', name: 'C', goal: 'traffic', budget: { amount: 5, type: 'DAILY' } }, 'budget.type'],
		['PUT', `/v1/ads/${ad.id}`, { status: 'ACTIVE' }, 'status'],
		['PUT', `/v1/ads/${ad.id}/status`, { status: 'Active' }, 'status'],
	] as const;
	for (const [method, path, body, field] of refused) {
		const r = await call(method, path, body);
		expect([path, r.status, r.body.error.code, r.body.error.details.map((d: { field: string }) => d.field)]).toEqual([path, 400, 'invalid_request', [field]]);
	}
	expect(api.books.entries).toEqual([]);
});

test('PUT /v1/ads/{adId} with targeting.keywords on searchnet adds keywords that bid to its ad group; on socialnet they are targeting only', async () => {
	const search = api.ads.seedCampaign('acc_search1', 'Search');
	const [ad] = api.ads.adsOf(search.platformCampaignId);
	const r = await call('PUT', `/v1/ads/${ad.id}`, { targeting: { keywords: ['Linen Dress', { text: 'summer hat', matchType: 'exact' }], locations: ['US'] } });
	expect(r.status).toBe(200);
	const listed = await call('GET', `/v1/ads/keywords?accountId=acc_search1&adSetId=${ad.platformAdSetId}`);
	expect(listed.body.keywords.map((k: { keyword: string; status: string }) => [k.keyword, k.status])).toEqual([
		['linen dress', 'active'],
		['summer hat', 'active'],
	]);
	expect(api.books.entries).toEqual([
		{ kind: 'keywords', method: 'PUT', path: `/v1/ads/${ad.id}`, request: 1, object: 'adSet', id: ad.platformAdSetId, accountId: 'acc_search1', adAccountId: '123-456-7890', keywords: ['linen dress', 'summer hat'] },
	]);
	expect((await call('PUT', `/v1/ads/${ad.id}`, { targeting: { keywords: 'linen' } })).status).toBe(400);

	const social = api.ads.seedCampaign('acc_social1', 'Social');
	const [socialAdSeeded] = api.ads.adsOf(social.platformCampaignId);
	expect((await call('PUT', `/v1/ads/${socialAdSeeded.id}`, { targeting: { keywords: ['linen'] } })).status).toBe(200);
	expect(api.books.entries).toHaveLength(1);
});

test('activations, budgets and bids are booked when they can spend more; a pause, a lower budget, the same bid and negative keywords are not', async () => {
	const c = api.ads.seedCampaign('acc_search1', 'Search');
	const [set] = api.ads.adSetsOf(c.platformCampaignId);
	const [ad] = api.ads.adsOf(c.platformCampaignId);
	const [kw] = api.keywords.seed('acc_search1', c.platformCampaignId, set.platformAdSetId, ['linen']);
	const platform = { platform: 'searchnet' };
	await call('PUT', `/v1/ads/campaigns/${c.platformCampaignId}/status`, { status: 'paused', ...platform });
	await call('PUT', `/v1/ads/campaigns/${c.platformCampaignId}/status`, { status: 'active', ...platform });
	await call('PUT', `/v1/ads/campaigns/${c.platformCampaignId}`, { ...platform, budget: { amount: 10, type: 'daily' } });
	await call('PUT', `/v1/ads/campaigns/${c.platformCampaignId}`, { ...platform, budget: { amount: 30, type: 'daily' }, bidStrategy: 'MAXIMIZE_CLICKS' });
	await call('PUT', `/v1/ads/ad-sets/${set.platformAdSetId}`, { ...platform, bidAmount: 2 });
	await call('PUT', `/v1/ads/ad-sets/${set.platformAdSetId}`, { ...platform, bidAmount: 1 });
	await call('PUT', `/v1/ads/${ad.id}/status`, { status: 'paused' });
	await call('PUT', `/v1/ads/${ad.id}`, { status: 'active', budget: { amount: 40, type: 'daily' } });
	await call('PATCH', `/v1/ads/keywords/${kw.id}`, { accountId: 'acc_search1', status: 'paused' });
	await call('PATCH', `/v1/ads/keywords/${kw.id}`, { accountId: 'acc_search1', status: 'active' });
	await call('POST', '/v1/ads/keywords', { accountId: 'acc_search1', adSetId: set.platformAdSetId, keywords: ['cheap'], negative: true });
	const rec = api.recommendations.seed('CAMPAIGN_BUDGET', c.platformCampaignId, { base: { clicks: 1, cost: 50 }, potential: { clicks: 2, cost: 100 } });
	const beforeApply = api.books.mark();
	await call('POST', '/v1/ads/recommendations/apply', { accountId: 'acc_search1', adAccountId: '123-456-7890', recommendations: [{ resourceName: rec.resourceName }] });
	expect(api.books.entries.map((e) => [e.kind, e.object, e.id, e.budget?.amount ?? e.bid ?? e.before, e.recommendation?.type])).toEqual([
		['activate', 'campaign', c.platformCampaignId, 'paused', undefined],
		['budget', 'campaign', c.platformCampaignId, 30, undefined],
		['bid', 'campaign', c.platformCampaignId, { strategy: 'MAXIMIZE_CLICKS', amount: undefined }, undefined],
		['bid', 'adSet', set.platformAdSetId, { strategy: undefined, amount: 2 }, undefined],
		['activate', 'ad', ad.id, 'paused', undefined],
		['budget', 'ad', ad.id, 40, undefined],
		['activate', 'keyword', kw.id, 'paused', undefined],
		['budget', 'campaign', c.platformCampaignId, 60, 'CAMPAIGN_BUDGET'],
	]);
	const all = api.books.entries;
	expect(summarise(all)).toEqual({ effects: 8, actions: 6, kinds: { create: 0, activate: 3, budget: 3, bid: 2, keywords: 0 }, maxBudget: { daily: 60, lifetime: 0 }, active: true });
	const caps = { maxDailyBudget: 50, maxLifetimeBudget: 0, pausedOnly: true, maxSpendingCallsPerExecution: 5 };
	expect(breaches(all, caps)).toEqual([
		`activate by PUT /v1/ads/campaigns/${c.platformCampaignId}/status (campaign ${c.platformCampaignId}): left active under Paused Only`,
		`activate by PUT /v1/ads/${ad.id} (ad ${ad.id}): left active under Paused Only`,
		`activate by PATCH /v1/ads/keywords/${kw.id} (keyword ${kw.id}): left active under Paused Only`,
		`budget by POST /v1/ads/recommendations/apply (campaign ${c.platformCampaignId}): daily budget 60 over the cap of 50`,
		'6 spending actions, over the cap of 5',
	]);
	// what one request did, read from a mark taken before it: the applied recommendation alone
	expect(breaches(api.books.since(beforeApply), caps)).toEqual([`budget by POST /v1/ads/recommendations/apply (campaign ${c.platformCampaignId}): daily budget 60 over the cap of 50`]);
	expect(breaches(api.books.since(beforeApply), { ...caps, maxDailyBudget: 60 })).toEqual([]);
});

test('a budget whose type changes is booked as a raise at any amount (daily 20 → lifetime 5 runs on every day until it ends): on an ad, a campaign and an ad set', async () => {
	const c = api.ads.seedCampaign('acc_search1', 'Search');
	const [set] = api.ads.adSetsOf(c.platformCampaignId);
	const [ad] = api.ads.adsOf(c.platformCampaignId);
	const lifetime = { amount: 5, type: 'lifetime' };
	expect((await call('PUT', `/v1/ads/${ad.id}`, { budget: lifetime })).status).toBe(200);
	expect((await call('PUT', `/v1/ads/campaigns/${c.platformCampaignId}`, { platform: 'searchnet', budget: lifetime })).status).toBe(200);
	expect((await call('PUT', `/v1/ads/ad-sets/${set.platformAdSetId}`, { platform: 'searchnet', budget: lifetime })).status).toBe(200);
	// the same type at a lower amount again: no raise
	expect((await call('PUT', `/v1/ads/${ad.id}`, { budget: { amount: 4, type: 'lifetime' } })).status).toBe(200);
	expect(api.books.entries.map((e) => [e.kind, e.object, e.id, e.budget, e.before])).toEqual([
		['budget', 'ad', ad.id, lifetime, { amount: 20, type: 'daily' }],
		['budget', 'campaign', c.platformCampaignId, lifetime, { amount: 20, type: 'daily' }],
		['budget', 'adSet', set.platformAdSetId, lifetime, { amount: 20, type: 'daily' }],
	]);
	const caps = { maxDailyBudget: 50, maxLifetimeBudget: 1, pausedOnly: false, maxSpendingCallsPerExecution: 3 };
	expect(breaches(api.books.entries, caps)).toEqual([
		`budget by PUT /v1/ads/${ad.id} (ad ${ad.id}): lifetime budget 5 over the cap of 1`,
		`budget by PUT /v1/ads/campaigns/${c.platformCampaignId} (campaign ${c.platformCampaignId}): lifetime budget 5 over the cap of 1`,
		`budget by PUT /v1/ads/ad-sets/${set.platformAdSetId} (adSet ${set.platformAdSetId}): lifetime budget 5 over the cap of 1`,
	]);
});

test('a bulk status call switching on three campaigns is three spending actions; one campaign with its ad sets is one', async () => {
	const campaigns = ['A', 'B', 'C'].map((name) => api.ads.seedCampaign('acc_social1', name));
	const platform = 'socialfeed';
	const bulk = (status: string) => call('POST', '/v1/ads/campaigns/bulk-status', { status, campaigns: campaigns.map((c) => ({ campaignId: c.platformCampaignId, platform })) });
	expect((await bulk('paused')).body).toEqual({ updated: 3, skipped: 0 });
	expect(api.books.entries).toEqual([]);
	expect((await bulk('active')).body).toEqual({ updated: 3, skipped: 0 });
	const entries = api.books.entries;
	expect(entries.map((e) => [e.kind, e.object, e.id, e.request])).toEqual(campaigns.map((c) => ['activate', 'campaign', c.platformCampaignId, 1]));
	expect(summarise(entries)).toMatchObject({ effects: 3, actions: 3 });
	const caps = { maxDailyBudget: 100, maxLifetimeBudget: 100, pausedOnly: false, maxSpendingCallsPerExecution: 2 };
	expect(breaches(entries, caps)).toEqual(['3 spending actions, over the cap of 2']);
	expect(breaches(entries, { ...caps, maxSpendingCallsPerExecution: 3 })).toEqual([]);

	const mark = api.books.mark();
	const [one] = campaigns;
	await call('PUT', `/v1/ads/campaigns/${one.platformCampaignId}/status`, { status: 'paused', platform });
	await call('PUT', `/v1/ads/campaigns/${one.platformCampaignId}/status`, { status: 'active', platform });
	expect(api.ads.adSetsOf(one.platformCampaignId).map((s) => s.status)).toEqual(['active']);
	expect(summarise(api.books.since(mark))).toMatchObject({ effects: 1, actions: 1 });
});

test('microblog: switching an ad on switches its line item on too (PUT /v1/ads/{adId}/status, or PUT /v1/ads/{adId} with status), booked as part of the ad\'s one action', async () => {
	const c = api.ads.seedCampaign('acc_micro1', 'Micro');
	const [ad] = api.ads.adsOf(c.platformCampaignId);
	const lineItem = () => api.ads.adSets.get(ad.platformAdSetId)!;
	const asPart = (request: number, before: string) => ({ kind: 'activate', method: 'PUT', request, object: 'adSet', id: ad.platformAdSetId, accountId: 'acc_micro1', adAccountId: 'mb-18ce', status: 'active', before, partOf: { object: 'ad', id: ad.id }, activeBudget: lineItem().budget });

	await call('PUT', `/v1/ads/${ad.id}/status`, { status: 'paused' });
	expect([ad.status, lineItem().status, api.books.entries]).toEqual(['paused', 'paused', []]);
	await call('PUT', `/v1/ads/${ad.id}/status`, { status: 'active' });
	expect([ad.status, lineItem().status]).toEqual(['active', 'active']);
	expect(api.books.entries).toEqual([
		{ kind: 'activate', method: 'PUT', path: `/v1/ads/${ad.id}/status`, request: 1, object: 'ad', id: ad.id, accountId: 'acc_micro1', adAccountId: 'mb-18ce', status: 'active', before: 'paused', activeBudget: ad.budget },
		{ ...asPart(1, 'paused'), path: `/v1/ads/${ad.id}/status` },
	]);
	expect(summarise(api.books.entries)).toMatchObject({ effects: 2, actions: 1 });

	// the line item paused on its own, the ad still active: switching the ad on starts the line item again
	await call('PUT', `/v1/ads/ad-sets/${ad.platformAdSetId}/status`, { status: 'paused' });
	const mark = api.books.mark();
	await call('PUT', `/v1/ads/${ad.id}/status`, { status: 'active' });
	expect(api.books.since(mark)).toEqual([{ ...asPart(2, 'paused'), path: `/v1/ads/${ad.id}/status` }]);
	expect(breaches(api.books.since(mark), { maxDailyBudget: 100, maxLifetimeBudget: 100, pausedOnly: true, maxSpendingCallsPerExecution: 1 })).toEqual([
		`activate by PUT /v1/ads/${ad.id}/status (adSet ${ad.platformAdSetId}): left active under Paused Only`,
	]);

	// PUT /v1/ads/{adId} with status does the same
	expect((await call('PUT', `/v1/ads/${ad.id}`, { status: 'paused' })).status).toBe(200);
	expect([ad.status, lineItem().status]).toEqual(['paused', 'paused']);
	const again = api.books.mark();
	expect((await call('PUT', `/v1/ads/${ad.id}`, { status: 'active' })).status).toBe(200);
	expect(api.books.since(again).map((e) => [e.object, e.id, e.path, e.partOf])).toEqual([
		['ad', ad.id, `/v1/ads/${ad.id}`, undefined],
		['adSet', ad.platformAdSetId, `/v1/ads/${ad.id}`, { object: 'ad', id: ad.id }],
	]);
	expect(summarise(api.books.since(again)).actions).toBe(1);
});
