import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
} from 'n8n-workflow';

import { collection, failItem, resourceLocator } from '../../shared/descriptions';

/** The ad networks; `network` drives which fields show and the checks before a call. */
export const NETWORKS: INodePropertyOptions[] = [
	{ name: 'Chat Network (Chatnet)', value: 'chatnet' },
	{ name: 'Microblog', value: 'microblog' },
	{ name: 'Professional Network (Pronet)', value: 'pronet' },
	{ name: 'Search Network (Searchnet)', value: 'searchnet' },
	{ name: 'Social Network (Socialnet)', value: 'socialnet' },
	{ name: 'Video Network (Videonet)', value: 'videonet' },
];

/** The `platform` values of campaigns, ad sets and ads (socialnet runs on two feeds). */
export const PLATFORMS: INodePropertyOptions[] = [
	{ name: 'Chatnet', value: 'chatnet' },
	{ name: 'Microblog', value: 'microblog' },
	{ name: 'Photoapp (Socialnet)', value: 'photoapp' },
	{ name: 'Pronet', value: 'pronet' },
	{ name: 'Searchnet', value: 'searchnet' },
	{ name: 'Socialfeed (Socialnet)', value: 'socialfeed' },
	{ name: 'Videonet', value: 'videonet' },
];

export function networkField(only?: string[], description = 'The ad network. Only the fields it needs are shown.'): INodeProperties {
	const first = only?.includes('socialnet') === false ? only[0] : 'socialnet';
	return {
		displayName: 'Network',
		name: 'network',
		type: 'options',
		noDataExpression: true,
		required: true,
		options: only ? NETWORKS.filter((n) => only.includes(n.value as string)) : NETWORKS,
		default: first,
		description,
	};
}

/** Sends a resource locator's (or any field's) value in the query or body under `property`. */
const sendAs = (type: 'query' | 'body', property: string) => ({ send: { type, property } });

/** The ad connection (`acc_` id) every ads call names as `accountId`. */
export function connectionLocator(send?: 'query' | 'body', description?: string): INodeProperties {
	return {
		...resourceLocator({
			displayName: 'Ad Connection',
			name: 'accountId',
			searchListMethod: 'searchAdConnections',
			placeholder: 'e.g. acc_social1',
			description: description ?? 'The connected ad network login (shown with its network)',
			idPattern: { regex: '^acc_\\S+$', message: 'An ad connection ID starts with acc_' },
		}),
		...(send ? { routing: sendAs(send, 'accountId') } : {}),
	};
}

export function adAccountLocator(send: 'query' | 'body' = 'body'): INodeProperties {
	return {
		...resourceLocator({
			displayName: 'Ad Account',
			name: 'adAccountId',
			searchListMethod: 'searchAdAccounts',
			placeholder: 'e.g. act_1001',
			description: "The network's ad account, loaded for the chosen ad connection; its currency is the budget's",
		}),
		routing: sendAs(send, 'adAccountId'),
	};
}

export function campaignLocator(suffix = ''): INodeProperties {
	return resourceLocator({
		displayName: 'Campaign',
		name: 'campaignId',
		searchListMethod: 'searchCampaigns',
		placeholder: 'e.g. 120210000000001',
		description: 'The campaign (its platformCampaignId); the list shows each platform',
		url: `=/v1/ads/campaigns/{{ encodeURIComponent($value) }}${suffix}`,
	});
}

export function adSetLocator(suffix = ''): INodeProperties {
	return resourceLocator({
		displayName: 'Ad Set',
		name: 'adSetId',
		searchListMethod: 'searchAdSets',
		placeholder: 'e.g. 120210000000002',
		description: 'The ad set (socialnet), ad group (searchnet, chatnet) or line item (microblog)',
		url: `=/v1/ads/ad-sets/{{ encodeURIComponent($value) }}${suffix}`,
	});
}

export function adLocator(suffix = ''): INodeProperties {
	return resourceLocator({
		displayName: 'Ad',
		name: 'adId',
		searchListMethod: 'searchAds',
		placeholder: 'e.g. ad_000123',
		url: `=/v1/ads/{{ encodeURIComponent($value) }}${suffix}`,
		idPattern: { regex: '^ad_\\S+$', message: 'An ad ID starts with ad_' },
	});
}

/** The required `platform` of campaign and ad-set calls. */
export function platformField(send = true): INodeProperties {
	return {
		displayName: 'Platform',
		name: 'platform',
		type: 'options',
		required: true,
		options: PLATFORMS,
		default: 'socialfeed',
		description: 'Where it runs: the platform shown next to it in the list (and in Get Many output)',
		...(send ? { routing: sendAs('body', 'platform') } : {}),
	};
}

/** Pause / resume: the lowercase status of the status endpoints. */
/** The API's lowercase status of existing campaigns, ad sets, ads and keywords. */
export const STATUS_OPTIONS = [
	{ name: 'Paused', value: 'paused', description: 'Stops spending' },
	{ name: 'Active', value: 'active', description: 'Starts or resumes spending' },
];

export function statusChoice(description: string): INodeProperties {
	return {
		displayName: 'Status',
		name: 'status',
		type: 'options',
		required: true,
		options: STATUS_OPTIONS,
		default: 'paused',
		description,
		routing: sendAs('body', 'status'),
	};
}

