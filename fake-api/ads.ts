import {
	accountQuery,
	adQuery,
	adSetStatusBody,
	adSetsQuery,
	adStatusBody,
	adsQuery,
	analyticsQuery,
	boostBody,
	bulkStatusBody,
	callAdBody,
	campaignsQuery,
	connectChatnetBody,
	connectQuery,
	createAdBody,
	createCampaignBody,
	messagingAdBody,
	platformBody,
	setStatusBody,
	treeQuery,
	updateAdBody,
	updateAdSetBody,
	updateCampaignBody,
	NETWORKS,
} from './contract/ads';
import { Books, raisesBid, raisesBudget, type Budget } from './books';
import { ReplyWith, type FakeApi, type RecordedRequest } from './core';
import { ApiError, invalid, notFound } from './errors';
import { DAY_MS, hashOf } from './figures';

/**
 * The ads half of the fake API: connections, campaigns, ad sets and ads, with validation and status
 * rules (AdsService, the state the other ads modules read: audiences.ts, posts.ts, targeting.ts,
 * measurement.ts, keywords.ts, recommendations.ts). It imports none of them: what it needs of two of
 * them comes in as AdsNeighbours (index.ts gives them).
 */

export type Network = (typeof NETWORKS)[number];
interface Connection {
	id: string;
	network: Network;
	displayName: string;
	isActive: boolean;
	needsReconnection: boolean;
	adAccounts: Array<{ adAccountId: string; name: string; currency: string; accountStatus: number; billingStatus: string }>;
	/** GET /v1/ads answers 202 backfillPending while this is set. */
	backfilling?: boolean;
}
interface Metrics {
	spend: number;
	impressions: number;
	clicks: number;
	ctr: number;
	cpc: number;
	conversions: number;
}
export interface Campaign {
	platformCampaignId: string;
	platform: string;
	accountId: string;
	adAccountId: string;
	campaignName: string;
	status: string;
	currency: string;
	budget?: { amount: number; type: string };
	bidStrategy?: string;
	bidAmount?: number;
	goal: string;
	source: 'service' | 'external';
	createdAt: string;
}
export interface AdSet {
	platformAdSetId: string;
	platformCampaignId: string;
	adSetName: string;
	status: string;
	budget?: { amount: number; type: string };
	bidStrategy?: string;
	bidAmount?: number;
}
export interface Ad {
	id: string;
	name: string;
	platform: string;
	accountId: string;
	status: string;
	requestedStatus: 'active' | 'paused';
	adType: string;
	reviewStatus: string;
	goal: string;
	budget: { amount: number; type: string };
	platformCampaignId: string;
	platformAdSetId: string;
	creative: Record<string, unknown>;
	targeting: Record<string, unknown>;
	schedule: { startDate?: string; endDate?: string };
	source: 'service' | 'external';
	createdAt: string;
}

const PLATFORM_OF: Record<Network, string> = {
	socialnet: 'socialfeed',
	searchnet: 'searchnet',
	pronet: 'pronet',
	videonet: 'videonet',
	microblog: 'microblog',
	chatnet: 'chatnet',
};
/** Where POST /v1/ads/campaigns applies validateOnly; elsewhere it creates the campaign as sent (reference; docs/reference/contract.md, 2026-11-27). */
export const CAMPAIGN_DRY_RUN: readonly Network[] = ['socialnet', 'chatnet'];

/** Deterministic metrics from an id, so analytics and rollups are stable across runs. */
export function metricsFor(key: string, days = 1): Metrics {
	const h = hashOf(key);
	const impressions = (1000 + h.readUInt16BE(0)) * days;
	const clicks = Math.round(impressions * (0.01 + h[2] / 10_000));
	const spend = Math.round(clicks * (0.2 + h[3] / 500) * 100) / 100;
	return {
		spend,
		impressions,
		clicks,
		ctr: Math.round((clicks / impressions) * 10_000) / 100,
		cpc: clicks ? Math.round((spend / clicks) * 100) / 100 : 0,
		conversions: Math.round(clicks * 0.05),
	};
}

function sumMetrics(list: Metrics[]): Metrics {
	const total = list.reduce(
		(t, m) => ({ ...t, spend: t.spend + m.spend, impressions: t.impressions + m.impressions, clicks: t.clicks + m.clicks, conversions: t.conversions + m.conversions }),
		{ spend: 0, impressions: 0, clicks: 0, ctr: 0, cpc: 0, conversions: 0 },
	);
	total.spend = Math.round(total.spend * 100) / 100;
	total.ctr = total.impressions ? Math.round((total.clicks / total.impressions) * 10_000) / 100 : 0;
	total.cpc = total.clicks ? Math.round((total.spend / total.clicks) * 100) / 100 : 0;
	return total;
}

/** What the ads module asks of two modules beside it, given by index.ts (so that neither imports the other both ways). */
export interface AdsNeighbours {
	/** Whether the connection lists this post (posts.ts): the only posts it can boost. */
	hasPost(accountId: string, network: Network, postId: string): boolean;
	/** Adds active keywords to an ad's ad group (keywords.ts holds them). */
	addKeywords(ad: Ad, texts: string[]): void;
}

export class AdsService {
	readonly connections = new Map<string, Connection>();

	readonly campaigns = new Map<string, Campaign>();

	readonly adSets = new Map<string, AdSet>();

