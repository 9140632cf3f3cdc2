import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * One table of what each ad network supports (reference: Ads). Fields, checks before a call
 * and list filters read it; add a column here rather than a list of network names elsewhere.
 */
export interface NetworkFacts {
	name: string;
	/** Takes server-side conversions (Conversion → Send). */
	conversions: boolean;
	/** Has audiences (Audience resource, `audienceId` on create). */
	audiences: boolean;
	/** Answers GET /v1/ads/insights. */
	insights: boolean;
	/** Runs its own dry run for a Validate Only create (searchnet: Performance Max only). */
	networkDryRun: boolean;
	/** Validate Only writes allowed per ad account per 5 minutes (the API answers 429 above it). */
	dryRunLimit?: number;
	/** Campaign → Update: every field, budget only, or not at all. */
	campaignUpdate: 'all' | 'budget' | false;
	/** Campaign → Delete is offered. */
	campaignDelete: boolean;
	/** Campaign → Create needs a budget. */
	campaignBudgetRequired: boolean;
	/** Campaign → Create takes validateOnly. */
	campaignValidate: boolean;
	/** Body fields Ad → Create needs on this network (checked before the call). */
	requiredCreative: string[];
	/** Ad → Boost Post works here. */
	boost: boolean;
	/** `existingCampaignId` on Ad → Create. */
	existingCampaign: boolean;
	/** Ad → Create fields only this network shows and sends, optional or checked by n8n (its identity, its own targeting). */
	ownCreative: string[];
	/** Has keywords: the Keyword, Search Term and Recommendation resources. */
	keywords: boolean;
	/** Post operations that list this network's posts, pages or identities. */
	posts: string[];
	/** Smallest budget, in USD. */
	minBudgetUsd?: number;
}

const SOCIAL_CREATIVE = ['headline', 'body', 'linkUrl', 'imageUrl', 'callToAction'];

export const NETWORKS: Record<string, NetworkFacts> = {
	chatnet: {
		name: 'Chat Network (Chatnet)',
		conversions: true,
		audiences: false,
		insights: false,
		networkDryRun: true,
		campaignUpdate: 'budget',
		campaignDelete: false,
		campaignBudgetRequired: true,
		campaignValidate: true,
		requiredCreative: ['headline', 'body', 'imageUrl', 'linkUrl'],
		boost: false,
		existingCampaign: false,
		ownCreative: ['chatnetCountries'],
		keywords: false,
		posts: [],
	},
	microblog: {
		name: 'Microblog',
		conversions: false,
		audiences: true,
		insights: false,
		networkDryRun: false,
		campaignUpdate: false,
		campaignDelete: false,
		campaignBudgetRequired: true,
		campaignValidate: false,
		requiredCreative: ['body'],
		boost: true,
		existingCampaign: false,
		ownCreative: [],
		keywords: false,
		posts: [],
	},
	pronet: {
		name: 'Professional Network (Pronet)',
		conversions: false,
		audiences: true,
		insights: true,
		networkDryRun: false,
		campaignUpdate: 'all',
		campaignDelete: false,
		campaignBudgetRequired: false,
		campaignValidate: false,
		requiredCreative: [],
		boost: false,
		existingCampaign: false,
		ownCreative: ['organizationId'],
		keywords: false,
		posts: ['getPronetPages'],
	},
	searchnet: {
		name: 'Search Network (Searchnet)',
		conversions: true,
		audiences: true,
		insights: true,
		networkDryRun: true,
		campaignUpdate: 'all',
		campaignDelete: true,
		campaignBudgetRequired: true,
		campaignValidate: false,
		requiredCreative: ['headline', 'body', 'linkUrl', 'campaignType', 'keywords'],
		boost: true,
		existingCampaign: true,
		ownCreative: [],
		keywords: true,
		posts: [],
	},
	socialnet: {
		name: 'Social Network (Socialnet)',
		conversions: true,
		audiences: true,
		insights: true,
		networkDryRun: true,
		dryRunLimit: 30,
		campaignUpdate: 'all',
		campaignDelete: true,
		campaignBudgetRequired: false,
		campaignValidate: true,
		requiredCreative: SOCIAL_CREATIVE,
		boost: true,
		existingCampaign: true,
		ownCreative: [],
		keywords: false,
		posts: ['getBest', 'getPhotoappAccounts', 'getPhotoappPosts'],
	},
	videonet: {
		name: 'Video Network (Videonet)',
		conversions: false,
		audiences: true,
		insights: true,
		networkDryRun: false,
		campaignUpdate: 'all',
		campaignDelete: false,
		campaignBudgetRequired: false,
		campaignValidate: false,
		requiredCreative: ['imageUrl'],
		boost: true,
		existingCampaign: false,
		ownCreative: ['identityId', 'identityType'],
		keywords: false,
		posts: ['getBest', 'getVideonetIdentities'],
		minBudgetUsd: 20,
	},
};

/** The networks where `fact` holds, e.g. `networksWhere('boost')`. */
/** Names joined as a sentence says them: "A, B and C". */
export const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? ''));

export function networksWhere(fact: keyof NetworkFacts): string[] {
	return Object.keys(NETWORKS).filter((n) => Boolean(NETWORKS[n][fact]));
}

/** Options of a Network field, optionally only where `fact` holds. */
export function networkOptions(fact?: keyof NetworkFacts): INodePropertyOptions[] {
	return (fact ? networksWhere(fact) : Object.keys(NETWORKS)).map((value) => ({ name: NETWORKS[value].name, value }));
}

/** Campaign/ad-set `platform` values map to networks (socialnet runs on two feeds). */
export function networkOfPlatform(platform: string): string {
	return platform === 'socialfeed' || platform === 'photoapp' ? 'socialnet' : platform;
}

/** The `platform` values of campaigns, ad sets and ads. */
export const PLATFORMS: INodePropertyOptions[] = [
	{ name: 'Chatnet', value: 'chatnet' },
	{ name: 'Microblog', value: 'microblog' },
	{ name: 'Photoapp (Socialnet)', value: 'photoapp' },
	{ name: 'Pronet', value: 'pronet' },
	{ name: 'Searchnet', value: 'searchnet' },
	{ name: 'Socialfeed (Socialnet)', value: 'socialfeed' },
	{ name: 'Videonet', value: 'videonet' },
];