/** A YYYY-MM-DD parameter from a date picker (or any ISO date an expression gives). */
export function dayField(
	displayName: string,
	name: string,
	description: string,
	options: { send?: 'query' | 'body'; required?: boolean } = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'dateTime',
		required: options.required,
		default: '',
		description,
		routing: { send: { type: options.send ?? 'query', property: name, value: '={{ String($value).slice(0, 10) }}' } },
	};
}

/** Routing of a comma-separated text field the API takes as a string array; `optional` sends nothing when empty. */
export function commaList(type: 'query' | 'body', property: string, optional = false) {
	const list = 'String($value).split(",").map(v => v.trim()).filter(v => v)';
	return { send: { type, property, value: optional ? `={{ $value ? ${list} : undefined }}` : `={{ ${list} }}` } };
}

/** Filters shared by the campaign and ad lists. */
export const platformFilter: INodeProperties = {
	displayName: 'Platform',
	name: 'platform',
	type: 'options',
	options: PLATFORMS,
	default: 'socialfeed',
	routing: { send: { type: 'query', property: 'platform' } },
};
export const sourceFilter: INodeProperties = {
	displayName: 'Source',
	name: 'source',
	type: 'options',
	options: [
		{ name: 'All', value: 'all' },
		{ name: 'Made Through the Service', value: 'service' },
	],
	default: 'all',
	routing: { send: { type: 'query', property: 'source' } },
};

/** Budget amount + type → `{budget: {amount, type}}` (campaign, ad set and ad updates). */
export const budgetOptions: INodeProperties[] = [
	{
		displayName: 'Budget Amount',
		name: 'budgetAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: "Whole units of the ad account's currency",
	},
	{
		displayName: 'Budget Type',
		name: 'budgetType',
		type: 'options',
		options: [
			{ name: 'Daily', value: 'daily' },
			{ name: 'Lifetime', value: 'lifetime' },
		],
		default: 'daily',
		description: 'Used with Budget Amount',
	},
];

/**
 * `bodyFrom` transform of ads collections: `budgetAmount`/`budgetType` become `budget`, and
 * comma-separated list fields become string arrays.
 */
export function budgetAndLists(this: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const { budgetAmount, budgetType, ...rest } = fields;
	const out: IDataObject = {};
	if (budgetAmount !== undefined) out.budget = { amount: Number(budgetAmount), type: (budgetType as string) ?? 'daily' };
	else if (budgetType !== undefined) failItem(this, 'Budget Type needs a Budget Amount', 'Add "Budget Amount" too, or remove "Budget Type".');
	for (const [key, value] of Object.entries(rest)) out[key] = typeof value === 'string' && LIST_FIELDS.has(key) ? splitList(value) : value;
	return out;
}

/** Fields typed as comma-separated text that the API takes as string arrays. */
const LIST_FIELDS = new Set(['headlines', 'descriptions', 'finalUrls', 'keywords', 'countries']);

export function splitList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return String(value ?? '')
		.split(/[,\n]/)
		.map((s) => s.trim())
		.filter(Boolean);
}

/** Parses a JSON field (object or array) with a clear error naming the field. */
export function jsonParameter(ctx: IExecuteSingleFunctions, value: unknown, field: string): IDataObject | IDataObject[] {
	if (value && typeof value === 'object') return value as IDataObject;
	try {
		return JSON.parse(String(value)) as IDataObject;
	} catch (error) {
		return failItem(ctx, `${field} is not valid JSON`, `${(error as Error).message}. Enter a JSON object, e.g. {"countries": ["US"]}.`);
	}
}

/** `{ad, stale}` → the ad with `stale` beside its fields. */
export const adWithStale: PostReceiveAction = async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	return items.map(({ json }) => {
		const ad = json.ad && typeof json.ad === 'object' ? (json.ad as IDataObject) : json;
		return { json: json.stale === undefined ? ad : { ...ad, stale: json.stale } };
	});
};

/**
 * Analytics answers `{<owner>: {...}, analytics: {summary, daily}}`. "Split Into Days"
 * gives one item per day (with the owner's id, name and currency on each), else one item.
 */
export const analyticsOutput: PostReceiveAction = async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	const split = this.getNodeParameter('splitIntoDays', false) as boolean;
	if (!split) return items;
	return items.flatMap(({ json }) => {
		const owner = ((json.campaign ?? json.ad) as IDataObject | undefined) ?? {};
		const daily = ((json.analytics as IDataObject | undefined)?.daily as IDataObject[] | undefined) ?? [];
		return daily.map((day) => ({ json: { ...owner, ...day } }));
	});
};

export function analyticsFields(breakdowns: { network: string; values: string[] }): INodeProperties[] {
	return [
		{
			displayName: 'Split Into Days',
			name: 'splitIntoDays',
			type: 'boolean',
			default: false,
			description: 'Whether to output one item per day instead of one item with the summary and the daily rows',
		},
		collection('Options', 'options', [
			dayField('From Date', 'fromDate', 'First day (UTC); default 7 days before To Date'),
			dayField('To Date', 'toDate', 'Last day (UTC); default today'),
			{
				displayName: 'Breakdowns',
				name: 'breakdowns',
				type: 'multiOptions',
				options: breakdowns.values.map((v) => ({ name: v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), value: v })),
				default: [],
				description: `Split the figures by these dimensions (${breakdowns.network} only)`,
				routing: { send: { type: 'query', property: 'breakdowns', value: '={{ $value.join(",") }}' } },
			},
		], 'Add Option'),
	];
}
