import { z } from 'zod';

/**
 * The Ads endpoints' request shapes (docs/reference/api-reference.md + contract.md): connections,
 * campaigns, ad sets and ads (fake-api/ads.ts), then audiences, posts, targeting, conversions and
 * insights, keywords and search terms, recommendations (the modules of those names beside ads.ts).
 */

export const NETWORKS = ['socialnet', 'searchnet', 'pronet', 'videonet', 'microblog', 'chatnet'] as const;
export const PLATFORMS = ['socialfeed', 'photoapp', 'searchnet', 'microblog', 'chatnet'] as const;
export const AD_STATUSES = ['pending_review', 'active', 'paused', 'rejected', 'completed', 'cancelled', 'error'] as const;

const id = z.string().min(1);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const iso = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 date');
const boolString = z.enum(['true', 'false']).transform((v) => v === 'true');
// budgets are whole units of the ad account's currency (reference: Limits)
const wholeUnits = z.number().int('budgets are whole units of the currency').positive();
const budget = z.object({ amount: wholeUnits, type: z.enum(['daily', 'lifetime']) }).strict();
const pageQuery = {
	page: z.coerce.number().int().min(1).default(1),
	limit: z.coerce.number().int().min(1).max(500).default(50),
};
const statusLower = z.enum(['active', 'paused']);
const platform = z.enum([...PLATFORMS, 'pronet', 'videonet']);

export const connectQuery = z.object({ return_to: z.string().url().optional(), account_id: z.string().optional() }).strict();
export const connectChatnetBody = z.object({ api_key: z.string().min(1) }).strict();
/** The Ad Connection alone (accounts, one audience or keyword). */
export const accountQuery = z.object({ accountId: id }).strict();

export const treeQuery = z
	.object({ platform: platform.optional(), fromDate: day.optional(), toDate: day.optional(), search: z.string().optional(), ...pageQuery })
	.strict();
export const campaignsQuery = z
	.object({
		platform: platform.optional(),
		status: statusLower.optional(),
		adAccountId: z.string().optional(),
		fromDate: day.optional(),
		toDate: day.optional(),
		source: z.enum(['all', 'service']).optional(),
		...pageQuery,
	})
	.strict();
export const createCampaignBody = z
	.object({
		accountId: id,
		adAccountId: id,
		name: id,
		goal: id,
		budget: budget.optional(),
		status: z.enum(['ACTIVE', 'PAUSED']).optional(),
		validateOnly: z.boolean().optional(),
	})
	.strict();
export const updateCampaignBody = z
	.object({ platform, budget: budget.optional(), bidStrategy: z.string().optional(), bidAmount: z.number().int('campaign bids are whole units').optional(), name: z.string().optional() })
	.strict();
/** Ad sets take any bid amount (the reference says whole units for campaigns only). */
export const updateAdSetBody = updateCampaignBody.extend({ bidAmount: z.number().optional() }).strict();
export const platformBody = z.object({ platform }).strict();
export const setStatusBody = z.object({ status: statusLower, platform }).strict();
export const bulkStatusBody = z
	.object({ status: statusLower, campaigns: z.array(z.object({ campaignId: id, platform }).strict()).min(1).max(50) })
	.strict();
export const analyticsQuery = z.object({ fromDate: day.optional(), toDate: day.optional(), breakdowns: z.string().optional() }).strict();

export const adSetsQuery = z.object({ accountId: id, campaignId: z.string().optional() }).strict();
export const adSetStatusBody = z.object({ status: statusLower, platform: platform.optional() }).strict();

