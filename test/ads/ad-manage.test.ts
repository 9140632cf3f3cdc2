import { byId, useFakeApi } from '../../harness/context';
import { MICRO, SEARCH, SOCIAL } from './helpers';

const ctx = useFakeApi('storefrontAds');
const run = (parameters: Record<string, unknown>, extra = {}) => ctx.run({ resource: 'ad', ...parameters } as never, extra);
const firstAd = (accountId = SOCIAL, name = 'Seeded') => ctx.api.ads.adsOf(ctx.api.ads.seedCampaign(accountId, name, 1).platformCampaignId)[0];

describe('Get Many (page + limit, max 500)', () => {
	test('Return All walks pages of 500 and keeps the filters on every page', async () => {
		ctx.api.ads.seedCampaign(SOCIAL, 'Big', 1100);
		ctx.api.ads.seedCampaign(SEARCH, 'Other', 3);
		const r = await run({ operation: 'getAll', returnAll: true, filters: { platform: 'socialfeed', status: 'active' } });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', '/v1/ads', { platform: 'socialfeed', status: 'active', limit: '500', page: '1' }],
			['GET', '/v1/ads', { platform: 'socialfeed', status: 'active', limit: '500', page: '2' }],
			['GET', '/v1/ads', { platform: 'socialfeed', status: 'active', limit: '500', page: '3' }],
		]);
		expect(r.json).toHaveLength(1100);
		expect(new Set(r.json.map((a) => a.id)).size).toBe(1100);
		expect(r.json[0]).toMatchObject({ platform: 'socialfeed', status: 'active', metrics: expect.objectContaining({ spend: expect.any(Number) }) });
	});

	test('Limit asks for exactly that many; campaign, source and date window go in the query', async () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'C', 80);
		const r = await run({
			operation: 'getAll',
			limit: 75,
			filters: { campaignId: campaign.platformCampaignId, source: 'all', fromDate: '2020-01-01T00:00:00', toDate: '2099-12-31T00:00:00' },
		});
		expect(r.error?.message).toMatch(/fromDate: at most 730 days back/);
		const ok = await run({ operation: 'getAll', limit: 75, filters: { campaignId: campaign.platformCampaignId, source: 'all', fromDate: new Date().toISOString() } });
		expect(ok.requests).toHaveLength(1);
		expect(ok.requests[0].query).toEqual({ campaignId: campaign.platformCampaignId, source: 'all', fromDate: new Date().toISOString().slice(0, 10), limit: '75', page: '1' });
		expect(ok.json).toHaveLength(75);
	});

	test('202 backfillPending is a clear error, not an empty list', async () => {
		firstAd();
		await run({ resource: 'connection', operation: 'connectChatnet' }, { credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false, chatnetApiKey: 'cn_live_ABCDEFGH1234' } });
		const r = await run({ operation: 'getAll', returnAll: true });
		expect(r.requests[0].status).toBe(202);
		expect(r.error?.message).toBe('The ad history is still being imported');
		expect(r.error?.description).toMatch(/run the node again in a few minutes/);
		const soft = await run({ operation: 'getAll', returnAll: true }, { continueOnFail: true });
		expect(soft.json).toEqual([{ error: 'The ad history is still being imported' }]);
	});
});