	/** Times of socialnet validateOnly writes per ad account (docs/reference/contract.md: 30 per 5 minutes). */
	readonly dryRuns = new Map<string, number[]>();

	countDryRun(body: { accountId: string; adAccountId: string }) {
		if (this.connection(body.accountId).network !== 'socialnet') return;
		const now = this.api.now().getTime();
		const window = 5 * 60 * 1000;
		const times = (this.dryRuns.get(body.adAccountId) ?? []).filter((t) => t > now - window);
		if (times.length >= 30) {
			const wait = Math.max(1, Math.ceil((times[0] + window - now) / 1000));
			throw new ApiError(429, 'rate_limited', 'Dry-run limit: 30 validateOnly writes per ad account per 5 minutes', {}, { 'Retry-After': String(wait) });
		}
		this.dryRuns.set(body.adAccountId, [...times, now]);
	}

	readonly ads = new Map<string, Ad>();

	/** What the API did to spending (books.ts); the server's `api.books`. */
	readonly books = new Books();

	constructor(
		private readonly api: FakeApi,
		readonly neighbours: AdsNeighbours,
	) {
		const add = (id: string, network: Network, displayName: string, accounts: Array<[string, string, string]>) =>
			this.connections.set(id, {
				id,
				network,
				displayName,
				isActive: true,
				needsReconnection: false,
				adAccounts: accounts.map(([adAccountId, name, currency]) => ({ adAccountId, name, currency, accountStatus: 1, billingStatus: 'ok' })),
			});
		add('acc_social1', 'socialnet', 'Shop Page', [['act_1001', 'Shop ads (USD)', 'USD'], ['act_1002', 'Shop EU (EUR)', 'EUR']]);
		add('acc_search1', 'searchnet', 'Shop search', [['123-456-7890', 'Search account', 'USD']]);
		add('acc_pro1', 'pronet', 'Shop company', [['501', 'Pro account', 'USD']]);
		add('acc_video1', 'videonet', 'Shop videos', [['7001', 'Video advertiser', 'USD']]);
		add('acc_micro1', 'microblog', '@shop', [['mb-18ce', 'Microblog ads', 'USD']]);
	}

	connection(accountId: string): Connection {
		const c = this.connections.get(accountId);
		if (!c) throw notFound('Ad connection', accountId);
		return c;
	}

	/** The connection's network, when it is one of `networks`; else a 400 that says where `what` is available. */
	onlyOn(accountId: string, networks: readonly Network[], what: string): Network {
		const { network } = this.connection(accountId);
		if (!networks.includes(network)) throw invalid('accountId', `${what} is available on ${networks.join(', ')}, not ${network}`);
		return network;
	}

	adAccount(c: Connection, adAccountId: string) {
		return c.adAccounts.find((a) => a.adAccountId === adAccountId);
	}

	campaign(campaignId: string): Campaign {
		const found = this.campaigns.get(campaignId);
		if (!found) throw notFound('Campaign', campaignId);
		return found;
	}

	ad(adId: string): Ad {
		const found = this.ads.get(adId);
		if (!found) throw notFound('Ad', adId);
		return found;
	}

	networkOfPlatform(platform: string): Network {
		return (Object.entries(PLATFORM_OF).find(([, p]) => p === platform)?.[0] ?? (platform === 'photoapp' ? 'socialnet' : platform)) as Network;
	}

	/** The ad connection and ad account a campaign is in, for the books. */
	ownerOf(campaignId: string) {
		const c = this.campaigns.get(campaignId);
		return { accountId: c?.accountId ?? '', adAccountId: c?.adAccountId ?? '' };
	}

	/** A status change of one object in the books, when it moves to active. */
	bookActivation(request: RecordedRequest, object: 'campaign' | 'adSet' | 'ad' | 'keyword', id: string, campaignId: string, before: string, status: string, activeBudget?: Budget) {
		if (status === 'active' && before !== 'active') this.books.write(request, { kind: 'activate', object, id, ...this.ownerOf(campaignId), status: 'active', before, ...(activeBudget ? { activeBudget } : {}) });
	}

	/**
	 * An ad's status (PUT /v1/ads/{adId}/status, or PUT /v1/ads/{adId} with status); on microblog the
	 * line item it runs in is switched too (reference: Ad status), in the books as part of the ad's change.
	 */
	setAdStatus(request: RecordedRequest, ad: Ad, status: 'active' | 'paused', activeBudget?: Budget) {
		this.bookActivation(request, 'ad', ad.id, ad.platformCampaignId, ad.status, status, activeBudget);
		ad.status = status;
		const lineItem = ad.platform === 'microblog' ? this.adSets.get(ad.platformAdSetId) : undefined;
		if (!lineItem) return;
		if (status === 'active' && lineItem.status !== 'active') {
			this.books.write(request, { kind: 'activate', object: 'adSet', id: lineItem.platformAdSetId, ...this.ownerOf(ad.platformCampaignId), status, before: lineItem.status, partOf: { object: 'ad', id: ad.id }, ...(lineItem.budget ? { activeBudget: lineItem.budget } : {}) });
		}
		lineItem.status = status;
	}

