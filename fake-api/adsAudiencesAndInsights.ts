import { createHash } from 'node:crypto';

import {
	accountAndAdAccountQuery,
	accountQuery,
	addKeywordsBody,
	addUsersBody,
	applyRecommendationsBody,
	audiencesQuery,
	bestPostsQuery,
	bidPricingBody,
	conversionsBody,
	createAudienceBody,
	dismissRecommendationsBody,
	historicalMetricsBody,
	insightsQuery,
	keywordIdeasBody,
	keywordStatusBody,
	keywordsQuery,
	pronetPagesQuery,
	recommendation,
	recommendationsQuery,
	type RecommendationView,
	renameAudienceBody,
	searchTermsQuery,
	supplyForecastBody,
	targetingSearchQuery,
} from './contract/adsAudiencesAndInsights';
import type { AdsService } from './ads';
import { raisesBid, raisesBudget } from './books';
import type { FakeApi, RecordedRequest } from './core';
import { invalid, notFound } from './errors';

/** The ads half of the fake API, part 2: audiences, posts, targeting, conversions, insights, keywords, search terms, recommendations. */

const DAY_MS = 24 * 3600 * 1000;
/** Dimensions of videonet reports with reportType=AUDIENCE (reference: Ads: insights). */
const AUDIENCE_DIMENSIONS = ['age', 'gender', 'country_code', 'platform'];
const hashOf = (text: string) => createHash('sha256').update(text).digest();
const num = (key: string, mod: number) => hashOf(key).readUInt32BE(0) % mod;
/** Posts each connection has (best posts and photoapp posts list them). */
const POSTS_PER_ACCOUNT = 8;

/** The id of a connection's `index`-th post (0 to 7), as best posts lists it; photoapp posts are keyed `<accountId>:photoapp`. */
export const postIdOf = (accountId: string, index: number) => `post_${hashOf(`${accountId}:post:${index}`).toString('hex').slice(0, 10)}`;

export interface Audience {
	id: string;
	accountId: string;
	adAccountId: string;
	name: string;
	type: string;
	/** SHA-256 of the normalised identifiers that matched. */
	matched: Set<string>;
}
export interface Keyword {
	id: string;
	accountId: string;
	campaignId: string;
	adSetId: string;
	keyword: string;
	matchType: string;
	status: 'active' | 'paused';
	negative: boolean;
	qualityScore: number;
}
interface Recommendation extends RecommendationView {
	accountId: string;
	adAccountId: string;
	/** Applying it fails (the campaign it changes is gone): the per-item failure of the reference. */
	failsOnApply?: boolean;
}

export class AdsExtras {
	readonly audiences = new Map<string, Audience>();

	readonly keywords = new Map<string, Keyword>();

	readonly recommendations = new Map<string, Recommendation>();

	/** Recommendations applied, in order, with what each changed (tests read it). */
	readonly applied: Array<{ resourceName: string; type: string; campaignId: string; change: string }> = [];

	/** Sitelinks added to a campaign by applied SITELINK_ASSET recommendations, by campaign. */
	readonly sitelinks = new Map<string, string[]>();

	/** Conversion events received, per destination. */
	readonly conversions: Array<{ accountId: string; destinationId: string; events: unknown[] }> = [];

