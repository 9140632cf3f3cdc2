import { z } from 'zod';

/** Ads endpoints, part 2 (audiences, posts, targeting, conversions, insights, keywords, search terms, recommendations): docs/reference/api-reference.md + contract.md. */

const id = z.string().min(1);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const boolString = z.enum(['true', 'false']).transform((v) => v === 'true');
export const AUDIENCE_TYPES = ['customer_list', 'website', 'lookalike', 'saved_targeting'] as const;
/** The API's limit of people per add-users call (reference: Limits). */
export const USERS_PER_CALL = 10_000;

export const createAudienceBody = z.object({ accountId: id, adAccountId: id, name: id, type: z.enum(AUDIENCE_TYPES) }).strict();
export const audiencesQuery = z.object({ accountId: id, adAccountId: z.string().optional(), type: z.enum(AUDIENCE_TYPES).optional() }).strict();
export const accountQuery = z.object({ accountId: id }).strict();
export const renameAudienceBody = z.object({ accountId: id, name: id }).strict();
export const addUsersBody = z
	.object({
		users: z
			.array(z.object({ email: z.string().optional(), phone: z.string().optional() }).strict())
			.min(1)
			.max(USERS_PER_CALL, `at most ${USERS_PER_CALL} people per call`),
	})
	.strict();

export const bestPostsQuery = z.object({ accountId: id, adAccountId: z.string().optional() }).strict();
export const accountAndAdAccountQuery = z.object({ accountId: id, adAccountId: id }).strict();
export const pronetPagesQuery = z.object({ accountId: z.string().optional() }).strict();

export const targetingSearchQuery = z.object({ accountId: id, q: id, dimension: z.string().optional() }).strict();
const spec = z.record(z.string(), z.unknown());
export const bidPricingBody = z
	.object({
		accountId: id,
		adAccountId: id,
		spec,
		bidType: z.enum(['CPM', 'CPC', 'CPV']).optional(),
		objectiveType: z.string().optional(),
		dailyBudget: z.number().int('budgets are whole units of the currency').positive().optional(),
		currency: z.string().length(3).optional(),
	})
	.strict();
export const supplyForecastBody = z
	.object({ accountId: id, adAccountId: id, spec, fromDate: day, toDate: day, dailyBudget: z.number().int('budgets are whole units of the currency').positive(), currency: z.string().length(3).optional() })
	.strict();

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
const estimate = z.object({ clicks: z.number(), cost: z.number() }).strict();
/** One recommendation as GET /v1/ads/recommendations lists it; `type` is the network's own, passed through (docs/reference/contract.md, 2026-11-26). */
export const recommendation = z.object({ resourceName: id, type: id, campaignId: id, impact: z.object({ base: estimate, potential: estimate }).strict() }).strict();
export type RecommendationView = z.infer<typeof recommendation>;
export const recommendationsQuery = z.object({ accountId: id, adAccountId: id, types: z.string().optional() }).strict();
export const applyRecommendationsBody = z
	.object({ accountId: id, adAccountId: id, recommendations: z.array(z.object({ resourceName: id }).strict()).min(1) })
	.strict();
export const dismissRecommendationsBody = z.object({ accountId: id, adAccountId: id, resourceNames: z.array(id).min(1) }).strict();
