import { byId, useFakeApi } from '../../harness/context';
import { MICRO, PRO, SEARCH, SOCIAL } from './helpers';

const ctx = useFakeApi('storefrontAds');
const run = (parameters: Record<string, unknown>, extra = {}) => ctx.run({ resource: 'campaign', ...parameters } as never, extra);
const seed = (accountId: string, name: string, ads = 1) => ctx.api.ads.seedCampaign(accountId, name, ads);

describe('Get Tree', () => {
	test('one item per campaign with ad sets and ads, metrics rolled up; search and dates in the query', async () => {
		const summer = seed(SOCIAL, 'Summer sale', 2);
		seed(SOCIAL, 'Winter sale', 1);
		const r = await run({ operation: 'getTree', returnAll: true, filters: { search: 'summer', fromDate: '2026-09-01T00:00:00' } });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', '/v1/ads/tree', { search: 'summer', fromDate: '2026-09-01', limit: '500', page: '1' }],
		]);
		expect(r.json).toHaveLength(1);
		const [tree] = r.json as Array<{ platformCampaignId: string; metrics: { spend: number }; adSets: Array<{ ads: Array<{ metrics: { spend: number } }> }> }>;
		expect(tree.platformCampaignId).toBe(summer.platformCampaignId);
		expect(tree.adSets[0].ads).toHaveLength(2);
		const adSpend = tree.adSets[0].ads.reduce((t, a) => t + a.metrics.spend, 0);
		expect(tree.metrics.spend).toBeCloseTo(adSpend, 2);
	});

	test('Limit across pages: 3 campaigns, limit 2 → one request of 2', async () => {
		for (const n of ['A', 'B', 'C']) seed(SOCIAL, n);
		const r = await run({ operation: 'getTree', limit: 2 });
		expect(r.requests.map((q) => q.query)).toEqual([{ limit: '2', page: '1' }]);
		expect(r.json.map((c) => c.campaignName)).toEqual(['A', 'B']);
	});
});

test('Get Many: page-style Return All with filters', async () => {
	for (let i = 0; i < 7; i++) seed(SOCIAL, `S${i}`, 0);
	seed(SEARCH, 'Search one', 0);
	const r = await run({ operation: 'getAll', returnAll: true, filters: { platform: 'socialfeed', adAccountId: 'act_1001', source: 'all', status: 'active' } });
	expect(r.error).toBeUndefined();
	expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
		['GET', '/v1/ads/campaigns', { platform: 'socialfeed', adAccountId: 'act_1001', source: 'all', status: 'active', limit: '500', page: '1' }],
	]);
	expect(r.json).toHaveLength(7);
	expect(r.json[0]).toEqual({ platformCampaignId: expect.any(String), platform: 'socialfeed', campaignName: 'S0', status: 'active', currency: 'USD', budget: { amount: 20, type: 'daily' }, adCount: 0 });
});

describe('Create', () => {
	const create = (extra: Record<string, unknown> = {}) =>
		run({ operation: 'create', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), name: 'Autumn', goal: 'engagement', ...extra });

	test('POST with the budget object, PAUSED and an Idempotency-Key; the output is the campaign', async () => {
		const r = await create({ additionalFields: { budget: 50, budgetType: 'daily' } });
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(1);
		expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/v1/ads/campaigns', query: {} });
		expect(r.requests[0].body).toEqual({ accountId: SOCIAL, adAccountId: 'act_1001', name: 'Autumn', goal: 'engagement', status: 'PAUSED', budget: { amount: 50, type: 'daily' } });
		expect(r.requests[0].headers['idempotency-key']).toMatch(/^n8n-[0-9a-f]{40}$/);
		expect(r.json).toEqual([{ platformCampaignId: expect.any(String), platform: 'socialfeed', campaignName: 'Autumn', status: 'paused' }]);
	});

	test('Validate Only looks the Ad Connection\'s network up, then returns the check and creates nothing', async () => {
		const r = await create({ validateOnly: true });
		expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/ads/connections', 'POST /v1/ads/campaigns']);
		expect(r.requests[1].body).toMatchObject({ validateOnly: true });
		expect(r.json[0]).toMatchObject({ validateOnly: true, valid: true, checked_by: 'network' });
		expect(ctx.api.ads.campaigns.size).toBe(0);
	});

	test('searchnet, microblog and chatnet need a budget: refused before the call', async () => {
		const r = await create({ network: 'searchnet', accountId: byId(SEARCH), adAccountId: byId('123-456-7890') });
		expect(r.error?.message).toBe('A searchnet campaign needs a budget');
		expect(r.requests).toHaveLength(0);
	});

	test('Budget Type alone is refused', async () => {
		const r = await create({ additionalFields: { budgetType: 'lifetime' } });
		expect(r.error?.message).toBe('Budget Type needs a Budget Amount');
	});
});