	/** A budget or bid change of a campaign or ad set (what it sends replaces what it had), in the books when it can spend more. */
	changeBudgetAndBid(request: RecordedRequest, object: 'campaign' | 'adSet', target: Campaign | AdSet, campaignId: string, body: { budget?: Campaign['budget']; bidStrategy?: string; bidAmount?: number }) {
		const id = 'platformAdSetId' in target ? target.platformAdSetId : target.platformCampaignId;
		if (body.budget && raisesBudget(target.budget, body.budget)) this.books.write(request, { kind: 'budget', object, id, ...this.ownerOf(campaignId), budget: body.budget, before: target.budget });
		const before = { strategy: target.bidStrategy, amount: target.bidAmount };
		if (raisesBid(before, body)) this.books.write(request, { kind: 'bid', object, id, ...this.ownerOf(campaignId), bid: { strategy: body.bidStrategy, amount: body.bidAmount }, before });
		if (body.budget) target.budget = body.budget;
		if (body.bidStrategy) target.bidStrategy = body.bidStrategy;
		if (body.bidAmount !== undefined) target.bidAmount = body.bidAmount;
	}

	adsOf(campaignId: string) {
		return [...this.ads.values()].filter((a) => a.platformCampaignId === campaignId);
	}

	adSetsOf(campaignId: string) {
		return [...this.adSets.values()].filter((s) => s.platformCampaignId === campaignId);
	}

	/** Adds a campaign with one ad set and `ads` ads (tests seed lists with it). */
	seedCampaign(accountId: string, name: string, ads = 1, source: 'service' | 'external' = 'external', id?: string) {
		const c = this.connection(accountId);
		const campaign: Campaign = {
			platformCampaignId: id ?? this.api.nextId('cmp_'),
			platform: PLATFORM_OF[c.network],
			accountId,
			adAccountId: c.adAccounts[0].adAccountId,
			campaignName: name,
			status: 'active',
			currency: c.adAccounts[0].currency,
			budget: { amount: 20, type: 'daily' },
			goal: 'traffic',
			source,
			createdAt: this.api.now().toISOString(),
		};
		this.campaigns.set(campaign.platformCampaignId, campaign);
		const adSet: AdSet = { platformAdSetId: this.api.nextId('adset_'), platformCampaignId: campaign.platformCampaignId, adSetName: `${name} set`, status: 'active', budget: campaign.budget };
		this.adSets.set(adSet.platformAdSetId, adSet);
		for (let i = 0; i < ads; i++) this.newAd(campaign, adSet, { name: `${name} ad ${i + 1}`, adType: 'standard', goal: 'traffic', budget: { amount: 20, type: 'daily' }, requested: 'active', source, status: 'active' });
		return campaign;
	}

	newAd(
		campaign: Campaign,
		adSet: AdSet,
		o: { name: string; adType: string; goal: string; budget: Ad['budget']; requested: 'active' | 'paused'; source: Ad['source']; status?: string; creative?: Record<string, unknown>; targeting?: Record<string, unknown>; schedule?: Ad['schedule'] },
	): Ad {
		const ad: Ad = {
			id: this.api.nextId('ad_'),
			name: o.name,
			platform: campaign.platform,
			accountId: campaign.accountId,
			status: o.status ?? 'pending_review',
			requestedStatus: o.requested,
			adType: o.adType,
			reviewStatus: o.status === 'active' ? 'approved' : 'pending',
			goal: o.goal,
			budget: o.budget,
			platformCampaignId: campaign.platformCampaignId,
			platformAdSetId: adSet.platformAdSetId,
			creative: o.creative ?? {},
			targeting: o.targeting ?? {},
			schedule: o.schedule ?? {},
			source: o.source,
			createdAt: this.api.now().toISOString(),
		};
		this.ads.set(ad.id, ad);
		return ad;
	}

	/** The review finishes: every pending ad takes the status it was created with. */
	approveAll() {
		for (const ad of this.ads.values()) {
			if (ad.status === 'pending_review') {
				ad.status = ad.requestedStatus;
				ad.reviewStatus = 'approved';
			}
		}
	}

	adView(ad: Ad) {
		const { requestedStatus: _r, accountId: _a, creative: _c, targeting: _t, schedule: _s, source: _src, platformAdSetId: _p, ...rest } = ad;
		return { ...rest, metrics: metricsFor(ad.id) };
	}
}

type CreateInput = Record<string, unknown> & {
	accountId: string;
	adAccountId: string;
	budgetAmount: number;
	budgetType: 'daily' | 'lifetime';
	goal?: string;
	startDate?: string;
	endDate?: string;
};

/** Checks that look an id up: on a real call a failure is 404 not_found, not 400. */
const ID_CHECKS = ['post', 'existing_campaign'];
const unknownPost = (postId: string, conn: Connection) =>
	conn.network === 'videonet'
		? `post ${postId} was not found for connection ${conn.id}; boost a post listed by GET /v1/ads/best-posts, with its postingAccountId as accountId`
		: `post ${postId} was not found for connection ${conn.id}; boost a post listed by GET /v1/ads/best-posts${conn.network === 'socialnet' ? ' or /v1/ads/photoapp-posts' : ''} for this connection`;

