import { byId, useFakeApi } from '../../harness/context';
import { SEARCH } from './helpers';

const ctx = useFakeApi('storefrontAds');
const CUSTOMER = '123-456-7890';
const searchCampaign = () => {
	const campaign = ctx.api.ads.seedCampaign(SEARCH, 'Search one', 0);
	return { campaign, adSet: ctx.api.ads.adSetsOf(campaign.platformCampaignId)[0] };
};

describe('Keyword', () => {
	const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'keyword', accountId: byId(SEARCH), ...parameters } as never);

	test('Get Many: filters in the query; keywords with quality score and metrics', async () => {
		const { campaign, adSet } = searchCampaign();
		ctx.api.keywords.seed(SEARCH, campaign.platformCampaignId, adSet.platformAdSetId, ['linen dress', 'summer dress', 'linen shirt']);
		const r = await run({ operation: 'getAll', returnAll: true, filters: { campaignId: campaign.platformCampaignId, search: 'linen', negative: false } });
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', '/v1/ads/keywords', { accountId: SEARCH, campaignId: campaign.platformCampaignId, search: 'linen', negative: 'false' }],
		]);
		expect(r.json.map((k) => k.keyword)).toEqual(['linen dress', 'linen shirt']);
		expect(r.json[0]).toEqual({
			id: expect.stringMatching(/^kw_/),
			adSetId: adSet.platformAdSetId,
			keyword: 'linen dress',
			matchType: 'phrase',
			status: 'active',
			negative: false,
			qualityScore: expect.any(Number),
			metrics: { spend: expect.any(Number), impressions: expect.any(Number), clicks: expect.any(Number), conversions: expect.any(Number) },
		});
		expect(r.json[0].qualityScore).toBeGreaterThanOrEqual(1);
		expect(r.json[0].qualityScore).toBeLessThanOrEqual(10);
	});

	test('Add: keywords with a match type (plain text for broad), negative flag; the output is the API answer', async () => {
		const { adSet } = searchCampaign();
		const r = await run({ operation: 'add', adSetId: byId(adSet.platformAdSetId), keywords: 'linen dress\nsummer dress\nbeach dress', matchType: 'exact', negative: true });
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			[
				'POST',
				'/v1/ads/keywords',
				{
					accountId: SEARCH,
					adSetId: adSet.platformAdSetId,
					keywords: [
						{ text: 'linen dress', matchType: 'exact' },
						{ text: 'summer dress', matchType: 'exact' },
						{ text: 'beach dress', matchType: 'exact' },
					],
					negative: true,
				},
			],
		]);
		expect((r.json[0].keywords as unknown[]).length).toBe(3);
		const broad = await run({ operation: 'add', adSetId: byId(adSet.platformAdSetId), keywords: 'cheap dress' });
		expect(broad.requests[0].body).toEqual({ accountId: SEARCH, adSetId: adSet.platformAdSetId, keywords: ['cheap dress'] });
		expect(ctx.api.keywords.size).toBe(4);
	});

	test('Add: keywords are one per line, so a comma stays inside a keyword; a list from an expression passes as it is', async () => {
		const { adSet } = searchCampaign();
		const r = await run({ operation: 'add', adSetId: byId(adSet.platformAdSetId), keywords: 'dress, linen\n\n  beach dress  ' });
		expect(r.requests[0].body).toEqual({ accountId: SEARCH, adSetId: adSet.platformAdSetId, keywords: ['dress, linen', 'beach dress'] });
		const listed = await run({ operation: 'add', adSetId: byId(adSet.platformAdSetId), keywords: '={{ ["a, b", "c"] }}' });
		expect((listed.requests[0].body as { keywords: string[] }).keywords).toEqual(['a, b', 'c']);
	});

	test('Set Status (pause or resume), then Remove: PATCH with status, DELETE with accountId; state changes', async () => {
		const { campaign, adSet } = searchCampaign();
		const [kw] = ctx.api.keywords.seed(SEARCH, campaign.platformCampaignId, adSet.platformAdSetId, ['linen dress']);
		const paused = await run({ operation: 'setStatus', keywordId: byId(kw.id), status: 'paused' });
		expect(paused.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PATCH', `/v1/ads/keywords/${kw.id}`, { accountId: SEARCH, status: 'paused' }]]);
		expect(paused.json[0]).toMatchObject({ id: kw.id, status: 'paused' });
		expect(ctx.api.keywords.get(kw.id)?.status).toBe('paused');
		const resumed = await run({ operation: 'setStatus', keywordId: byId(kw.id), status: 'active' });
		expect(resumed.json[0]).toMatchObject({ status: 'active' });

		const removed = await run({ operation: 'remove', keywordId: byId(kw.id) });
		expect(removed.requests.map((q) => [q.method, q.path, q.query])).toEqual([['DELETE', `/v1/ads/keywords/${kw.id}`, { accountId: SEARCH }]]);
		expect(removed.json).toEqual([{ deleted: true, keywordId: kw.id }]);
		expect(ctx.api.keywords.size).toBe(0);
	});

	test('Get Ideas: Return All follows paging.nextPageToken in the body; micros converted to currency units', async () => {
		const r = await run({ operation: 'getIdeas', seedKeywords: 'linen dress\nsummer dress', searchCountries: 'US', returnAll: true, options: { customerId: '1234567890' } });
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(3);
		const first = { accountId: SEARCH, seedKeywords: ['linen dress', 'summer dress'], countries: ['US'], customerId: '1234567890' };
		expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/v1/ads/keywords/ideas', body: first });
		expect(r.requests[1].body).toEqual({ ...first, pageToken: expect.any(String) });
		expect(r.json).toHaveLength(24);
		const metrics = r.json[0].keywordIdeaMetrics as Record<string, unknown>;
		expect(metrics.lowTopOfPageBid).toBe(Number(metrics.lowTopOfPageBidMicros) / 1_000_000);
		expect(metrics.highTopOfPageBid).toBe(Number(metrics.highTopOfPageBidMicros) / 1_000_000);

		const limited = await run({ operation: 'getIdeas', seedUrl: 'https://linen.example.com', limit: 5, convertMicros: false });
		expect(limited.requests).toHaveLength(1);
		expect(limited.requests[0].body).toEqual({ accountId: SEARCH, seedUrl: 'https://linen.example.com' });
		expect(limited.json).toHaveLength(5);
		expect(limited.json[0].keywordIdeaMetrics).not.toHaveProperty('lowTopOfPageBid');
	});

	test('Get Ideas: the answer’s customerId is on every idea; no seed at all is refused before the call', async () => {
		const r = await run({ operation: 'getIdeas', seedKeywords: 'linen dress', limit: 3, options: { customerId: '555' } });
		expect(r.json.map((i) => i.customerId)).toEqual(['555', '555', '555']);
		const none = await run({ operation: 'getIdeas', searchCountries: 'US' });
		expect(none.error?.message).toBe('No seed given');
		expect(none.requests).toHaveLength(0);
	});

	test('Get Historical Metrics: the keywords named; one item per keyword', async () => {
		const r = await run({ operation: 'getHistoricalMetrics', keywords: 'linen dress\nsummer dress', returnAll: true });
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			['POST', '/v1/ads/keywords/historical-metrics', { accountId: SEARCH, keywords: ['linen dress', 'summer dress'] }],
		]);
		expect(r.json.map((k) => k.text)).toEqual(['linen dress', 'summer dress']);
		expect(r.json.map((k) => k.customerId)).toEqual(['1234567890', '1234567890']);
		expect(r.json[0].keywordIdeaMetrics).toMatchObject({ avgMonthlySearches: expect.any(String), competition: expect.any(String), lowTopOfPageBid: expect.any(Number) });
	});
});