test('Get: with Live, asks the network again; Simplify (on by default) keeps 10 fields, off the ad with creative, targeting, schedule and stale', async () => {
	const ad = firstAd();
	const cached = await run({ operation: 'get', adId: byId(ad.id) });
	expect(cached.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', `/v1/ads/${ad.id}`, {}]]);
	expect(cached.json[0]).toMatchObject({ id: ad.id, stale: true });
	expect(Object.keys(cached.json[0]).length).toBeLessThanOrEqual(10);
	const whole = await run({ operation: 'get', adId: byId(ad.id), simplify: false });
	expect(whole.json[0]).toMatchObject({ id: ad.id, stale: true, creative: {}, targeting: {}, schedule: {} });
	const live = await run({ operation: 'get', adId: byId(ad.id), live: true });
	expect(live.requests[0].query).toEqual({ live: 'true' });
	expect(live.json).toEqual([expect.objectContaining({ id: ad.id, name: ad.name, stale: false, metrics: expect.any(Object) })]);
});

describe('Update', () => {
	test('PUT with the budget object, lists split and JSON parsed; the output is {id, budget}', async () => {
		const ad = firstAd();
		const r = await run({
			operation: 'update',
			adId: byId(ad.id),
			updateFields: { budget: 40, budgetType: 'lifetime', name: 'Renamed', targeting: '{"countries": ["US"]}', status: 'paused' },
		});
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			['PUT', `/v1/ads/${ad.id}`, { budget: { amount: 40, type: 'lifetime' }, name: 'Renamed', targeting: { countries: ['US'] }, status: 'paused' }],
		]);
		expect(r.json).toEqual([{ id: ad.id, budget: { amount: 40, type: 'lifetime' }, message: 'Updated' }]);
		expect(ctx.api.ads.ad(ad.id)).toMatchObject({ name: 'Renamed', status: 'paused', targeting: { countries: ['US'] } });
	});

	test('searchnet headlines, descriptions and final URLs go as lists', async () => {
		const ad = firstAd(SEARCH);
		const r = await run({ operation: 'update', adId: byId(ad.id), updateFields: { headlines: 'A\nB', descriptions: 'Long one', finalUrls: 'https://a.example' } });
		expect(r.requests[0].body).toEqual({ headlines: ['A', 'B'], descriptions: ['Long one'], finalUrls: ['https://a.example'] });
	});

	test('a comma typed into Headlines or Descriptions stays inside its entry (fix 3)', async () => {
		const ad = firstAd(SEARCH);
		const r = await run({
			operation: 'update',
			adId: byId(ad.id),
			updateFields: { headlines: 'Summer sale, 50% off\nLinen, cotton', descriptions: 'Free returns, always', finalUrls: 'https://a.example/?a=1,2' },
		});
		expect(r.requests[0].body).toEqual({
			headlines: ['Summer sale, 50% off', 'Linen, cotton'],
			descriptions: ['Free returns, always'],
			finalUrls: ['https://a.example/?a=1,2'],
		});
	});

	test('501 on a microblog creative change says to create a new ad', async () => {
		const ad = firstAd(MICRO);
		const r = await run({ operation: 'update', adId: byId(ad.id), updateFields: { creative: '{"body": "new"}' } });
		expect(r.requests[0].status).toBe(501);
		expect(r.error?.message).toBe('This network cannot change that on an existing ad');
		expect(r.error?.description).toMatch(/create a new ad instead/);
	});

	test('bad JSON and no fields are refused before the call', async () => {
		const ad = firstAd();
		const bad = await run({ operation: 'update', adId: byId(ad.id), updateFields: { targeting: '{countries' } });
		expect(bad.error?.message).toBe('Targeting (JSON) is not valid JSON');
		const none = await run({ operation: 'update', adId: byId(ad.id), updateFields: {} });
		expect(none.error?.message).toBe('Nothing to update');
		expect([...bad.requests, ...none.requests]).toHaveLength(0);
	});
});

test('Delete: cancels the ad; the output is deleted: true beside {id, status: cancelled}', async () => {
	const ad = firstAd();
	const r = await run({ operation: 'delete', adId: byId(ad.id) });
	expect(r.requests.map((q) => [q.method, q.path, q.query, q.body])).toEqual([['DELETE', `/v1/ads/${ad.id}`, {}, undefined]]);
	expect(r.json).toEqual([{ deleted: true, id: ad.id, status: 'cancelled' }]);
	expect(ctx.api.ads.ad(ad.id).status).toBe('cancelled');
});

test('Set Status: PUT .../status with the lowercase status; microblog switches the line item too', async () => {
	const ad = firstAd(MICRO);
	const r = await run({ operation: 'setStatus', adId: byId(ad.id), status: 'paused' });
	expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PUT', `/v1/ads/${ad.id}/status`, { status: 'paused' }]]);
	expect(r.json).toEqual([{ updated: true, status: 'paused' }]);
	expect(ctx.api.ads.adSets.get(ad.platformAdSetId)?.status).toBe('paused');
});

describe('Get Analytics', () => {
	test('dates and socialnet breakdowns in the query; one item with summary and daily rows', async () => {
		const ad = firstAd();
		const r = await run({
			operation: 'getAnalytics',
			adId: byId(ad.id),
			options: { fromDate: '2026-11-01T00:00:00', toDate: '2026-11-03T00:00:00', breakdowns: ['age', 'gender'] },
		});
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', `/v1/ads/${ad.id}/analytics`, { fromDate: '2026-11-01', toDate: '2026-11-03', breakdowns: 'age,gender' }],
		]);
		expect(r.json).toHaveLength(1);
		expect(r.json[0]).toMatchObject({ ad: { id: ad.id, currency: 'USD' }, analytics: { summary: expect.any(Object) } });
		expect((r.json[0].analytics as { daily: unknown[] }).daily).toHaveLength(3);
	});

	test('Split Into Days: one item per day carrying the ad id, name and currency', async () => {
		const ad = firstAd();
		const r = await run({ operation: 'getAnalytics', adId: byId(ad.id), splitIntoDays: true, options: { fromDate: '2026-11-01', toDate: '2026-11-02' } });
		expect(r.json).toEqual([
			expect.objectContaining({ id: ad.id, name: ad.name, currency: 'USD', date: '2026-11-01', spend: expect.any(Number) }),
			expect.objectContaining({ id: ad.id, date: '2026-11-02' }),
		]);
	});
});