/** The service's checks (reference: Ads → Validation), in order. */
function runChecks(svc: AdsService, input: CreateInput, kind: 'create' | 'boost' | 'messaging' | 'call') {
	const checks: Array<{ check: string; status: 'passed' | 'failed'; message: string }> = [];
	const check = (name: string, ok: boolean, message: string) => checks.push({ check: name, status: ok ? 'passed' : 'failed', message: ok ? 'ok' : message });
	const conn = svc.connections.get(input.accountId);
	check('connection', Boolean(conn?.isActive && !conn.needsReconnection), `connection ${input.accountId} is missing or needs reconnecting`);
	const network = conn?.network ?? 'socialnet';
	const account = conn ? svc.adAccount(conn, input.adAccountId) : undefined;
	check('ad_account', Boolean(account && account.accountStatus === 1), `ad account ${input.adAccountId} is not active on this connection`);
	// unknown ids: a failed validateOnly check, 404 not_found on the real call (see `create`)
	if (kind === 'boost' && conn) check('post', svc.neighbours.hasPost(conn.id, conn.network, String(input.postId)), unknownPost(String(input.postId), conn));
	if (input.existingCampaignId !== undefined) {
		check('existing_campaign', svc.campaigns.has(String(input.existingCampaignId)), `campaign ${String(input.existingCampaignId)} was not found; list campaigns with GET /v1/ads/campaigns`);
	}

	const missing: string[] = [];
	const need = (...fields: string[]) => fields.forEach((f) => (input[f] === undefined || input[f] === '' ? missing.push(f) : undefined));
	if (kind !== 'boost') {
		if (network === 'socialnet') need('headline', 'body', 'linkUrl', 'imageUrl', 'callToAction');
		if (network === 'searchnet') need('headline', 'body', 'linkUrl', 'campaignType', 'keywords');
		// organizationId (pronet) and identityId/identityType (videonet) are optional (reference)
		if (network === 'videonet') need('imageUrl');
		if (network === 'microblog') need('body');
		if (network === 'chatnet') need('headline', 'body', 'imageUrl', 'linkUrl');
		if (kind === 'messaging') need('destination');
		if (kind === 'call') need('phoneNumber');
	}
	check('required_fields', missing.length === 0, `missing for ${network}: ${missing.join(', ')}`);
	check('goal', typeof input.goal === 'string' && input.goal.length > 0, 'goal is required');

	const start = input.startDate ? Date.parse(input.startDate) : Date.now();
	const end = input.endDate ? Date.parse(input.endDate) : undefined;
	check('dates', input.budgetType !== 'lifetime' || end !== undefined, 'a lifetime budget needs an end date');
	check('daily_budget_duration', !(network === 'socialnet' && input.budgetType === 'daily' && end !== undefined && end - start < DAY_MS), 'a daily-budget ad must run at least 24 hours');
	const minimum = network === 'videonet' && account?.currency === 'USD' ? 20 : 1;
	check('min_daily_budget', input.budgetAmount >= minimum, `the minimum budget is ${minimum} ${account?.currency ?? ''}`.trim());
	check('currency', Boolean(account?.currency), 'the ad account has no currency');

	const creative: string[] = [];
	const text = (f: string) => (typeof input[f] === 'string' ? (input[f] as string) : '');
	if (network === 'microblog' && text('body').length > 280) creative.push('body is over 280 characters');
	if (network === 'chatnet') {
		const h = text('headline').length;
		if (h < 3 || h > 50) creative.push('headline must be 3 to 50 characters');
		if (text('body').length > 100) creative.push('body is over 100 characters');
	}
	if (kind === 'call' && !/^\+[1-9]\d{6,14}$/.test(text('phoneNumber'))) creative.push('phoneNumber must be E.164, e.g. +15551234567');
	check('creative_limits', creative.length === 0, creative.join('; '));

	const valid = checks.every((c) => c.status === 'passed');
	const dryRun = kind === 'create' && (network === 'socialnet' || network === 'chatnet' || (network === 'searchnet' && input.campaignType === 'pmax'));
	return { valid, network, checks, checkedBy: valid && dryRun ? 'network' : 'service' };
}

/** The keyword texts of `targeting.keywords`: strings or `{text, matchType}` (as POST /v1/ads/keywords takes them); anything else is refused. */
function keywordTexts(value: unknown): string[] {
	const texts = Array.isArray(value) ? value.map((k) => (typeof k === 'string' ? k : (k as { text?: unknown } | null)?.text)) : [];
	if (!Array.isArray(value) || texts.some((t) => typeof t !== 'string' || !t.trim())) throw invalid('targeting.keywords', 'must be a list of keywords (strings or {text, matchType})');
	return (texts as string[]).map((t) => t.toLowerCase());
}