describe('Update', () => {
	test('PUT with platform, budget, bid strategy and amount', async () => {
		const c = seed(SEARCH, 'S');
		const r = await run({
			operation: 'update',
			campaignId: byId(c.platformCampaignId),
			platform: 'searchnet',
			updateFields: { budget: 80, budgetType: 'daily', bidStrategy: 'MAXIMIZE_CLICKS', bidAmount: 2 },
		});
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			['PUT', `/v1/ads/campaigns/${c.platformCampaignId}`, { platform: 'searchnet', budget: { amount: 80, type: 'daily' }, bidStrategy: 'MAXIMIZE_CLICKS', bidAmount: 2 }],
		]);
		expect(r.json).toEqual([{ success: true }]);
		expect(ctx.api.ads.campaign(c.platformCampaignId)).toMatchObject({ budget: { amount: 80, type: 'daily' }, bidStrategy: 'MAXIMIZE_CLICKS', bidAmount: 2 });
	});

	test('the name changes on socialnet only; microblog is refused; chatnet takes budgets only (all before the call)', async () => {
		const c = seed(SOCIAL, 'S');
		const renamed = await run({ operation: 'update', campaignId: byId(c.platformCampaignId), platform: 'socialfeed', updateFields: { name: 'New' } });
		expect(renamed.error).toBeUndefined();
		expect(ctx.api.ads.campaign(c.platformCampaignId).campaignName).toBe('New');
		const refused = await Promise.all([
			run({ operation: 'update', campaignId: byId(c.platformCampaignId), platform: 'searchnet', updateFields: { name: 'X' } }),
			run({ operation: 'update', campaignId: byId(c.platformCampaignId), platform: 'microblog', updateFields: { budget: 5 } }),
			run({ operation: 'update', campaignId: byId(c.platformCampaignId), platform: 'chatnet', updateFields: { bidAmount: 2 } }),
		]);
		expect(refused.map((r) => r.error?.message)).toEqual([
			'Only socialnet names can be changed',
			'Microblog campaigns cannot be updated',
			'Chatnet takes budget changes only',
		]);
		expect(refused.flatMap((r) => r.requests)).toHaveLength(0);
	});

	test('the microblog refusal points at operations that work (Ad Set → Update, Ad → Update)', async () => {
		const c = seed(SOCIAL, 'S');
		const r = await run({ operation: 'update', campaignId: byId(c.platformCampaignId), platform: 'microblog', updateFields: { budget: 5 } });
		expect(r.error?.description).toBe('Change the budget on the line item (Ad Set → Update an ad set) or on the ad (Ad → Update an ad).');
	});

	test('a campaign bid with cents is refused before the call (whole units, reference)', async () => {
		const c = seed(SEARCH, 'S');
		const r = await run({ operation: 'update', campaignId: byId(c.platformCampaignId), platform: 'searchnet', updateFields: { bidAmount: 1.5 } });
		expect(r.requests).toHaveLength(0);
		expect(r.error?.message).toBe('Bid Amount must be a whole number');
		expect(r.error?.description).toMatch(/Campaign bids are whole units/);
	});

	test('a budget with cents is refused before the call', async () => {
		const c = seed(SEARCH, 'S');
		const r = await run({ operation: 'update', campaignId: byId(c.platformCampaignId), platform: 'searchnet', updateFields: { budget: 25.5 } });
		expect(r.requests).toHaveLength(0);
		expect(r.error?.message).toBe('Budget Amount must be a whole number');
	});
});

describe('Delete', () => {
	test('DELETE with the platform in the body removes the campaign and everything in it', async () => {
		const c = seed(SOCIAL, 'Old', 2);
		const r = await run({ operation: 'delete', campaignId: byId(c.platformCampaignId), platform: 'socialfeed' });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['DELETE', `/v1/ads/campaigns/${c.platformCampaignId}`, { platform: 'socialfeed' }]]);
		expect(r.json).toEqual([{ deleted: true, success: true }]);
		expect(ctx.api.ads.campaigns.has(c.platformCampaignId)).toBe(false);
		expect(ctx.api.ads.adsOf(c.platformCampaignId)).toHaveLength(0);
	});

	test('other networks are refused before the call, pointing to pausing it', async () => {
		const c = seed(PRO, 'P');
		const r = await run({ operation: 'delete', campaignId: byId(c.platformCampaignId), platform: 'pronet' });
		expect(r.error?.message).toBe('Campaigns on pronet cannot be deleted through the API');
		expect(r.error?.description).toBe('Pause it instead (Campaign → Pause or resume a campaign).');
		expect(r.requests).toHaveLength(0);
	});
});

