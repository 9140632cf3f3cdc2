/**
 * What Recommendation → Apply does with each search-network recommendation type under Limit
 * Spending, written once: nodes/StorefrontAds/helpers/recommendationCaps.ts applies it, `npm run
 * docs` writes it into docs/nodes.md, and the count cap's help (spendingCaps.ts) names the
 * types refused. Judged by type, never by the network's estimate: `counted`, applied and a spending action (`does`: which of SPEND_ACTIONS it is, for the count); `refused`,
 * whatever the estimate, as are types not listed here (the network adds types without notice).
 * No type is applied freely: every one changes the account for good, and makes ads or keywords
 * that spend, or changes how they do.
 */
export const RECOMMENDATION_TYPES = [
	{ types: ['TEXT_AD', 'RESPONSIVE_SEARCH_AD', 'RESPONSIVE_SEARCH_AD_ASSET', 'RESPONSIVE_SEARCH_AD_IMPROVE_AD_STRENGTH'], treatment: 'counted', does: 'create', what: 'new or better ad copy in an ad group that already bids' },
	{ types: ['SITELINK_ASSET', 'SITELINK_EXTENSION', 'CALLOUT_ASSET', 'CALLOUT_EXTENSION', 'STRUCTURED_SNIPPET_ASSET'], treatment: 'counted', does: 'create', what: 'links, callouts or snippets shown with existing ads' },
	{ types: ['KEYWORD'], treatment: 'counted', does: 'keywords', what: "a keyword, which starts bidding within the campaign's budget (as Keyword (Searchnet) → Add keywords to an ad group does)" },
	{ types: ['CAMPAIGN_BUDGET', 'MARGINAL_ROI_CAMPAIGN_BUDGET', 'FORECASTING_CAMPAIGN_BUDGET', 'MOVE_UNUSED_BUDGET'], treatment: 'refused', what: 'a budget change, by an amount the API does not show' },
	{
		types: ['MAXIMIZE_CLICKS_OPT_IN', 'MAXIMIZE_CONVERSIONS_OPT_IN', 'MAXIMIZE_CONVERSION_VALUE_OPT_IN', 'TARGET_CPA_OPT_IN', 'TARGET_ROAS_OPT_IN', 'ENHANCED_CPC_OPT_IN'],
		treatment: 'refused',
		what: 'a bidding change, which no cap can check',
	},
] as const satisfies ReadonlyArray<{ types: readonly string[]; what: string } & ({ treatment: 'counted'; does: 'create' | 'keywords' } | { treatment: 'refused' })>;
type RecommendationRow = (typeof RECOMMENDATION_TYPES)[number];
export const recommendationRow = (type: string): RecommendationRow | undefined => RECOMMENDATION_TYPES.find((row) => (row.types as readonly string[]).includes(type));