	constructor(
		private readonly api: FakeApi,
		private readonly svc: AdsService,
	) {
		const rec = (n: number, type: string, failsOnApply = false) =>
			this.seedRecommendation(type, `cmp_rec${n}`, { base: { clicks: 100 + n, cost: 50 }, potential: { clicks: 140 + n, cost: 65 } }, { n, failsOnApply });
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
	seedRecommendation(type: string, campaignId: string, impact: RecommendationView['impact'], o: { n?: number; failsOnApply?: boolean } = {}) {
		const resourceName = `customers/1234567890/recommendations/${o.n ?? this.api.nextId('')}`;
		const r: Recommendation = { resourceName, accountId: 'acc_search1', adAccountId: '123-456-7890', type, campaignId, impact, failsOnApply: o.failsOnApply };
		this.recommendations.set(resourceName, r);
		return r;
	}

	/**
	 * What applying a recommendation changes in the campaign it names (when the fake API holds it):
	 * a budget type raises the budget by the estimated cost's ratio, an opt-in sets the bid
	 * strategy, KEYWORD adds an active keyword to its first ad set, SITELINK_ASSET adds a sitelink.
	 * What can spend more goes into the books, naming the recommendation.
	 */
	applyRecommendation(r: Recommendation, request: RecordedRequest) {
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
				this.seedKeywords(campaign.accountId, campaign.platformCampaignId, set.platformAdSetId, keywords);
				this.svc.books.write(request, { ...book, kind: 'keywords', object: 'adSet', id: set.platformAdSetId, keywords });
			}
			change = 'keyword added';
		} else if (r.type === 'SITELINK_ASSET') {
			this.sitelinks.set(r.campaignId, [...(this.sitelinks.get(r.campaignId) ?? []), r.resourceName]);
			change = 'sitelink added';
		}
		this.applied.push({ resourceName: r.resourceName, type: r.type, campaignId: r.campaignId, change });
	}

	network(accountId: string) {
		return this.svc.connection(accountId).network;
	}

	audience(audienceId: string, accountId?: string): Audience {
		const a = this.audiences.get(audienceId);
		if (!a || (accountId && a.accountId !== accountId)) throw notFound('Audience', audienceId);
		return a;
	}

	/** Posts of a connection, generated once from its id: some with engagement, some without. */
	posts(accountId: string, network: string) {
		return Array.from({ length: POSTS_PER_ACCOUNT }, (_, i) => {
			const key = `${accountId}:post:${i}`;
			const engaged = i % 4 !== 3;
			const metrics = engaged
				? { likes: num(`${key}:l`, 400), comments: num(`${key}:c`, 60), shares: num(`${key}:s`, 30), reactions: num(`${key}:r`, 100) }
				: { likes: 0, comments: 0, shares: 0, reactions: 0 };
			return {
				id: postIdOf(accountId, i),
				network,
				account: network === 'videonet' ? '@shopvideos' : 'Shop Page',
				caption: `Post ${i + 1} of ${network}`,
				mediaType: network === 'videonet' ? 'VIDEO' : i % 2 ? 'IMAGE' : 'REEL',
				thumbnailUrl: `https://cdn.example.com/${accountId}/${i}.jpg`,
				permalink: `https://${network}.example.com/p/${i}`,
				publishedAt: new Date(Date.parse('2026-11-01T12:00:00Z') - i * DAY_MS).toISOString(),
				metrics,
				score: metrics.likes + metrics.reactions + 2 * metrics.comments + 3 * metrics.shares,
			};
		});
	}

	/** Whether the connection lists this post (its own posts and, on socialnet, its photoapp posts): the only posts it can boost. */
	hasPost(accountId: string, postId: string) {
		const owners = this.network(accountId) === 'socialnet' ? [accountId, `${accountId}:photoapp`] : [accountId];
		return owners.some((owner) => Array.from({ length: POSTS_PER_ACCOUNT }, (_, i) => postIdOf(owner, i)).includes(postId));
	}

	/** The reference's ranking: posts with engagement by score, then the rest newest first. */
	static rank<T extends { score: number; publishedAt: string }>(posts: T[]): T[] {
		const engaged = posts.filter((p) => p.score > 0).sort((a, b) => b.score - a.score);
		const rest = posts.filter((p) => p.score === 0).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
		return [...engaged, ...rest];
	}

	seedKeywords(accountId: string, campaignId: string, adSetId: string, texts: string[]) {
		return texts.map((keyword) => {
			const k: Keyword = {
				id: this.api.nextId('kw_'),
				accountId,
				campaignId,
				adSetId,
				keyword,
				matchType: 'phrase',
				status: 'active',
				negative: false,
				qualityScore: 1 + num(keyword, 10),
			};
			this.keywords.set(k.id, k);
			return k;
		});
	}

	keywordView(k: Keyword) {
		const { accountId: _a, campaignId: _c, ...rest } = k;
		const m = (s: string, mod: number) => num(`${k.keyword}:${s}`, mod);
		return { ...rest, metrics: { spend: m('spend', 5000) / 100, impressions: m('imp', 9000), clicks: m('clk', 400), conversions: m('conv', 20) } };
	}
}

function ideaMetrics(text: string) {
	const n = (s: string, mod: number) => num(`${text}:${s}`, mod);
	return {
		avgMonthlySearches: String(10 * (1 + n('s', 5000))),
		competition: ['LOW', 'MEDIUM', 'HIGH'][n('c', 3)],
		lowTopOfPageBidMicros: String(100_000 * (1 + n('lo', 20))),
		highTopOfPageBidMicros: String(100_000 * (21 + n('hi', 40))),
	};
}

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

