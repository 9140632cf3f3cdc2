import { z } from 'zod';

/** Ads endpoints, part 1 (connections, campaigns, ad sets, ads): request shapes of docs/reference/api-reference.md + contract.md. */

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
export const accountsQuery = z.object({ accountId: id }).strict();

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