const createShape = {
	accountId: id,
	adAccountId: id,
	name: id,
	goal: id,
	budgetAmount: wholeUnits,
	budgetType: z.enum(['daily', 'lifetime']),
	headline: z.string().optional(),
	body: z.string().optional(),
	linkUrl: z.string().url().optional(),
	imageUrl: z.string().optional(),
	callToAction: z.string().optional(),
	countries: z.array(z.string().length(2)).optional(),
	startDate: iso.optional(),
	endDate: iso.optional(),
	status: z.enum(['ACTIVE', 'PAUSED']).optional(),
	audienceId: z.string().optional(),
	validateOnly: z.boolean().optional(),
	existingCampaignId: z.string().optional(),
	organizationId: z.string().optional(),
	identityId: z.string().optional(),
	identityType: z.enum(['VIDEO_USER', 'BC_AUTH_VIDEO', 'CUSTOMIZED_USER']).optional(),
	campaignType: z.enum(['search', 'display', 'pmax', 'demand_gen']).optional(),
	keywords: z.array(z.string()).optional(),
};
export const createAdBody = z.object(createShape).strict();
export const messagingAdBody = z.object({ ...createShape, goal: id.default('messages'), destination: id }).strict();
export const callAdBody = z.object({ ...createShape, phoneNumber: z.string() }).strict();
export const boostBody = z
	.object({
		postId: id,
		accountId: id,
		adAccountId: id,
		budgetAmount: wholeUnits,
		budgetType: z.enum(['daily', 'lifetime']),
		goal: z.string().optional(),
		startDate: iso.optional(),
		endDate: iso.optional(),
		targeting: z.record(z.string(), z.unknown()).optional(),
		validateOnly: z.boolean().optional(),
		sparkAuthCode: z.string().optional(),
		status: z.enum(['ACTIVE', 'PAUSED']).optional(),
	})
	.strict();

export const adsQuery = z
	.object({
		platform: platform.optional(),
		status: z.enum(AD_STATUSES).optional(),
		campaignId: z.string().optional(),
		source: z.enum(['all', 'service']).optional(),
		fromDate: day.optional(),
		toDate: day.optional(),
		...pageQuery,
	})
	.strict();
export const adQuery = z.object({ live: boolString.optional() }).strict();
export const updateAdBody = z
	.object({
		status: statusLower.optional(),
		budget: budget.optional(),
		targeting: z.record(z.string(), z.unknown()).optional(),
		creative: z.record(z.string(), z.unknown()).optional(),
		name: z.string().optional(),
		headlines: z.array(z.string()).optional(),
		descriptions: z.array(z.string()).optional(),
		finalUrls: z.array(z.string()).optional(),
	})
	.strict();
export const adStatusBody = z.object({ status: statusLower }).strict();

// ---- audiences
export const AUDIENCE_TYPES = ['customer_list', 'website', 'lookalike', 'saved_targeting'] as const;
/** The API's limit of people per add-users call (reference: Limits). */
export const USERS_PER_CALL = 10_000;

export const createAudienceBody = z.object({ accountId: id, adAccountId: id, name: id, type: z.enum(AUDIENCE_TYPES) }).strict();
export const audiencesQuery = z.object({ accountId: id, adAccountId: z.string().optional(), type: z.enum(AUDIENCE_TYPES).optional() }).strict();
export const renameAudienceBody = z.object({ accountId: id, name: id }).strict();
export const addUsersBody = z
	.object({
		users: z
			.array(z.object({ email: z.string().optional(), phone: z.string().optional() }).strict())
			.min(1)
			.max(USERS_PER_CALL, `at most ${USERS_PER_CALL} people per call`),
	})
	.strict();

// ---- posts, and the accounts, pages and identities an ad runs as
export const bestPostsQuery = z.object({ accountId: id, adAccountId: z.string().optional() }).strict();
export const accountAndAdAccountQuery = z.object({ accountId: id, adAccountId: id }).strict();
export const pronetPagesQuery = z.object({ accountId: z.string().optional() }).strict();

// ---- targeting
export const targetingSearchQuery = z.object({ accountId: id, q: id, dimension: z.string().optional() }).strict();
const spec = z.record(z.string(), z.unknown());
export const bidPricingBody = z
	.object({
		accountId: id,
		adAccountId: id,
		spec,
		bidType: z.enum(['CPM', 'CPC', 'CPV']).optional(),
		objectiveType: z.string().optional(),
		dailyBudget: wholeUnits.optional(),
		currency: z.string().length(3).optional(),
	})
	.strict();