test('Set Status: PUT .../status with status and platform; counts of changed and skipped objects', async () => {
	const c = seed(MICRO, 'M');
	const r = await run({ operation: 'setStatus', campaignId: byId(c.platformCampaignId), status: 'paused', platform: 'microblog' });
	expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PUT', `/v1/ads/campaigns/${c.platformCampaignId}/status`, { status: 'paused', platform: 'microblog' }]]);
	expect(r.json).toEqual([{ status: 'paused', updated: 2, skipped: 0 }]);
	const again = await run({ operation: 'setStatus', campaignId: byId(c.platformCampaignId), status: 'paused', platform: 'microblog' });
	expect(again.json).toEqual([{ status: 'paused', updated: 0, skipped: 2 }]);
});

describe('Bulk Set Status', () => {
	const seedMany = (n: number) => Array.from({ length: n }, (_, i) => seed(i % 2 ? SOCIAL : SEARCH, `C${i}`, 0));

	test('120 campaigns from Get Many output are sent as 50 + 50 + 20 and the counts are merged', async () => {
		const campaigns = seedMany(120);
		ctx.api.ads.campaign(campaigns[0].platformCampaignId).status = 'paused';
		const rows = campaigns.map(({ platformCampaignId, platform, campaignName }) => ({ platformCampaignId, platform, campaignName }));
		const r = await run({ operation: 'bulkSetStatus', status: 'paused', campaignsInput: 'json', campaignsJson: JSON.stringify(rows) });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, (q.body as { campaigns: unknown[] }).campaigns.length])).toEqual([
			['POST', '/v1/ads/campaigns/bulk-status', 50],
			['POST', '/v1/ads/campaigns/bulk-status', 50],
			['POST', '/v1/ads/campaigns/bulk-status', 20],
		]);
		expect((r.requests[0].body as { campaigns: unknown[] }).campaigns[0]).toEqual({ campaignId: campaigns[0].platformCampaignId, platform: campaigns[0].platform });
		expect(r.json).toEqual([{ status: 'paused', campaigns: 120, updated: 119, skipped: 1, calls: 3 }]);
		expect([...ctx.api.ads.campaigns.values()].every((c) => c.status === 'paused')).toBe(true);
	});

	test('with splitting off, more than 50 is refused before any call', async () => {
		const rows = seedMany(51).map((c) => ({ campaignId: c.platformCampaignId, platform: c.platform }));
		const r = await run({ operation: 'bulkSetStatus', status: 'paused', campaignsInput: 'json', campaignsJson: rows, autoSplit: false });
		expect(r.error?.message).toBe('51 campaigns are more than the 50 one call takes');
		expect(r.requests).toHaveLength(0);
	});

	test('campaigns defined in the node: one call', async () => {
		const [a, b] = seedMany(2);
		const r = await run({
			operation: 'bulkSetStatus',
			status: 'paused',
			campaigns: { campaign: [{ campaignId: a.platformCampaignId, platform: a.platform }, { campaignId: b.platformCampaignId, platform: b.platform }] },
		});
		expect(r.requests.map((q) => q.body)).toEqual([
			{ status: 'paused', campaigns: [{ campaignId: a.platformCampaignId, platform: 'searchnet' }, { campaignId: b.platformCampaignId, platform: 'socialfeed' }] },
		]);
		expect(r.json).toEqual([{ status: 'paused', campaigns: 2, updated: 2, skipped: 0, calls: 1 }]);
	});

	test('an entry without a platform is named', async () => {
		const r = await run({ operation: 'bulkSetStatus', status: 'active', campaignsInput: 'json', campaignsJson: '[{"campaignId": "1"}]' });
		expect(r.error?.message).toBe('Campaign 1 needs a campaign ID and a platform');
	});
});

test('Get Analytics: pronet breakdowns in the query', async () => {
	const c = seed(PRO, 'Hiring');
	const r = await run({ operation: 'getAnalytics', campaignId: byId(c.platformCampaignId), options: { breakdowns: ['seniority', 'industry'], toDate: '2026-11-10' } });
	expect(r.error).toBeUndefined();
	expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
		['GET', `/v1/ads/campaigns/${c.platformCampaignId}/analytics`, { breakdowns: 'seniority,industry', toDate: '2026-11-10' }],
	]);
	expect(r.json[0]).toMatchObject({
		campaign: { platformCampaignId: c.platformCampaignId, campaignName: 'Hiring', currency: 'USD' },
		analytics: { summary: expect.any(Object), breakdowns: [{ dimension: 'seniority', rows: [] }, { dimension: 'industry', rows: [] }] },
	});
	expect((r.json[0].analytics as { daily: unknown[] }).daily).toHaveLength(7);
});