test('Search Term → Get Many: default window (nothing sent), one item per term ordered by cost, with cost in currency units', async () => {
	const r = await ctx.run({ resource: 'searchTerm', operation: 'getAll', accountId: byId(SEARCH), returnAll: true });
	expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/ads/search-terms', { accountId: SEARCH }]]);
	expect(r.json).toHaveLength(5);
	const costs = r.json.map((t) => Number(t.costMicros));
	expect(costs).toEqual([...costs].sort((a, b) => b - a));
	expect(r.json[0].cost).toBe(costs[0] / 1_000_000);
	// what the answer says beside its rows is carried onto each row
	for (const t of r.json) expect(t).toMatchObject({ customerId: '1234567890', stale: false });
	const windowed = await ctx.run({ resource: 'searchTerm', operation: 'getAll', accountId: byId(SEARCH), limit: 2, filters: { fromDate: '2026-11-01', toDate: '2026-11-07', campaignId: 'cmp_9' } });
	expect(windowed.requests[0].query).toEqual({ accountId: SEARCH, fromDate: '2026-11-01', toDate: '2026-11-07', campaignId: 'cmp_9' });
	expect(windowed.json).toHaveLength(2);
});

describe('Recommendation', () => {
	const run = (parameters: Record<string, unknown>, extra = {}) =>
		ctx.run({ resource: 'recommendation', accountId: byId(SEARCH), adAccountId: byId(CUSTOMER), ...parameters } as never, extra);
	const name = (n: number) => `customers/1234567890/recommendations/${n}`;

	test('Get Many: types in the query; one item per recommendation', async () => {
		const r = await run({ operation: 'getAll', types: ['KEYWORD'], returnAll: true });
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/ads/recommendations', { accountId: SEARCH, adAccountId: CUSTOMER, types: 'KEYWORD' }]]);
		expect(r.json.map((x) => x.resourceName)).toEqual([name(2), name(3)]);
		expect(r.json[0]).toMatchObject({ type: 'KEYWORD', impact: { base: { clicks: 102 }, potential: { clicks: 142 } } });
		expect(r.json.map((x) => x.stale)).toEqual([false, false]);
	});

	test('Apply: one output item per result; applied ones leave the list', async () => {
		const r = await run({ operation: 'apply', resourceNames: `${name(1)}, ${name(2)}` });
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			['POST', '/v1/ads/recommendations/apply', { accountId: SEARCH, adAccountId: CUSTOMER, recommendations: [{ resourceName: name(1) }, { resourceName: name(2) }] }],
		]);
		expect(r.json).toEqual([
			{ resourceName: name(1), status: 'applied' },
			{ resourceName: name(2), status: 'applied' },
		]);
		expect([...ctx.api.recommendations.keys()]).toEqual([name(3), name(4), name(5), name(6), name(7), name(8)]);
		// each changed what it names (here campaigns the fake API does not hold: the change is recorded)
		expect(ctx.api.recommendations.applied.map((a) => [a.resourceName, a.change])).toEqual([
			[name(1), 'budget 26'],
			[name(2), 'keyword added'],
		]);
	});

	test('Apply with a failing item: the node item fails naming it; with Continue On Fail the failure is a visible item', async () => {
		const r = await run({ operation: 'apply', resourceNames: `${name(3)}\n${name(4)}` });
		expect(r.error?.message).toBe('1 of 2 recommendations failed');
		expect(r.error?.description).toContain(`${name(3)}: The campaign this recommendation changes no longer exists`);
		expect(ctx.api.recommendations.has(name(4))).toBe(false);

		const soft = await run({ operation: 'apply', resourceNames: name(3) }, { continueOnFail: true });
		expect(soft.error).toBeUndefined();
		expect(soft.json).toEqual([{ resourceName: name(3), status: 'failed', message: 'The campaign this recommendation changes no longer exists' }]);
	});

	test('Dismiss: resourceNames in the body; per-item results', async () => {
		const r = await run({ operation: 'dismiss', resourceNames: name(4) });
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/v1/ads/recommendations/dismiss', { accountId: SEARCH, adAccountId: CUSTOMER, resourceNames: [name(4)] }]]);
		expect(r.json).toEqual([{ resourceName: name(4), status: 'dismissed' }]);
		const again = await run({ operation: 'dismiss', resourceNames: name(4) }, { continueOnFail: true });
		expect(again.json).toEqual([{ resourceName: name(4), status: 'failed', message: expect.stringContaining('not found') }]);
	});
});