export function registerAdsExtras(api: FakeApi, svc: AdsService): AdsExtras {
	const x = new AdsExtras(api, svc);
	svc.hasPost = (accountId, postId) => x.hasPost(accountId, postId);
	svc.addKeywords = (ad, texts) => void x.seedKeywords(ad.accountId, ad.platformCampaignId, ad.platformAdSetId, texts);
	const ads = true;
	const onlyOn = (accountId: string, networks: string[], what: string) => {
		const network = x.network(accountId);
		if (!networks.includes(network)) throw invalid('accountId', `${what} is available on ${networks.join(', ')}, not ${network}`);
		return network;
	};

	// ---- audiences
	api.route('POST', '/v1/ads/audiences', { ads, body: createAudienceBody }, ({ body }) => {
		const network = x.network(body.accountId);
		if (network === 'chatnet') throw invalid('accountId', 'chatnet has no audiences');
		if ((body.type === 'website' || body.type === 'lookalike') && network !== 'socialnet') throw invalid('type', `${body.type} audiences exist on socialnet only`);
		const audience: Audience = { id: api.nextId('aud_'), accountId: body.accountId, adAccountId: body.adAccountId, name: body.name, type: body.type, matched: new Set() };
		x.audiences.set(audience.id, audience);
		return { audience: { id: audience.id, name: audience.name, type: audience.type } };
	});
	const view = (a: Audience) => ({ id: a.id, name: a.name, type: a.type, size: a.matched.size });
	api.route('GET', '/v1/ads/audiences', { ads, query: audiencesQuery }, ({ query }) => {
		x.network(query.accountId);
		const list = [...x.audiences.values()].filter(
			(a) => a.accountId === query.accountId && (!query.adAccountId || a.adAccountId === query.adAccountId) && (!query.type || a.type === query.type),
		);
		return { audiences: list.map(view) };
	});
	api.route('GET', '/v1/ads/audiences/:audienceId', { ads, query: accountQuery }, ({ params, query }) => ({ audience: view(x.audience(params.audienceId, query.accountId)) }));
	api.route('PUT', '/v1/ads/audiences/:audienceId', { ads, body: renameAudienceBody }, ({ params, body }) => {
		const a = x.audience(params.audienceId, body.accountId);
		a.name = body.name;
		return { audience: { id: a.id, name: a.name, type: a.type } };
	});
	api.route('DELETE', '/v1/ads/audiences/:audienceId', { ads, query: accountQuery }, ({ params, query }) => {
		x.audience(params.audienceId, query.accountId);
		x.audiences.delete(params.audienceId);
		return { deleted: true, audienceId: params.audienceId };
	});
	api.route('POST', '/v1/ads/audiences/:audienceId/users', { ads, body: addUsersBody }, ({ params, body }) => {
		const a = x.audience(params.audienceId);
		const network = x.network(a.accountId);
		const phonesMatch = !['searchnet', 'microblog'].includes(network);
		for (const [i, user] of body.users.entries()) {
			if (!user.email && !user.phone) throw invalid(`users[${i}]`, 'needs an email or a phone');
			const email = user.email?.trim().toLowerCase();
			const phone = user.phone?.replace(/[^\d+]/g, '');
			if (email) a.matched.add(createHash('sha256').update(`e:${email}`).digest('hex'));
			else if (phone && phonesMatch) a.matched.add(createHash('sha256').update(`p:${phone}`).digest('hex'));
		}
		return { success: true };
	});

	// ---- posts, identities, pages
	api.route('GET', '/v1/ads/best-posts', { ads, query: bestPostsQuery }, ({ query }) => {
		const network = onlyOn(query.accountId, ['socialnet', 'videonet'], 'best posts');
		const posts = AdsExtras.rank(x.posts(query.accountId, network));
		return {
			posts,
			sources: [{ network, account: posts[0].account, posts: posts.length, metrics: true }],
			notes: [],
			...(network === 'videonet' ? { postingAccountId: query.accountId } : {}),
		};
	});
	api.route('GET', '/v1/ads/photoapp-posts', { ads, query: accountAndAdAccountQuery }, ({ query }) => {
		onlyOn(query.accountId, ['socialnet'], 'photoapp posts');
		const posts = AdsExtras.rank(
			x.posts(`${query.accountId}:photoapp`, 'photoapp').map((p) => ({ ...p, metrics: { likes: 0, comments: 0, shares: 0, reactions: 0 }, score: 0 })),
		);
		return { posts, sources: [{ network: 'photoapp', account: '@shop', posts: posts.length, metrics: false }], notes: ['The photoapp account is not connected for posting, so posts carry no counts'] };
	});
	api.route('GET', '/v1/ads/photoapp-accounts', { ads, query: accountAndAdAccountQuery }, ({ query }) => {
		onlyOn(query.accountId, ['socialnet'], 'photoapp accounts');
		const account = { photoappUserId: '17841400000000001', username: 'shop', source: 'page' };
		return {
			accounts: [account],
			pages: [{ pageId: '1000001', name: 'Shop Page', photoappBusinessAccount: { photoappUserId: account.photoappUserId, username: account.username } }],
			resolved: { pageId: '1000001', photoappUserId: account.photoappUserId, source: 'page' },
		};
	});
	api.route('GET', '/v1/ads/pronet-pages', { ads, query: pronetPagesQuery }, ({ query }) => {
		const accountId = query.accountId ?? [...svc.connections.values()].find((c) => c.network === 'pronet')?.id;
		if (!accountId) throw invalid('accountId', 'no pronet connection');
		onlyOn(accountId, ['pronet'], 'pronet pages');
		return {
			pages: [
				{ organizationId: '2414183', name: 'Shop Inc.', vanityName: 'shop-inc', logoUrl: 'https://cdn.example.com/logo.png' },
				{ organizationId: '2414184', name: 'Shop Careers', vanityName: 'shop-careers', logoUrl: null },
			],
			postingAccountId: accountId,
			notes: [],
		};
	});
	api.route('GET', '/v1/ads/videonet-identities', { ads, query: accountAndAdAccountQuery }, ({ query }) => {
		onlyOn(query.accountId, ['videonet'], 'videonet identities');
		return {
			adAccountId: query.adAccountId,
			identities: [
				{ identityId: 'vid_ident_1', identityType: 'VIDEO_USER', displayName: 'Shop Videos', username: 'shopvideos', profileImage: 'https://cdn.example.com/v.png' },
				{ identityId: 'vid_ident_2', identityType: 'CUSTOMIZED_USER', displayName: 'Shop Brand', username: 'shopbrand', profileImage: null },
			],
		};
	});

	// ---- targeting, pricing, conversions, insights
	api.route('GET', '/v1/ads/targeting/search', { ads, query: targetingSearchQuery }, ({ query }) => {
		x.network(query.accountId);
		const q = query.q.toLowerCase();
		return {
			results: TARGETING.filter((t) => (!query.dimension || t.dimension === query.dimension) && t.name.toLowerCase().includes(q)).map(({ id, name, audienceSize }) => ({ id, name, audienceSize })),
		};
	});
	api.route('POST', '/v1/ads/targeting/bid-pricing', { ads, body: bidPricingBody }, ({ body }) => {
		if (x.network(body.accountId) !== 'pronet') return { available: false };
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
		if (['chatnet', 'microblog'].includes(x.network(body.accountId))) return { available: false };
		const from = Date.parse(body.fromDate);
		const to = Date.parse(body.toDate);
		if (to < from) throw invalid('toDate', 'must not be before fromDate');
		if (from < Date.parse(api.now().toISOString().slice(0, 10))) throw invalid('fromDate', 'the window must be in the future');
		const days = Math.round((to - from) / DAY_MS) + 1;
		const spend = body.dailyBudget * days;
		return { available: true, forecast: { impressions: Math.round(spend * 180), clicks: Math.round(spend * 2.1), spend: { amount: spend.toFixed(2), currencyCode: body.currency ?? 'USD' } } };
	});
	api.route('POST', '/v1/ads/conversions', { ads, body: conversionsBody }, ({ body }) => {
		onlyOn(body.accountId, ['socialnet', 'searchnet', 'chatnet'], 'server-side conversions');
		x.conversions.push({ accountId: body.accountId, destinationId: body.destinationId, events: body.events });
		return { success: true };
	});
	api.route('GET', '/v1/ads/insights', { ads, query: insightsQuery }, ({ query }) => {
		const network = onlyOn(query.accountId, ['socialnet', 'searchnet', 'videonet', 'pronet'], 'insights');
		if (network === 'searchnet') {
			if (!query.query) throw invalid('query', 'required on searchnet');
			if (/\b(mutate|insert|update|delete)\b/i.test(query.query)) throw invalid('query', 'queries are read-only');
			return { data: [{ campaign: { id: 'cmp_1', name: 'Search one' }, metrics: { clicks: '120', costMicros: '45600000' } }] };
		}
		if (network === 'videonet') {
			const dimensions = (query.dimensions ?? '').split(',').filter(Boolean);
			if (dimensions.length < 1 || dimensions.length > 4) throw invalid('dimensions', '1 to 4 dimensions');
			const other = dimensions.filter((d) => !AUDIENCE_DIMENSIONS.includes(d));
			if (query.reportType === 'AUDIENCE' && other.length) throw invalid('dimensions', `AUDIENCE reports take ${AUDIENCE_DIMENSIONS.join(', ')}, not ${other.join(', ')}`);
			if (!query.fromDate || !query.toDate) throw invalid('fromDate', 'fromDate and toDate are required on videonet');
			const span = (Date.parse(query.toDate) - Date.parse(query.fromDate)) / DAY_MS + 1;
			if (span > 30) throw invalid('toDate', 'at most 30 days per query');
			const metrics = (query.metrics ?? 'spend,impressions').split(',');
			const rows = [];
			for (let i = 0; i < span; i++) {
				const date = new Date(Date.parse(query.fromDate) + i * DAY_MS).toISOString().slice(0, 10);
				rows.push({
					dimensions: Object.fromEntries(dimensions.map((d) => [d, d === 'stat_time_day' ? `${date} 00:00:00` : `${d}_value`])),
					metrics: Object.fromEntries(metrics.map((m) => [m, String(num(`${date}:${m}`, 1000))])),
				});
			}
			return { data: rows };
		}
		const fields = (query.fields ?? 'spend,impressions').split(',');
		return { data: [Object.fromEntries([['object_id', query.objectId ?? 'act_1001'], ...fields.map((f) => [f, String(num(f, 1000))])])] };
	});

	// ---- keywords, search terms, recommendations
	api.route('GET', '/v1/ads/keywords', { ads, query: keywordsQuery }, ({ query }) => {
		onlyOn(query.accountId, ['searchnet'], 'keywords');
		const list = [...x.keywords.values()].filter(
			(k) =>
				k.accountId === query.accountId &&
				(!query.campaignId || k.campaignId === query.campaignId) &&
				(!query.adSetId || k.adSetId === query.adSetId) &&
				(query.negative === undefined || k.negative === query.negative) &&
				(!query.search || k.keyword.includes(query.search.toLowerCase())),
		);
		return { keywords: list.map((k) => x.keywordView(k)) };
	});
	api.route('POST', '/v1/ads/keywords', { ads, body: addKeywordsBody }, ({ body, request }) => {
		onlyOn(body.accountId, ['searchnet'], 'keywords');
		const set = svc.adSets.get(body.adSetId);
		if (!set) throw notFound('Ad group', body.adSetId);
		const added = body.keywords.map((k) => {
			const [text, matchType] = typeof k === 'string' ? [k, 'broad'] : [k.text, k.matchType];
			const [created] = x.seedKeywords(body.accountId, set.platformCampaignId, set.platformAdSetId, [text.toLowerCase()]);
			created.matchType = matchType;
			created.negative = body.negative ?? false;
			return x.keywordView(created);
		});
		// negative keywords exclude searches: they bid on nothing
		if (!body.negative) svc.books.write(request, { kind: 'keywords', object: 'adSet', id: set.platformAdSetId, ...svc.ownerOf(set.platformCampaignId), keywords: added.map((k) => k.keyword) });
		return { keywords: added };
	});
	const keyword = (keywordId: string, accountId: string) => {
		const k = x.keywords.get(keywordId);
		if (!k || k.accountId !== accountId) throw notFound('Keyword', keywordId);
		return k;
	};
	api.route('PATCH', '/v1/ads/keywords/:keywordId', { ads, body: keywordStatusBody }, ({ params, body, request }) => {
		const k = keyword(params.keywordId, body.accountId);
		svc.bookActivation(request, 'keyword', k.id, k.campaignId, k.status, body.status);
		k.status = body.status;
		return { keyword: x.keywordView(k) };
	});
	api.route('DELETE', '/v1/ads/keywords/:keywordId', { ads, query: accountQuery }, ({ params, query }) => {
		keyword(params.keywordId, query.accountId);
		x.keywords.delete(params.keywordId);
		return { deleted: true, keywordId: params.keywordId };
	});
	const IDEAS_PER_PAGE = 10;
	api.route('POST', '/v1/ads/keywords/ideas', { ads, body: keywordIdeasBody }, ({ body }) => {
		onlyOn(body.accountId, ['searchnet'], 'keyword ideas');
		const seeds = body.seedKeywords?.length ? body.seedKeywords : [new URL(body.seedUrl!).hostname.split('.')[0]];
		const all = seeds.flatMap((s) => ['', ' sale', ' online', ' cheap', ' near me', ' women', ' men', ' linen', ' summer', ' best', ' buy', ' shop'].map((suffix) => `${s}${suffix}`));
		const start = body.pageToken ? Number(Buffer.from(body.pageToken, 'base64url').toString()) : 0;
		if (!Number.isInteger(start) || start < 0 || start > all.length) throw invalid('pageToken', 'unknown page token');
		const next = start + IDEAS_PER_PAGE;
		return {
			customerId: body.customerId ?? '1234567890',
			data: all.slice(start, next).map((text) => ({ text, keywordIdeaMetrics: ideaMetrics(text) })),
			paging: next < all.length ? { nextPageToken: Buffer.from(String(next)).toString('base64url') } : {},
		};
	});
	api.route('POST', '/v1/ads/keywords/historical-metrics', { ads, body: historicalMetricsBody }, ({ body }) => {
		onlyOn(body.accountId, ['searchnet'], 'historical metrics');
		return { customerId: body.customerId ?? '1234567890', data: body.keywords.map((text) => ({ text, keywordIdeaMetrics: ideaMetrics(text) })), paging: {} };
	});
	api.route('GET', '/v1/ads/search-terms', { ads, query: searchTermsQuery }, ({ query }) => {
		onlyOn(query.accountId, ['searchnet'], 'search terms');
		const to = query.toDate ?? api.now().toISOString().slice(0, 10);
		const from = query.fromDate ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
		const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
		if (days < 1) throw invalid('fromDate', 'must not be after toDate');
		const terms = ['linen dress', 'summer dress sale', 'cheap dresses', 'linen shirt', 'dress shop near me'];
		const rows = terms.map((searchTerm, i) => ({
			searchTerm,
			status: (['ADDED', 'NONE', 'EXCLUDED', 'NONE', 'NONE'] as const)[i],
			campaignName: query.campaignId ? `Campaign ${query.campaignId}` : 'Search one',
			impressions: days * (50 + num(searchTerm, 200)),
			clicks: days * (2 + num(`${searchTerm}:c`, 10)),
			costMicros: String(days * 1_000_000 * (1 + num(`${searchTerm}:$`, 9))),
			conversions: num(`${searchTerm}:v`, 5),
		}));
		rows.sort((a, b) => Number(b.costMicros) - Number(a.costMicros));
		return { customerId: query.customerId ?? '1234567890', data: rows, stale: false };
	});
	api.route('GET', '/v1/ads/recommendations', { ads, query: recommendationsQuery }, ({ query }) => {
		onlyOn(query.accountId, ['searchnet'], 'recommendations');
		const types = query.types?.split(',').filter(Boolean);
		const list = [...x.recommendations.values()].filter((r) => r.accountId === query.accountId && r.adAccountId === query.adAccountId && (!types || types.includes(r.type)));
		return { adAccountId: query.adAccountId, recommendations: list.map(({ resourceName, type, campaignId, impact }) => recommendation.parse({ resourceName, type, campaignId, impact })), stale: false };
	});
	const perItem = (request: RecordedRequest, accountId: string, adAccountId: string, names: string[], done: 'applied' | 'dismissed') => {
		onlyOn(accountId, ['searchnet'], 'recommendations');
		return {
			results: names.map((resourceName) => {
				const r = x.recommendations.get(resourceName);
				if (!r || r.adAccountId !== adAccountId) return { resourceName, status: 'failed', message: 'Recommendation not found (already applied or dismissed?)' };
				if (done === 'applied' && r.failsOnApply) return { resourceName, status: 'failed', message: 'The campaign this recommendation changes no longer exists' };
				if (done === 'applied') x.applyRecommendation(r, request);
				x.recommendations.delete(resourceName);
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

	api.control('ads-extras', () => ({
		audiences: [...x.audiences.values()].map((a) => ({ ...a, matched: a.matched.size })),
		conversions: x.conversions,
	}));
	return x;
}

