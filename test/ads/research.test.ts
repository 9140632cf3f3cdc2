import { byId, useFakeApi } from '../../harness/context';
import { MICRO, PRO, SEARCH, SOCIAL, VIDEO } from './helpers';

const ctx = useFakeApi('storefrontAds');

describe('Targeting', () => {
	const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'targeting', ...parameters } as never);

	test('Search: q and dimension in the query; one item per option', async () => {
		const r = await run({ operation: 'search', accountId: byId(SOCIAL), q: 'fashion', dimension: 'interest', returnAll: true });
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/ads/targeting/search', { accountId: SOCIAL, q: 'fashion', dimension: 'interest' }]]);
		expect(r.json).toEqual([
			{ id: '6003', name: 'Fashion', audienceSize: 900_000_000 },
			{ id: '6004', name: 'Fashion accessories', audienceSize: 300_000_000 },
		]);
		const any = await run({ operation: 'search', accountId: byId(SOCIAL), q: 'ca', returnAll: true });
		expect(any.requests[0].query).toEqual({ accountId: SOCIAL, q: 'ca' });
	});

	test('Get Bid Pricing on pronet: spec from fields + JSON, options in the body; pricing as money objects', async () => {
		const r = await run({
			operation: 'getBidPricing',
			accountId: byId(PRO),
			adAccountId: byId('501'),
			spec: { countries: 'US, CA', seniorities: 'senior', moreJson: '{"industries": ["retail"]}' },
			options: { bidType: 'CPC', objectiveType: 'WEBSITE_VISIT', dailyBudget: 100, currency: 'USD' },
		});
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			[
				'POST',
				'/v1/ads/targeting/bid-pricing',
				{ accountId: PRO, adAccountId: '501', spec: { industries: ['retail'], countries: ['US', 'CA'], seniorities: ['senior'] }, bidType: 'CPC', objectiveType: 'WEBSITE_VISIT', dailyBudget: 100, currency: 'USD' },
			],
		]);
		expect(r.json[0]).toMatchObject({ available: true, pricing: { dailyBudgetLimits: { min: { amount: '10.00', currencyCode: 'USD' } }, suggestedBid: { default: { amount: '7.25' } } } });
	});

	test('Get Bid Pricing elsewhere: available false, said plainly', async () => {
		const r = await run({ operation: 'getBidPricing', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), spec: { countries: 'US' } });
		expect(r.error).toBeUndefined();
		expect(r.json).toEqual([{ available: false, message: expect.stringContaining('pronet only') }]);
	});

	test('an empty spec is refused before the call', async () => {
		const r = await run({ operation: 'getBidPricing', accountId: byId(PRO), adAccountId: byId('501'), spec: {} });
		expect(r.error?.message).toBe('The targeting spec is empty');
		expect(r.requests).toHaveLength(0);
	});

	test('Get Supply Forecast: window as days, budget; the forecast', async () => {
		const r = await run({
			operation: 'getSupplyForecast',
			accountId: byId(SOCIAL),
			adAccountId: byId('act_1001'),
			spec: { countries: 'US' },
			fromDate: '2099-01-01T00:00:00',
			toDate: '2099-01-10T00:00:00',
			dailyBudget: 10,
		});
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			['POST', '/v1/ads/targeting/supply-forecast', { accountId: SOCIAL, adAccountId: 'act_1001', spec: { countries: ['US'] }, fromDate: '2099-01-01', toDate: '2099-01-10', dailyBudget: 10 }],
		]);
		expect(r.json).toEqual([{ available: true, forecast: { impressions: 18_000, clicks: 210, spend: { amount: '100.00', currencyCode: 'USD' } } }]);
	});

	const forecast = { operation: 'getSupplyForecast', spec: { countries: 'US' }, fromDate: '2099-01-01', toDate: '2099-01-02', dailyBudget: 10 };

	test('Get Supply Forecast where the network has none: available false, and the message speaks of forecasts (not bid pricing)', async () => {
		const r = await run({ ...forecast, accountId: byId(MICRO), adAccountId: byId('mb-18ce') });
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(1);
		expect(r.json).toEqual([{ available: false, message: 'No supply forecast is available for this targeting on this network. Nothing was created.' }]);
	});

	test('daily budgets with cents are refused before the call (fix 10), and by the fake API too', async () => {
		const forecastCents = await run({ ...forecast, dailyBudget: 10.5, accountId: byId(SOCIAL), adAccountId: byId('act_1001') });
		const pricingCents = await run({ operation: 'getBidPricing', accountId: byId(PRO), adAccountId: byId('501'), spec: { countries: 'US' }, options: { dailyBudget: 99.99 } });
		expect([forecastCents.error?.message, pricingCents.error?.message]).toEqual(['Daily Budget must be a whole number', 'Daily Budget must be a whole number']);
		expect([...forecastCents.requests, ...pricingCents.requests]).toHaveLength(0);
		const direct = await fetch(`${ctx.api.url}/v1/ads/targeting/supply-forecast`, {
			method: 'POST',
			headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ accountId: SOCIAL, adAccountId: 'act_1001', spec: { countries: ['US'] }, fromDate: '2099-01-01', toDate: '2099-01-02', dailyBudget: 10.5 }),
		});
		expect(direct.status).toBe(400);
		expect(((await direct.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
	});

	test('Get Supply Forecast: a window in the past, or reversed, is refused before the call', async () => {
		const past = await run({ ...forecast, accountId: byId(SOCIAL), adAccountId: byId('act_1001'), fromDate: '2020-01-01', toDate: '2020-01-02' });
		expect(past.error?.message).toBe('From Date 2020-01-01 is in the past');
		const reversed = await run({ ...forecast, accountId: byId(SOCIAL), adAccountId: byId('act_1001'), fromDate: '2099-01-05', toDate: '2099-01-02' });
		expect(reversed.error?.message).toBe('To Date is before From Date');
		expect([...past.requests, ...reversed.requests]).toHaveLength(0);
	});

	test('Targeting spec: countries are codes (commas split them); industries and seniorities are one per line (a comma stays inside)', async () => {
		const r = await run({
			operation: 'getBidPricing',
			accountId: byId(PRO),
			adAccountId: byId('501'),
			spec: { countries: 'US,CA\nGB', industries: 'Oil, Gas & Mining\nRetail', seniorities: 'Senior, Director' },
		});
		expect((r.requests[0].body as Record<string, unknown>).spec).toEqual({ countries: ['US', 'CA', 'GB'], industries: ['Oil, Gas & Mining', 'Retail'], seniorities: ['Senior, Director'] });
	});
});

