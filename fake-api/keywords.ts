import type { AdsService } from './ads';
import { accountQuery, addKeywordsBody, historicalMetricsBody, keywordIdeasBody, keywordStatusBody, keywordsQuery, searchTermsQuery } from './contract/ads';
import type { FakeApi } from './core';
import { invalid, notFound } from './errors';
import { DAY_MS, figure } from './figures';

/** searchnet's keywords: an ad set's keywords (listed, added, paused, removed), keyword ideas and their metrics, and search terms. */

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

/** The keywords the fake API holds, by id (the server's `api.keywords`). */
export class Keywords extends Map<string, Keyword> {
	constructor(private readonly api: FakeApi) {
		super();
	}

	/** Adds active phrase keywords to an ad set (Keyword → Add, an applied KEYWORD recommendation, a searchnet ad's targeting). */
	seed(accountId: string, campaignId: string, adSetId: string, texts: string[]) {
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
				qualityScore: 1 + figure(keyword, 10),
			};
			this.set(k.id, k);
			return k;
		});
	}

	/** A keyword as the API answers it, with made-up metrics. */
	view(k: Keyword) {
		const { accountId: _a, campaignId: _c, ...rest } = k;
		const m = (s: string, mod: number) => figure(`${k.keyword}:${s}`, mod);
		return { ...rest, metrics: { spend: m('spend', 5000) / 100, impressions: m('imp', 9000), clicks: m('clk', 400), conversions: m('conv', 20) } };
	}
}

function ideaMetrics(text: string) {
	const n = (s: string, mod: number) => figure(`${text}:${s}`, mod);
	return {
		avgMonthlySearches: String(10 * (1 + n('s', 5000))),
		competition: ['LOW', 'MEDIUM', 'HIGH'][n('c', 3)],
		lowTopOfPageBidMicros: String(100_000 * (1 + n('lo', 20))),
		highTopOfPageBidMicros: String(100_000 * (21 + n('hi', 40))),
	};
}

export function registerKeywords(api: FakeApi, svc: AdsService, keywords: Keywords) {
	const ads = true;
	api.route('GET', '/v1/ads/keywords', { ads, query: keywordsQuery }, ({ query }) => {
		svc.onlyOn(query.accountId, ['searchnet'], 'keywords');
		const list = [...keywords.values()].filter(
			(k) =>
				k.accountId === query.accountId &&
				(!query.campaignId || k.campaignId === query.campaignId) &&
				(!query.adSetId || k.adSetId === query.adSetId) &&
				(query.negative === undefined || k.negative === query.negative) &&
				(!query.search || k.keyword.includes(query.search.toLowerCase())),
		);
		return { keywords: list.map((k) => keywords.view(k)) };
	});
	api.route('POST', '/v1/ads/keywords', { ads, body: addKeywordsBody }, ({ body, request }) => {
		svc.onlyOn(body.accountId, ['searchnet'], 'keywords');
		const set = svc.adSets.get(body.adSetId);
		if (!set) throw notFound('Ad group', body.adSetId);
		const added = body.keywords.map((k) => {
			const [text, matchType] = typeof k === 'string' ? [k, 'broad'] : [k.text, k.matchType];
			const [created] = keywords.seed(body.accountId, set.platformCampaignId, set.platformAdSetId, [text.toLowerCase()]);
			created.matchType = matchType;
			created.negative = body.negative ?? false;
			return keywords.view(created);
		});
		// negative keywords exclude searches: they bid on nothing
		if (!body.negative) svc.books.write(request, { kind: 'keywords', object: 'adSet', id: set.platformAdSetId, ...svc.ownerOf(set.platformCampaignId), keywords: added.map((k) => k.keyword) });
		return { keywords: added };
	});
	const keyword = (keywordId: string, accountId: string) => {
		const k = keywords.get(keywordId);
		if (!k || k.accountId !== accountId) throw notFound('Keyword', keywordId);
		return k;
	};
	api.route('PATCH', '/v1/ads/keywords/:keywordId', { ads, body: keywordStatusBody }, ({ params, body, request }) => {
		const k = keyword(params.keywordId, body.accountId);
		svc.bookActivation(request, 'keyword', k.id, k.campaignId, k.status, body.status);
		k.status = body.status;
		return { keyword: keywords.view(k) };
	});
	api.route('DELETE', '/v1/ads/keywords/:keywordId', { ads, query: accountQuery }, ({ params, query }) => {
		keyword(params.keywordId, query.accountId);
		keywords.delete(params.keywordId);
		return { deleted: true, keywordId: params.keywordId };
	});
	const IDEAS_PER_PAGE = 10;
	api.route('POST', '/v1/ads/keywords/ideas', { ads, body: keywordIdeasBody }, ({ body }) => {
		svc.onlyOn(body.accountId, ['searchnet'], 'keyword ideas');
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
		svc.onlyOn(body.accountId, ['searchnet'], 'historical metrics');
		return { customerId: body.customerId ?? '1234567890', data: body.keywords.map((text) => ({ text, keywordIdeaMetrics: ideaMetrics(text) })), paging: {} };
	});
	api.route('GET', '/v1/ads/search-terms', { ads, query: searchTermsQuery }, ({ query }) => {
		svc.onlyOn(query.accountId, ['searchnet'], 'search terms');
		const to = query.toDate ?? api.now().toISOString().slice(0, 10);
		const from = query.fromDate ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
		const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
		if (days < 1) throw invalid('fromDate', 'must not be after toDate');
		const terms = ['linen dress', 'summer dress sale', 'cheap dresses', 'linen shirt', 'dress shop near me'];
		const rows = terms.map((searchTerm, i) => ({
			searchTerm,
			status: (['ADDED', 'NONE', 'EXCLUDED', 'NONE', 'NONE'] as const)[i],
			campaignName: query.campaignId ? `Campaign ${query.campaignId}` : 'Search one',
			impressions: days * (50 + figure(searchTerm, 200)),
			clicks: days * (2 + figure(`${searchTerm}:c`, 10)),
			costMicros: String(days * 1_000_000 * (1 + figure(`${searchTerm}:$`, 9))),
			conversions: figure(`${searchTerm}:v`, 5),
		}));
		rows.sort((a, b) => Number(b.costMicros) - Number(a.costMicros));
		return { customerId: query.customerId ?? '1234567890', data: rows, stale: false };
	});
}
