import type { AdsService } from './ads';
import { bidPricingBody, supplyForecastBody, targetingSearchQuery } from './contract/ads';
import type { FakeApi } from './core';
import { invalid } from './errors';
import { DAY_MS } from './figures';

/** The ads API's targeting: searching targeting options, pronet's bid pricing, and supply forecasts. */

const TARGETING = [
	{ dimension: 'geo', id: 'US', name: 'United States', audienceSize: 250_000_000 },
	{ dimension: 'geo', id: 'CA', name: 'Canada', audienceSize: 30_000_000 },
	{ dimension: 'geo', id: 'GB', name: 'United Kingdom', audienceSize: 50_000_000 },
	{ dimension: 'interest', id: '6003', name: 'Fashion', audienceSize: 900_000_000 },
	{ dimension: 'interest', id: '6004', name: 'Fashion accessories', audienceSize: 300_000_000 },
	{ dimension: 'interest', id: '6010', name: 'Linen', audienceSize: 2_000_000 },
	{ dimension: 'behavior', id: '7001', name: 'Engaged shoppers', audienceSize: 400_000_000 },
	{ dimension: 'language', id: 'en', name: 'English', audienceSize: 1_500_000_000 },
];

export function registerTargeting(api: FakeApi, svc: AdsService) {
	const ads = true;
	api.route('GET', '/v1/ads/targeting/search', { ads, query: targetingSearchQuery }, ({ query }) => {
		svc.connection(query.accountId);
		const q = query.q.toLowerCase();
		return {
			results: TARGETING.filter((t) => (!query.dimension || t.dimension === query.dimension) && t.name.toLowerCase().includes(q)).map(({ id, name, audienceSize }) => ({ id, name, audienceSize })),
		};
	});
	api.route('POST', '/v1/ads/targeting/bid-pricing', { ads, body: bidPricingBody }, ({ body }) => {
		if (svc.connection(body.accountId).network !== 'pronet') return { available: false };
		const currencyCode = body.currency ?? 'USD';
		const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode });
		return {
			available: true,
			pricing: {
				bidLimits: { min: money(2), max: money(100) },
				suggestedBid: { min: money(5.5), default: money(7.25), max: money(9) },
				dailyBudgetLimits: { min: money(10) },
			},
		};
	});
	api.route('POST', '/v1/ads/targeting/supply-forecast', { ads, body: supplyForecastBody }, ({ body }) => {
		// the reference leaves open which networks forecast: here chatnet and microblog answer available: false
		if (['chatnet', 'microblog'].includes(svc.connection(body.accountId).network)) return { available: false };
		const from = Date.parse(body.fromDate);
		const to = Date.parse(body.toDate);
		if (to < from) throw invalid('toDate', 'must not be before fromDate');
		if (from < Date.parse(api.now().toISOString().slice(0, 10))) throw invalid('fromDate', 'the window must be in the future');
		const days = Math.round((to - from) / DAY_MS) + 1;
		const spend = body.dailyBudget * days;
		return { available: true, forecast: { impressions: Math.round(spend * 180), clicks: Math.round(spend * 2.1), spend: { amount: spend.toFixed(2), currencyCode: body.currency ?? 'USD' } } };
	});
}