describe('Conversion → Send', () => {
	const run = (parameters: Record<string, unknown>, extra = {}) => ctx.run({ resource: 'conversion', operation: 'send', destinationId: 'px_1', ...parameters } as never, extra);

	test('events built from incoming items go in one call, after a look at the connection', async () => {
		const items = [
			{ email: 'a@example.com', value: 49.5, eventTime: '2026-11-20T10:00:00Z' },
			{ email: 'b@example.com', value: '12', eventTime: '2026-11-20T11:00:00Z' },
			{ email: 'c@example.com', eventTime: '2026-11-20T12:00:00Z' },
		];
		const r = await run({ accountId: byId(SOCIAL) }, { items });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path])).toEqual([
			['GET', '/v1/ads/connections'],
			['POST', '/v1/ads/conversions'],
		]);
		expect(r.requests[1].body).toEqual({
			accountId: SOCIAL,
			destinationId: 'px_1',
			events: [
				{ eventName: 'Purchase', eventTime: '2026-11-20T10:00:00Z', value: 49.5, currency: 'USD', user: { email: 'a@example.com' } },
				{ eventName: 'Purchase', eventTime: '2026-11-20T11:00:00Z', value: 12, currency: 'USD', user: { email: 'b@example.com' } },
				{ eventName: 'Purchase', eventTime: '2026-11-20T12:00:00Z', user: { email: 'c@example.com' } },
			],
		});
		expect(r.json).toEqual([{ success: true, sent: 3 }]);
		expect(ctx.api.conversions).toHaveLength(1);
	});

	test('events from a JSON list', async () => {
		const events = [{ eventName: 'Lead', eventTime: 1795300000, user: { email: 'x@example.com' } }];
		const r = await run({ accountId: byId(SEARCH), eventsInput: 'json', eventsJson: JSON.stringify(events) });
		expect(r.requests[1].body).toEqual({ accountId: SEARCH, destinationId: 'px_1', events });
	});

	test('from incoming items by field name: dotted paths, default event name and currency; one output item paired with every input item', async () => {
		const items = [
			{ order: { email: 'a@example.com', total: '30.5', currency: 'EUR' }, kind: 'Lead', at: 1795300000 },
			{ order: { email: 'b@example.com', total: 10 } },
			{ order: { email: 'c@example.com' }, at: '2026-11-20T12:00:00Z' },
		];
		const r = await run(
			{
				accountId: byId(SEARCH),
				eventNameField: 'kind',
				eventTimeField: 'at',
				valueField: 'order.total',
				currencyField: 'order.currency',
				userEmailField: 'order.email',
				eventName: 'Purchase',
				currency: 'USD',
			},
			{ items },
		);
		expect(r.error).toBeUndefined();
		const events = (r.requests[1].body as { events: Array<Record<string, unknown>> }).events;
		expect(events[0]).toEqual({ eventName: 'Lead', eventTime: 1795300000, value: 30.5, currency: 'EUR', user: { email: 'a@example.com' } });
		expect(events[1]).toEqual({ eventName: 'Purchase', eventTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), value: 10, currency: 'USD', user: { email: 'b@example.com' } });
		expect(events[2]).toEqual({ eventName: 'Purchase', eventTime: '2026-11-20T12:00:00Z', user: { email: 'c@example.com' } });
		expect(r.items).toHaveLength(1);
		expect(r.items[0]).toMatchObject({ json: { success: true, sent: 3 }, pairedItem: [{ item: 0 }, { item: 1 }, { item: 2 }] });
	});

	test('a JSON list per item: one call and one output item per input item', async () => {
		const events = (email: string) => JSON.stringify([{ eventName: 'Lead', eventTime: 1795300000, user: { email } }]);
		const r = await run({ accountId: byId(SOCIAL), eventsInput: 'json', eventsJson: '={{ $json.events }}' }, { items: [{ events: events('x@example.com') }, { events: events('y@example.com') }] });
		expect(r.requests.filter((q) => q.path === '/v1/ads/conversions')).toHaveLength(2);
		expect(r.items.map((i) => [i.json, i.pairedItem])).toEqual([
			[{ success: true, sent: 1 }, { item: 0 }],
			[{ success: true, sent: 1 }, { item: 1 }],
		]);
	});

	test('microblog is refused before the conversions call; an event without email too', async () => {
		const micro = await run({ accountId: byId(MICRO) }, { items: [{ email: 'a@example.com' }] });
		expect(micro.error?.message).toBe('microblog does not take server-side conversions');
		expect(micro.requests.map((q) => q.path)).toEqual(['/v1/ads/connections']);
		const noEmail = await run({ accountId: byId(SOCIAL) }, { items: [{ value: 1 }] });
		expect(noEmail.error?.message).toBe('Event 1 needs an event name and an email');
		expect(noEmail.requests.map((q) => q.path)).toEqual(['/v1/ads/connections']);
	});
});

