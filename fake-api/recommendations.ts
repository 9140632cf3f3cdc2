import type { AdsService } from './ads';
import { raisesBid, raisesBudget } from './books';
import { applyRecommendationsBody, dismissRecommendationsBody, recommendation, recommendationsQuery, type RecommendationView } from './contract/ads';
import type { FakeApi, RecordedRequest } from './core';
import type { Keywords } from './keywords';

/** searchnet's recommendations: listed, applied (each changing its campaign as its type says, in the books when it can spend more) and dismissed. */

interface Recommendation extends RecommendationView {
	accountId: string;
	adAccountId: string;
	/** Applying it fails (the campaign it changes is gone): the per-item failure of the reference. */
	failsOnApply?: boolean;
}

/** The recommendations the fake API holds, by resource name (the server's `api.recommendations`), with what applying them changed. */
export class Recommendations extends Map<string, Recommendation> {
	/** Recommendations applied, in order, with what each changed (tests read it). */
	readonly applied: Array<{ resourceName: string; type: string; campaignId: string; change: string }> = [];

	/** Sitelinks added to a campaign by applied SITELINK_ASSET recommendations, by campaign. */
	readonly sitelinks = new Map<string, string[]>();

	constructor(
		private readonly api: FakeApi,
		private readonly svc: AdsService,
		private readonly keywords: Keywords,
	) {
		super();
		const rec = (n: number, type: string, failsOnApply = false) =>
			this.seed(type, `cmp_rec${n}`, { base: { clicks: 100 + n, cost: 50 }, potential: { clicks: 140 + n, cost: 65 } }, { n, failsOnApply });
		rec(1, 'CAMPAIGN_BUDGET');
		rec(2, 'KEYWORD');
		rec(3, 'KEYWORD', true);
		rec(4, 'RESPONSIVE_SEARCH_AD');
		// types the network passes through (docs/reference/contract.md, 2026-11-26), each with its impact
		rec(5, 'MARGINAL_ROI_CAMPAIGN_BUDGET');
		rec(6, 'TARGET_CPA_OPT_IN');
		rec(7, 'MAXIMIZE_CONVERSIONS_OPT_IN');
		rec(8, 'SITELINK_ASSET');
	}

	/** Adds a recommendation on the searchnet test account that changes `campaignId` when applied. */
	seed(type: string, campaignId: string, impact: RecommendationView['impact'], o: { n?: number; failsOnApply?: boolean } = {}) {
		const resourceName = `customers/1234567890/recommendations/${o.n ?? this.api.nextId('')}`;
		const r: Recommendation = { resourceName, accountId: 'acc_search1', adAccountId: '123-456-7890', type, campaignId, impact, failsOnApply: o.failsOnApply };
		this.set(resourceName, r);
		return r;
	}

	/**
	 * What applying a recommendation changes in the campaign it names (when the fake API holds it):
	 * a budget type raises the budget by the estimated cost's ratio, an opt-in sets the bid
	 * strategy, KEYWORD adds an active keyword to its first ad set, SITELINK_ASSET adds a sitelink.
	 * What can spend more goes into the books, naming the recommendation.
	 */
	apply(r: Recommendation, request: RecordedRequest) {
		const campaign = this.svc.campaigns.get(r.campaignId);
		const book = { object: 'campaign' as const, id: r.campaignId, ...this.svc.ownerOf(r.campaignId), recommendation: { resourceName: r.resourceName, type: r.type } };
		let change = 'nothing the fake API models';
		if (r.type.endsWith('_BUDGET')) {
			const budget = { amount: Math.ceil((campaign?.budget?.amount ?? 20) * (r.impact.potential.cost / Math.max(r.impact.base.cost, 1))), type: campaign?.budget?.type ?? 'daily' };
			if (campaign && raisesBudget(campaign.budget, budget)) this.svc.books.write(request, { ...book, kind: 'budget', budget, before: campaign.budget });
			if (campaign) campaign.budget = budget;
			change = `budget ${budget.amount}`;
		} else if (r.type.endsWith('_OPT_IN')) {
			const strategy = r.type.replace(/_OPT_IN$/, '');
			if (campaign && raisesBid({ strategy: campaign.bidStrategy }, { bidStrategy: strategy })) this.svc.books.write(request, { ...book, kind: 'bid', bid: { strategy }, before: { strategy: campaign.bidStrategy } });
			if (campaign) campaign.bidStrategy = strategy;
			change = `bidStrategy ${strategy}`;
		} else if (r.type === 'KEYWORD') {
			const set = campaign && this.svc.adSetsOf(campaign.platformCampaignId)[0];
			const keywords = [`recommended ${r.resourceName.split('/').pop()}`];
			if (campaign && set) {
				this.keywords.seed(campaign.accountId, campaign.platformCampaignId, set.platformAdSetId, keywords);
				this.svc.books.write(request, { ...book, kind: 'keywords', object: 'adSet', id: set.platformAdSetId, keywords });
			}
			change = 'keyword added';
		} else if (r.type === 'SITELINK_ASSET') {
			this.sitelinks.set(r.campaignId, [...(this.sitelinks.get(r.campaignId) ?? []), r.resourceName]);
			change = 'sitelink added';
		}
		this.applied.push({ resourceName: r.resourceName, type: r.type, campaignId: r.campaignId, change });
	}
}

export function registerRecommendations(api: FakeApi, svc: AdsService, keywords: Keywords): Recommendations {
	const recommendations = new Recommendations(api, svc, keywords);
	const ads = true;
	api.route('GET', '/v1/ads/recommendations', { ads, query: recommendationsQuery }, ({ query }) => {
		svc.onlyOn(query.accountId, ['searchnet'], 'recommendations');
		const types = query.types?.split(',').filter(Boolean);
		const list = [...recommendations.values()].filter((r) => r.accountId === query.accountId && r.adAccountId === query.adAccountId && (!types || types.includes(r.type)));
		return { adAccountId: query.adAccountId, recommendations: list.map(({ resourceName, type, campaignId, impact }) => recommendation.parse({ resourceName, type, campaignId, impact })), stale: false };
	});
	const perItem = (request: RecordedRequest, accountId: string, adAccountId: string, names: string[], done: 'applied' | 'dismissed') => {
		svc.onlyOn(accountId, ['searchnet'], 'recommendations');
		return {
			results: names.map((resourceName) => {
				const r = recommendations.get(resourceName);
				if (!r || r.adAccountId !== adAccountId) return { resourceName, status: 'failed', message: 'Recommendation not found (already applied or dismissed?)' };
				if (done === 'applied' && r.failsOnApply) return { resourceName, status: 'failed', message: 'The campaign this recommendation changes no longer exists' };
				if (done === 'applied') recommendations.apply(r, request);
				recommendations.delete(resourceName);
				return { resourceName, status: done };
			}),
		};
	};
	api.route('POST', '/v1/ads/recommendations/apply', { ads, body: applyRecommendationsBody }, ({ body, request }) =>
		perItem(request, body.accountId, body.adAccountId, body.recommendations.map((r) => r.resourceName), 'applied'),
	);
	api.route('POST', '/v1/ads/recommendations/dismiss', { ads, body: dismissRecommendationsBody }, ({ body, request }) =>
		perItem(request, body.accountId, body.adAccountId, body.resourceNames, 'dismissed'),
	);
	return recommendations;
}
