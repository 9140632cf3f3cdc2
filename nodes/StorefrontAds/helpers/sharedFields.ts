import type { INodeProperties } from 'n8n-workflow';

import { locatorSpec, resourceLocator } from '../../shared/fieldBuilders';
import { budgetTypeOptions, DEFAULT_BUDGET } from './budget';
import { keywordsField } from './lists';
import { PLATFORMS } from './networks';
import { resourceNamesField } from './recommendations';
import { createStatusField } from './spendSafety';
import { specField } from './targetingSpec';

/**
 * Fields used by several Ads operations: one property per name for the whole node (RoutingNode
 * evaluates a mapped value twice per same-named property, plus once when the node reads it).
 * Operations name the ones they show in `uses`; `assembleNode` shows each on exactly those operations.
 */

export const sharedFields: INodeProperties[] = [
	resourceLocator({
		displayName: 'Ad Connection',
		name: 'accountId',
		searchListMethod: 'searchAdConnections',
		placeholder: 'e.g. acc_social1',
		description: 'The connected ad network login (shown with its network); its ID is the accountId of the call',
		idPattern: { regex: '^acc_\\S+$', message: 'An ad connection ID starts with acc_' },
		listedBy: 'Connection → Get Many',
	}),
	resourceLocator({
		displayName: 'Ad Account',
		name: 'adAccountId',
		searchListMethod: 'searchAdAccounts',
		placeholder: 'e.g. act_1001',
		description: "The network's ad account, loaded for the chosen ad connection; its currency is the budget's",
		listedBy: 'Connection → Get Ad Accounts',
	}),
	resourceLocator({
		displayName: 'Campaign',
		name: 'campaignId',
		searchListMethod: 'searchCampaigns',
		placeholder: 'e.g. 120210000000001',
		description: 'The campaign (its platformCampaignId); the list shows each platform',
		listedBy: 'Campaign → Get Many',
	}),
	resourceLocator({
		displayName: 'Ad',
		name: 'adId',
		searchListMethod: 'searchAds',
		placeholder: 'e.g. ad_000123',
		idPattern: { regex: '^ad_\\S+$', message: 'An ad ID starts with ad_' },
		listedBy: 'Ad → Get Many',
	}),
	resourceLocator({
		displayName: 'Ad Set',
		name: 'adSetId',
		searchListMethod: 'searchAdSets',
		placeholder: 'e.g. 120210000000002',
		description: 'The ad set (socialnet), ad group (searchnet, chatnet) or line item (microblog)',
		listedBy: 'Ad Set → Get Many',
	}),
	{
		displayName: 'Platform',
		name: 'platform',
		type: 'options',
		required: true,
		options: PLATFORMS,
		default: 'socialfeed',
		description: 'Where it runs: the platform shown next to it in the list (and in Get Many output)',
	},
	{
		displayName: 'Budget Amount',
		name: 'budgetAmount',
		type: 'number',
		required: true,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_BUDGET,
		description: "Whole units of the ad account's currency (no cents), more than 0. Videonet needs at least 20 USD.",
	},
	{
		displayName: 'Budget Type',
		name: 'budgetType',
		type: 'options',
		required: true,
		options: budgetTypeOptions,
		default: 'daily',
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description: 'When the ad stops. Required for a lifetime budget; a daily-budget socialnet ad must run at least 24 hours.',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'The campaign name (Ad → Create, Campaign → Create) or the audience name (Audience → Create, Rename)',
	},
	createStatusField,
	resourceLocator({
		displayName: 'Audience',
		name: 'audienceId',
		searchListMethod: 'searchAudiences',
		placeholder: 'e.g. aud_000123',
		description: 'An audience of the chosen ad connection',
		idPattern: { regex: '^aud_\\S+$', message: 'An audience ID starts with aud_' },
		listedBy: 'Audience → Get Many',
	}),
	resourceLocator({ displayName: 'Keyword', name: 'keywordId', searchListMethod: 'searchKeywords', placeholder: 'e.g. kw_000123', listedBy: 'Keyword → Get Many' }),
	keywordsField,
	{
		displayName: 'Countries',
		name: 'countries',
		type: 'string',
		default: '',
		placeholder: 'US, CA',
		description: 'ISO country codes, separated by commas or new lines; empty means worldwide',
	},
	specField,
	resourceNamesField,
];

/**
 * A shared field's declaration under another name, where an operation needs it otherwise: an
 * optional filter in its Options collection, or a field only one network needs. A name is either
 * required wherever it shows or never (README "Storefront Ads"), and each name stays one property.
 */
export function sharedFieldAs(name: string, as: string, changes: Partial<INodeProperties>): INodeProperties {
	const spec = locatorSpec(name);
	// a locator is declared under its new name too, so that its ID check and the tool description find it
	return { ...(spec ? resourceLocator({ ...spec, name: as }) : { ...sharedFields.find((f) => f.name === name)!, name: as }), ...changes };
}