describe('Insight → Get', () => {
	const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'insight', operation: 'get', returnAll: true, ...parameters } as never);

	test('socialnet: object, fields, breakdowns and filtering in the query; one item per row', async () => {
		const r = await run({ network: 'socialnet', accountId: byId(SOCIAL), objectId: 'act_1001', fields: 'spend,clicks', socialOptions: { breakdowns: 'age', filtering: '[{"field":"spend","operator":"GREATER_THAN","value":0}]' } });
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', '/v1/ads/insights', { accountId: SOCIAL, objectId: 'act_1001', fields: 'spend,clicks', breakdowns: 'age', filtering: '[{"field":"spend","operator":"GREATER_THAN","value":0}]' }],
		]);
		expect(r.json).toEqual([{ object_id: 'act_1001', spend: expect.any(String), clicks: expect.any(String) }]);
	});

	test('searchnet: the read-only query; a mutation is refused before the call', async () => {
		const q = 'SELECT campaign.name, metrics.clicks FROM campaign WHERE segments.date DURING LAST_7_DAYS';
		const r = await run({ network: 'searchnet', accountId: byId(SEARCH), query: q });
		expect(r.requests[0].query).toEqual({ accountId: SEARCH, query: q });
		expect(r.json[0]).toMatchObject({ campaign: { name: 'Search one' } });
		const bad = await run({ network: 'searchnet', accountId: byId(SEARCH), query: 'mutate campaign set budget' });
		expect(bad.error?.message).toBe('Searchnet insight queries are read-only');
		expect(bad.requests).toHaveLength(0);
	});

	test('videonet: data level, dimensions, metrics, dates; rows simplified to numbers', async () => {
		const r = await run({
			network: 'videonet',
			accountId: byId(VIDEO),
			videonetAdAccountId: byId('7001'),
			dataLevel: 'AUCTION_AD',
			dimensions: 'stat_time_day, ad_id',
			metrics: 'spend,clicks',
			videonetFromDate: '2026-11-01T00:00:00',
			videonetToDate: '2026-11-03T00:00:00',
		});
		expect(r.requests[0].query).toEqual({ accountId: VIDEO, adAccountId: '7001', dataLevel: 'AUCTION_AD', dimensions: 'stat_time_day,ad_id', metrics: 'spend,clicks', fromDate: '2026-11-01', toDate: '2026-11-03' });
		expect(r.json).toHaveLength(3);
		expect(r.json[0]).toEqual({ stat_time_day: '2026-11-01 00:00:00', ad_id: 'ad_id_value', spend: expect.any(Number), clicks: expect.any(Number) });
		const raw = await run({ network: 'videonet', accountId: byId(VIDEO), videonetAdAccountId: byId('7001'), dimensions: 'stat_time_day', videonetFromDate: '2026-11-01', videonetToDate: '2026-11-01', simplify: false });
		expect(raw.json[0]).toEqual({ dimensions: { stat_time_day: '2026-11-01 00:00:00' }, metrics: { spend: expect.any(String), impressions: expect.any(String), clicks: expect.any(String) } });
	});

	test('videonet AUDIENCE report: reportType and its own dimensions (age, gender, country_code, platform) in the query', async () => {
		const base = { network: 'videonet', accountId: byId(VIDEO), videonetAdAccountId: byId('7001'), videonetFromDate: '2026-11-01', videonetToDate: '2026-11-02' };
		const r = await run({ ...base, reportType: 'AUDIENCE', audienceDimensions: ['age', 'country_code'], metrics: 'spend' });
		expect(r.error).toBeUndefined();
		expect(r.requests[0].query).toEqual({ accountId: VIDEO, adAccountId: '7001', reportType: 'AUDIENCE', dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'age,country_code', metrics: 'spend', fromDate: '2026-11-01', toDate: '2026-11-02' });
		expect(r.json[0]).toEqual({ age: 'age_value', country_code: 'country_code_value', spend: expect.any(Number) });
		const none = await run({ ...base, reportType: 'AUDIENCE', audienceDimensions: [] });
		expect(none.error?.message).toBe('Videonet takes 1 to 4 dimensions, not 0');
		const long = await run({ ...base, reportType: 'AUDIENCE', audienceDimensions: ['gender'], videonetFromDate: '2026-10-01', videonetToDate: '2026-10-31' });
		expect(long.error?.message).toBe('Videonet reports cover at most 30 days per query; this one covers 31');
		expect([...none.requests, ...long.requests]).toHaveLength(0);
	});

	test('pronet: the connection only', async () => {
		const r = await run({ network: 'pronet', accountId: byId(PRO) });
		expect(r.requests[0].query).toEqual({ accountId: PRO });
		expect(r.json).toHaveLength(1);
	});

	test('videonet limits are checked before the call: 5 dimensions, 31 days', async () => {
		const base = { network: 'videonet', accountId: byId(VIDEO), videonetAdAccountId: byId('7001') };
		const five = await run({ ...base, dimensions: 'a,b,c,d,e', videonetFromDate: '2026-11-01', videonetToDate: '2026-11-02' });
		expect(five.error?.message).toBe('Videonet takes 1 to 4 dimensions, not 5');
		const long = await run({ ...base, dimensions: 'stat_time_day', videonetFromDate: '2026-10-01', videonetToDate: '2026-10-31' });
		expect(long.error?.message).toBe('Videonet reports cover at most 30 days per query; this one covers 31');
		expect([...five.requests, ...long.requests]).toHaveLength(0);
	});
});