export function registerAds(api: FakeApi, neighbours: AdsNeighbours): AdsService {
	const svc = new AdsService(api, neighbours);
	const ads = true;

	// ---- connecting
	api.route('GET', '/v1/connect/:network/ads', { ads, query: connectQuery }, ({ params, key }) => {
		const network = params.network as Network;
		if (!NETWORKS.includes(network) || network === 'chatnet') throw invalid('network', 'must be socialnet, searchnet, pronet, videonet or microblog');
		const connectsAtOnce = network === 'pronet' || network === 'socialnet';
		if (connectsAtOnce && key.readOnly) throw new ApiError(403, 'read_only_key', 'A read-only key cannot connect an account');
		return { network, auth_url: `https://connect.example.com/${network}/oauth?state=${api.nextId('st_')}`, already_connected: connectsAtOnce };
	});
	api.route('POST', '/v1/connect/chatnet/ads', { ads, connecting: true, body: connectChatnetBody }, ({ body }) => {
		if (!/^cn_live_[A-Za-z0-9]{8,}$/.test(body.api_key)) {
			throw new ApiError(400, 'invalid_credentials', 'The chat network rejected this API key');
		}
		const idFromKey = `acc_chat_${hashOf(body.api_key.slice(0, 16)).toString('hex').slice(0, 6)}`;
		const adAccountName = 'Chat ads account';
		svc.connections.set(idFromKey, {
			id: idFromKey,
			network: 'chatnet',
			displayName: adAccountName,
			isActive: true,
			needsReconnection: false,
			adAccounts: [{ adAccountId: `cn-${idFromKey.slice(-6)}`, name: adAccountName, currency: 'USD', accountStatus: 1, billingStatus: 'ok' }],
			backfilling: true,
		});
		return { network: 'chatnet', id: idFromKey, adAccountName };
	});
	api.route('GET', '/v1/ads/connections', { ads }, () => ({
		connections: [...svc.connections.values()].map(({ id, network, displayName, isActive, needsReconnection }) => ({ id, network, displayName, isActive, needsReconnection })),
	}));
	api.route('GET', '/v1/ads/accounts', { ads, query: accountQuery }, ({ query }) => ({ accounts: svc.connection(query.accountId).adAccounts }));

	// ---- campaigns
	const paginate = <T>(rows: T[], page: number, limit: number) => ({
		rows: rows.slice((page - 1) * limit, page * limit),
		pagination: { page, limit, total: rows.length, pages: Math.max(1, Math.ceil(rows.length / limit)) },
	});
	const summary = ({ platformCampaignId, platform, campaignName, status, currency }: Campaign) => ({
		platformCampaignId,
		platform,
		campaignName,
		status,
		currency,
	});

	api.route('GET', '/v1/ads/tree', { ads, query: treeQuery }, ({ query }) => {
		const list = [...svc.campaigns.values()].filter(
			(c) => (!query.platform || c.platform === query.platform) && (!query.search || c.campaignName.toLowerCase().includes(query.search.toLowerCase())),
		);
		const { rows, pagination } = paginate(list, query.page, query.limit);
		return {
			campaigns: rows.map((c) => {
				const campaignAds = svc.adsOf(c.platformCampaignId);
				return {
					...summary(c),
					metrics: sumMetrics(campaignAds.map((a) => metricsFor(a.id))),
					adSets: svc.adSetsOf(c.platformCampaignId).map((s) => {
						const setAds = campaignAds.filter((a) => a.platformAdSetId === s.platformAdSetId);
						return {
							platformAdSetId: s.platformAdSetId,
							adSetName: s.adSetName,
							metrics: sumMetrics(setAds.map((a) => metricsFor(a.id))),
							ads: setAds.map((a) => ({ id: a.id, name: a.name, status: a.status, metrics: metricsFor(a.id) })),
						};
					}),
				};
			}),
			pagination,
		};
	});
	api.route('GET', '/v1/ads/campaigns', { ads, query: campaignsQuery }, ({ query }) => {
		const list = [...svc.campaigns.values()].filter(
			(c) =>
				(!query.platform || c.platform === query.platform) &&
				(!query.status || c.status === query.status) &&
				(!query.adAccountId || c.adAccountId === query.adAccountId) &&
				(query.source !== 'service' || c.source === 'service'),
		);
		const { rows, pagination } = paginate(list, query.page, query.limit);
		return {
			campaigns: rows.map((c) => ({ ...summary(c), budget: c.budget, adCount: svc.adsOf(c.platformCampaignId).length })),
			pagination,
		};
	});
	api.route('POST', '/v1/ads/campaigns', { ads, body: createCampaignBody }, ({ body, request }) => {
		const conn = svc.connection(body.accountId);
		const account = svc.adAccount(conn, body.adAccountId);
		if (!account) throw notFound('Ad account', body.adAccountId);
		if (['searchnet', 'microblog', 'chatnet'].includes(conn.network) && !body.budget) throw invalid('budget', `required on ${conn.network}`);
		// elsewhere validateOnly is ignored: the campaign is created as sent
		if (body.validateOnly && CAMPAIGN_DRY_RUN.includes(conn.network)) {
			return { validateOnly: true, valid: true, network: conn.network, checked_by: 'network', checks: [{ check: 'campaign', status: 'passed', message: 'ok' }], message: 'Nothing was created' };
		}
		const campaign: Campaign = {
			platformCampaignId: api.nextId('cmp_'),
			platform: PLATFORM_OF[conn.network],
			accountId: conn.id,
			adAccountId: account.adAccountId,
			campaignName: body.name,
			status: body.status === 'ACTIVE' ? 'active' : 'paused',
			currency: account.currency,
			budget: body.budget,
			goal: body.goal,
			source: 'service',
			createdAt: api.now().toISOString(),
		};
		svc.campaigns.set(campaign.platformCampaignId, campaign);
		const { platformCampaignId, platform, campaignName, status } = campaign;
		svc.books.write(request, { kind: 'create', object: 'campaign', id: platformCampaignId, accountId: conn.id, adAccountId: account.adAccountId, status: campaign.status as 'active' | 'paused', budget: body.budget });
		return { campaign: { platformCampaignId, platform, campaignName, status } };
	});
	api.route('PUT', '/v1/ads/campaigns/:campaignId', { ads, body: updateCampaignBody }, ({ params, body, request }) => {
		const c = svc.campaign(params.campaignId);
		const network = svc.networkOfPlatform(body.platform);
		if (network === 'microblog') throw invalid('platform', 'campaign updates are not supported on microblog; change the budget on the ad or line item');
		if (network === 'chatnet' && (body.bidStrategy || body.bidAmount !== undefined || body.name)) throw invalid('platform', 'chatnet campaigns take budget changes only');
		if (network === 'chatnet' && body.budget?.type === 'lifetime' && c.budget?.type === 'daily') throw invalid('budget.type', 'a daily cap cannot return to lifetime on chatnet');
		if (body.name !== undefined && network !== 'socialnet') throw invalid('name', 'can be changed on socialnet only');
		svc.changeBudgetAndBid(request, 'campaign', c, c.platformCampaignId, body);
		if (body.name) c.campaignName = body.name;
		return { success: true };
	});
	api.route('DELETE', '/v1/ads/campaigns/:campaignId', { ads, body: platformBody }, ({ params, body }) => {
		svc.campaign(params.campaignId);
		const network = svc.networkOfPlatform(body.platform);
		if (network !== 'socialnet' && network !== 'searchnet') throw invalid('platform', `deleting campaigns is supported on socialnet and searchnet only, not ${network}`);
		for (const ad of svc.adsOf(params.campaignId)) svc.ads.delete(ad.id);
		for (const set of svc.adSetsOf(params.campaignId)) svc.adSets.delete(set.platformAdSetId);
		svc.campaigns.delete(params.campaignId);
		return { success: true };
	});
	/** A campaign and its ad sets take `status`; in the books once for the campaign when any of them moves to active. */
	const setCampaignStatus = (request: RecordedRequest, c: Campaign, status: 'active' | 'paused') => {
		let updated = 0;
		let skipped = 0;
		const before = c.status;
		const objects: Array<{ status: string }> = [c, ...svc.adSetsOf(c.platformCampaignId)];
		for (const o of objects) {
			if (o.status === status) skipped += 1;
			else {
				o.status = status;
				updated += 1;
			}
		}
		if (status === 'active' && updated) svc.books.write(request, { kind: 'activate', object: 'campaign', id: c.platformCampaignId, ...svc.ownerOf(c.platformCampaignId), status, before, ...(c.budget ? { activeBudget: c.budget } : {}) });
		return { updated, skipped };
	};
	api.route('PUT', '/v1/ads/campaigns/:campaignId/status', { ads, body: setStatusBody }, ({ params, body, request }) => ({
		status: body.status,
		...setCampaignStatus(request, svc.campaign(params.campaignId), body.status),
	}));
	api.route('POST', '/v1/ads/campaigns/bulk-status', { ads, body: bulkStatusBody }, ({ body, request }) => {
		let updated = 0;
		let skipped = 0;
		for (const { campaignId } of body.campaigns) {
			const c = svc.campaigns.get(campaignId);
			if (!c || c.status === body.status) skipped += 1;
			else {
				setCampaignStatus(request, c, body.status);
				updated += 1;
			}
		}
		return { updated, skipped };
	});
	const dailyRows = (key: string, fromDate?: string, toDate?: string) => {
		const to = toDate ? Date.parse(toDate) : Date.parse(api.now().toISOString().slice(0, 10));
		const from = fromDate ? Date.parse(fromDate) : to - 6 * DAY_MS;
		if (from > to) throw invalid('fromDate', 'must not be after toDate');
		const rows = [];
		for (let t = from; t <= to; t += DAY_MS) {
			const date = new Date(t).toISOString().slice(0, 10);
			rows.push({ date, ...metricsFor(`${key}:${date}`) });
		}
		return rows;
	};
	api.route('GET', '/v1/ads/campaigns/:campaignId/analytics', { ads, query: analyticsQuery }, ({ params, query }) => {
		const c = svc.campaign(params.campaignId);
		if (query.breakdowns && c.platform !== 'pronet') throw invalid('breakdowns', 'breakdowns are available on pronet only');
		const daily = dailyRows(c.platformCampaignId, query.fromDate, query.toDate);
		return {
			campaign: { platformCampaignId: c.platformCampaignId, campaignName: c.campaignName, currency: c.currency },
			analytics: { summary: sumMetrics(daily), daily, ...(query.breakdowns ? { breakdowns: query.breakdowns.split(',').map((b) => ({ dimension: b, rows: [] })) } : {}) },
		};
	});

	// ---- ad sets
	api.route('GET', '/v1/ads/ad-sets', { ads, query: adSetsQuery }, ({ query }) => {
		svc.connection(query.accountId);
		const sets = [...svc.adSets.values()].filter((s) => {
			const c = svc.campaigns.get(s.platformCampaignId);
			return c?.accountId === query.accountId && (!query.campaignId || s.platformCampaignId === query.campaignId);
		});
		return {
			adSets: sets.slice(0, 500).map((s) => ({ platformAdSetId: s.platformAdSetId, adSetName: s.adSetName, status: s.status, budget: s.budget, adCount: [...svc.ads.values()].filter((a) => a.platformAdSetId === s.platformAdSetId).length })),
		};
	});
	const adSet = (adSetId: string) => {
		const s = svc.adSets.get(adSetId);
		if (!s) throw notFound('Ad set', adSetId);
		return s;
	};
	api.route('PUT', '/v1/ads/ad-sets/:adSetId', { ads, body: updateAdSetBody }, ({ params, body, request }) => {
		const s = adSet(params.adSetId);
		if (body.name !== undefined && svc.networkOfPlatform(body.platform) !== 'socialnet') throw invalid('name', 'can be changed on socialnet only');
		svc.changeBudgetAndBid(request, 'adSet', s, s.platformCampaignId, body);
		if (body.name) s.adSetName = body.name;
		return { success: true };
	});
	api.route('PUT', '/v1/ads/ad-sets/:adSetId/status', { ads, body: adSetStatusBody }, ({ params, body, request }) => {
		const s = adSet(params.adSetId);
		const changed = s.status !== body.status;
		svc.bookActivation(request, 'adSet', s.platformAdSetId, s.platformCampaignId, s.status, body.status, s.budget);
		s.status = body.status;
		return { status: body.status, updated: changed ? 1 : 0, skipped: changed ? 0 : 1 };
	});

	// ---- create, boost, messaging, call
	const create = (request: RecordedRequest, kind: 'create' | 'messaging' | 'call' | 'boost', body: CreateInput & Record<string, unknown>) => {
		if (body.validateOnly) svc.countDryRun(body);
		const result = runChecks(svc, body, kind);
		if (body.validateOnly) {
			return {
				validateOnly: true,
				valid: result.valid,
				network: result.network,
				checked_by: result.checkedBy,
				checks: result.checks,
				message: result.valid ? 'All checks passed; nothing was created' : 'Some checks failed; nothing was created',
			};
		}
		if (!result.valid) {
			const failed = result.checks.filter((c) => c.status === 'failed');
			const unknown = failed.find((c) => ID_CHECKS.includes(c.check));
			if (unknown) throw new ApiError(404, 'not_found', unknown.message.replace(/^./, (ch) => ch.toUpperCase()));
			throw new ApiError(400, 'invalid_request', failed.map((c) => `${c.check}: ${c.message}`).join('; '), {
				details: failed.map((c) => ({ field: c.check, message: c.message })),
			});
		}
		const conn = svc.connection(body.accountId);
		const existing = body.existingCampaignId ? svc.campaign(String(body.existingCampaignId)) : undefined;
		if (existing && !['socialnet', 'searchnet'].includes(conn.network)) throw invalid('existingCampaignId', 'works on socialnet and searchnet only');
		const requested = body.status === 'PAUSED' ? 'paused' : 'active';
		const budgetValue = { amount: body.budgetAmount, type: body.budgetType };
		const account = svc.adAccount(conn, body.adAccountId)!;
		const campaign: Campaign =
			existing ??
			(() => {
				const c: Campaign = {
					platformCampaignId: api.nextId('cmp_'),
					platform: PLATFORM_OF[conn.network],
					accountId: conn.id,
					adAccountId: account.adAccountId,
					campaignName: kind === 'boost' ? `Boost ${String(body.postId)}` : String(body.name),
					status: requested,
					currency: account.currency,
					budget: budgetValue,
					goal: String(body.goal ?? 'engagement'),
					source: 'service',
					createdAt: api.now().toISOString(),
				};
				svc.campaigns.set(c.platformCampaignId, c);
				return c;
			})();
		const set: AdSet = { platformAdSetId: api.nextId('adset_'), platformCampaignId: campaign.platformCampaignId, adSetName: `${campaign.campaignName} set`, status: requested, budget: budgetValue };
		svc.adSets.set(set.platformAdSetId, set);
		const { accountId: _a, adAccountId: _b, budgetAmount: _c, budgetType: _d, validateOnly: _e, status: _f, name, goal, startDate, endDate, countries, targeting, ...creative } = body;
		const ad = svc.newAd(campaign, set, {
			name: kind === 'boost' ? `Boost of ${String(body.postId)}` : String(name),
			adType: kind === 'create' ? 'standard' : kind,
			goal: String(goal ?? (kind === 'messaging' ? 'messages' : 'engagement')),
			budget: budgetValue,
			requested,
			source: 'service',
			creative,
			targeting: { ...((targeting as Record<string, unknown>) ?? {}), ...(countries ? { countries } : {}) },
			schedule: { startDate: startDate as string | undefined, endDate: endDate as string | undefined },
		});
		svc.books.write(request, {
			kind: 'create',
			object: 'ad',
			id: ad.id,
			accountId: conn.id,
			adAccountId: campaign.adAccountId,
			status: requested,
			budget: budgetValue,
			...(Array.isArray(body.keywords) ? { keywords: body.keywords as string[] } : {}),
		});
		const view = kind === 'boost' ? { id: ad.id, name: ad.name, status: ad.status } : { id: ad.id, name: ad.name, platform: ad.platform, status: ad.status, platformCampaignId: ad.platformCampaignId };
		return { ad: view, message: requested === 'paused' ? 'Created paused; it will not spend until you activate it' : 'Created; it starts spending once approved' };
	};
	api.route('POST', '/v1/ads/create', { ads, body: createAdBody }, ({ body, request }) => create(request, 'create', body as CreateInput));
	api.route('POST', '/v1/ads/messaging', { ads, body: messagingAdBody }, ({ body, request }) => create(request, 'messaging', body as CreateInput));
	api.route('POST', '/v1/ads/call', { ads, body: callAdBody }, ({ body, request }) => create(request, 'call', body as CreateInput));
	api.route('POST', '/v1/ads/boost', { ads, body: boostBody }, ({ body, request }) => create(request, 'boost', { goal: 'engagement', ...body } as CreateInput));

	// ---- individual ads
	api.route('GET', '/v1/ads', { ads, query: adsQuery }, ({ query }) => {
		if ([...svc.connections.values()].some((c) => c.backfilling)) {
			return new ReplyWith(202, { backfillPending: true, message: 'A newly connected account is importing its ad history; try again in a few minutes', ads: [] });
		}
		const now = api.now().getTime();
		const to = query.toDate ? Date.parse(query.toDate) + DAY_MS - 1 : now;
		const from = query.fromDate ? Date.parse(query.fromDate) : now - 90 * DAY_MS;
		if (now - from > 730 * DAY_MS) throw invalid('fromDate', 'at most 730 days back');
		const list = [...svc.ads.values()].filter((a) => {
			const at = Date.parse(a.createdAt);
			return (
				at >= from &&
				at <= to &&
				(!query.platform || a.platform === query.platform) &&
				(!query.status || a.status === query.status) &&
				(!query.campaignId || a.platformCampaignId === query.campaignId) &&
				(query.source !== 'service' || a.source === 'service')
			);
		});
		const { rows, pagination } = paginate(list, query.page, query.limit);
		return { ads: rows.map((a) => svc.adView(a)), pagination };
	});
	api.route('GET', '/v1/ads/:adId', { ads, query: adQuery }, ({ params, query }) => {
		const ad = svc.ad(params.adId);
		return { ad: { ...svc.adView(ad), creative: ad.creative, targeting: ad.targeting, schedule: ad.schedule }, stale: !query.live };
	});
	api.route('PUT', '/v1/ads/:adId', { ads, body: updateAdBody }, ({ params, body, request }) => {
		const ad = svc.ad(params.adId);
		const network = svc.networkOfPlatform(ad.platform);
		if ((network === 'microblog' || network === 'chatnet') && (body.creative || body.targeting)) {
			throw new ApiError(501, 'unsupported_platform_operation', `Creative and targeting cannot be changed on ${network}; create a new ad instead`);
		}
		if (body.name !== undefined && network !== 'socialnet') throw invalid('name', 'can be changed on socialnet only');
		// searchnet targets keywords: they join the ad's ad group and bid, as Keyword → Add's do (docs/reference/contract.md, 2026-11-27)
		const keywords = network === 'searchnet' && body.targeting?.keywords !== undefined ? keywordTexts(body.targeting.keywords) : [];
		const owner = svc.ownerOf(ad.platformCampaignId);
		if (body.status) svc.setAdStatus(request, ad, body.status, body.budget ?? ad.budget);
		if (body.budget && raisesBudget(ad.budget, body.budget)) svc.books.write(request, { kind: 'budget', object: 'ad', id: ad.id, ...owner, budget: body.budget, before: ad.budget });
		if (keywords.length) {
			svc.neighbours.addKeywords(ad, keywords);
			svc.books.write(request, { kind: 'keywords', object: 'adSet', id: ad.platformAdSetId, ...owner, keywords });
		}
		if (body.budget) ad.budget = body.budget;
		if (body.creative) ad.creative = { ...ad.creative, ...body.creative };
		if (body.targeting) ad.targeting = { ...ad.targeting, ...body.targeting };
		if (body.name) ad.name = body.name;
		return { ad: { id: ad.id, budget: ad.budget }, message: 'Updated' };
	});
	api.route('DELETE', '/v1/ads/:adId', { ads }, ({ params }) => {
		const ad = svc.ad(params.adId);
		ad.status = 'cancelled';
		if (ad.platform === 'chatnet') {
			const c = svc.campaigns.get(ad.platformCampaignId);
			if (c) c.status = 'archived';
			const s = svc.adSets.get(ad.platformAdSetId);
			if (s) s.status = 'archived';
		}
		return { ad: { id: ad.id, status: 'cancelled' } };
	});
	api.route('PUT', '/v1/ads/:adId/status', { ads, body: adStatusBody }, ({ params, body, request }) => {
		const ad = svc.ad(params.adId);
		svc.setAdStatus(request, ad, body.status, ad.budget);
		ad.requestedStatus = body.status;
		return { updated: true, status: body.status };
	});
	api.route('GET', '/v1/ads/:adId/analytics', { ads, query: analyticsQuery }, ({ params, query }) => {
		const ad = svc.ad(params.adId);
		if (query.breakdowns && svc.networkOfPlatform(ad.platform) !== 'socialnet') throw invalid('breakdowns', 'breakdowns are available on socialnet only');
		const daily = dailyRows(ad.id, query.fromDate, query.toDate);
		const currency = svc.campaigns.get(ad.platformCampaignId)?.currency ?? 'USD';
		return { ad: { id: ad.id, name: ad.name, platform: ad.platform, currency }, analytics: { summary: sumMetrics(daily), daily } };
	});

	api.control('ads-approve', () => {
		svc.approveAll();
		return { ok: true };
	});
	api.control('ads', () => ({ ads: [...svc.ads.values()] }));

	return svc;
}