export const supplyForecastBody = z
	.object({ accountId: id, adAccountId: id, spec, fromDate: day, toDate: day, dailyBudget: wholeUnits, currency: z.string().length(3).optional() })
	.strict();

// ---- conversions and insights
export const conversionsBody = z
	.object({
		accountId: id,
		destinationId: id,
		events: z
			.array(
				z
					.object({
						eventName: id,
						eventTime: z.union([z.string(), z.number()]),
						value: z.number().optional(),
						currency: z.string().length(3).optional(),
						user: z.object({ email: z.string().optional(), phone: z.string().optional() }).strict(),
					})
					.strict(),
			)
			.min(1),
	})
	.strict();

export const insightsQuery = z
	.object({
		accountId: id,
		objectId: z.string().optional(),
		fields: z.string().optional(),
		breakdowns: z.string().optional(),
		filtering: z.string().optional(),
		query: z.string().optional(),
		adAccountId: z.string().optional(),
		dataLevel: z.enum(['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD']).optional(),
		reportType: z.string().optional(),
		dimensions: z.string().optional(),
		metrics: z.string().optional(),
		fromDate: day.optional(),
		toDate: day.optional(),
	})
	.strict();

// ---- keywords and search terms
export const keywordsQuery = z
	.object({ accountId: id, campaignId: z.string().optional(), adSetId: z.string().optional(), negative: boolString.optional(), search: z.string().optional() })
	.strict();
export const MATCH_TYPES = ['broad', 'phrase', 'exact'] as const;
export const addKeywordsBody = z
	.object({
		accountId: id,
		adSetId: id,
		keywords: z.array(z.union([id, z.object({ text: id, matchType: z.enum(MATCH_TYPES) }).strict()])).min(1),
		negative: z.boolean().optional(),
	})
	.strict();
export const keywordStatusBody = z.object({ accountId: id, status: z.enum(['active', 'paused']) }).strict();
export const keywordIdeasBody = z
	.object({
		accountId: id,
		seedKeywords: z.array(z.string()).optional(),
		seedUrl: z.string().url().optional(),
		countries: z.array(z.string().length(2)).optional(),
		customerId: z.string().optional(),
		pageToken: z.string().optional(),
	})
	.strict()
	.refine((b) => (b.seedKeywords?.length ?? 0) > 0 || b.seedUrl, 'seedKeywords or seedUrl is required');
export const historicalMetricsBody = z
	.object({ accountId: id, keywords: z.array(id).min(1), countries: z.array(z.string().length(2)).optional(), customerId: z.string().optional() })
	.strict();

export const searchTermsQuery = z
	.object({ accountId: id, fromDate: day.optional(), toDate: day.optional(), campaignId: z.string().optional(), customerId: z.string().optional() })
	.strict();

// ---- recommendations
const estimate = z.object({ clicks: z.number(), cost: z.number() }).strict();
/** One recommendation as GET /v1/ads/recommendations lists it; `type` is the network's own, passed through (docs/reference/contract.md, 2026-11-26). */
export const recommendation = z.object({ resourceName: id, type: id, campaignId: id, impact: z.object({ base: estimate, potential: estimate }).strict() }).strict();
export type RecommendationView = z.infer<typeof recommendation>;
export const recommendationsQuery = z.object({ accountId: id, adAccountId: id, types: z.string().optional() }).strict();
export const applyRecommendationsBody = z
	.object({ accountId: id, adAccountId: id, recommendations: z.array(z.object({ resourceName: id }).strict()).min(1) })
	.strict();
export const dismissRecommendationsBody = z.object({ accountId: id, adAccountId: id, resourceNames: z.array(id).min(1) }).strict();
