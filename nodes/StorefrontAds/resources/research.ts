import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { apiRequest } from '../../shared/api';
import { assembleResource, collection, failItem, operation, returnAllOrLimit, type OperationModule } from '../../shared/descriptions';
import { isFirstItem, itemsOrJson, valuesForEveryItem } from './batch';
import { adAccountLocator, connectionLocator, dayField, jsonParameter, splitList } from './common';

/** Targeting (search, bid pricing, supply forecast), conversions and insights. */

const body = (property: string) => ({ send: { type: 'body' as const, property } });
const query = (property: string) => ({ send: { type: 'query' as const, property } });

/** `spec` from the named fields plus free JSON. */
async function sendSpec(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const fields = this.getNodeParameter('spec', {}) as IDataObject;
	const { moreJson, ...named } = fields;
	const spec: IDataObject = moreJson ? { ...(jsonParameter(this, moreJson, 'More Spec (JSON)') as IDataObject) } : {};
	for (const [key, value] of Object.entries(named)) if (value) spec[key] = splitList(value);
	if (!Object.keys(spec).length) failItem(this, 'The targeting spec is empty', 'Add at least Countries under "Targeting Spec".');
	request.body = { ...(request.body as IDataObject), spec };
	return request;
}

const specField = collection('Targeting Spec', 'spec', [
	{ displayName: 'Countries', name: 'countries', type: 'string', default: '', placeholder: 'US, CA', description: 'Comma-separated ISO codes' },
	{ displayName: 'Industries', name: 'industries', type: 'string', default: '', description: 'Comma-separated (pronet)' },
	{ displayName: 'Seniorities', name: 'seniorities', type: 'string', default: '', description: 'Comma-separated (pronet)' },
	{ displayName: 'More Spec (JSON)', name: 'moreJson', type: 'json', default: '{}', description: 'Any other spec keys, e.g. {"jobFunctions": ["marketing"]}' },
]);

/** `{available: false}` is an answer, not an error: say it in words next to the flag. */
async function explainUnavailable(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	return items.map(({ json }) =>
		json.available === false
			? { json: { ...json, message: 'Not available for this network: bid pricing is offered on pronet only. Nothing was created.' } }
			: { json },
	);
}

const searchOptions: OperationModule = {
	option: operation({
		value: 'search',
		name: 'Search',
		action: 'Search many targeting options',
		description: 'Find locations, interests, behaviors or languages to target, with audience sizes; one item per option',
		method: 'GET',
		url: '/v1/ads/targeting/search',
		list: { style: 'none', rootProperty: 'results' },
	}),
	properties: [
		connectionLocator('query'),
		{ displayName: 'Search Text', name: 'q', type: 'string', required: true, default: '', placeholder: 'e.g. fashion', routing: query('q') },
		{
			displayName: 'Dimension',
			name: 'dimension',
			type: 'options',
			options: [
				{ name: 'Any', value: '' },
				{ name: 'Behavior', value: 'behavior' },
				{ name: 'Interest', value: 'interest' },
				{ name: 'Language', value: 'language' },
				{ name: 'Location', value: 'geo' },
			],
			default: '',
			routing: { send: { type: 'query', property: 'dimension', value: '={{ $value || undefined }}' } },
		},
		...returnAllOrLimit('options'),
	],
};

const bidPricing: OperationModule = {
	option: operation({
		value: 'getBidPricing',
		name: 'Get Bid Pricing',
		action: 'Get bid pricing for a targeting',
		description: 'Bid limits, suggested bid and minimum daily budget (pronet); other networks answer available: false. Creates nothing.',
		method: 'POST',
		url: '/v1/ads/targeting/bid-pricing',
		preSend: [sendSpec],
		postReceive: [explainUnavailable],
	}),
	properties: [
		connectionLocator('body', 'A pronet ad connection (other networks answer available: false)'),
		adAccountLocator('body'),
		specField,
		collection('Options', 'options', [
			{
				displayName: 'Bid Type',
				name: 'bidType',
				type: 'options',
				options: [
					{ name: 'CPC', value: 'CPC' },
					{ name: 'CPM', value: 'CPM' },
					{ name: 'CPV', value: 'CPV' },
				],
				default: 'CPM',
				routing: body('bidType'),
			},
			{ displayName: 'Currency', name: 'currency', type: 'string', default: 'USD', routing: body('currency') },
			{ displayName: 'Daily Budget', name: 'dailyBudget', type: 'number', default: 50, routing: body('dailyBudget') },
			{ displayName: 'Objective Type', name: 'objectiveType', type: 'string', default: '', placeholder: 'e.g. WEBSITE_VISIT, LEAD_GENERATION', routing: body('objectiveType') },
		], 'Add Option'),
	],
};

const supplyForecast: OperationModule = {
	option: operation({
		value: 'getSupplyForecast',
		name: 'Get Supply Forecast',
		action: 'Get a supply forecast for a targeting',
		description: 'Projected impressions, clicks and spend for a targeting, a future window and a daily budget. Creates nothing.',
		method: 'POST',
		url: '/v1/ads/targeting/supply-forecast',
		preSend: [sendSpec],
		postReceive: [explainUnavailable],
	}),
	properties: [
		connectionLocator('body'),
		adAccountLocator('body'),
		specField,
		dayField('From Date', 'fromDate', 'First day of the window, in the future (UTC)', { send: 'body', required: true }),
		dayField('To Date', 'toDate', 'Last day of the window (UTC)', { send: 'body', required: true }),
		{ displayName: 'Daily Budget', name: 'dailyBudget', type: 'number', required: true, typeOptions: { minValue: 0 }, default: 50, routing: body('dailyBudget') },
		collection('Options', 'options', [{ displayName: 'Currency', name: 'currency', type: 'string', default: 'USD', routing: body('currency') }], 'Add Option'),
	],
};

export const targetingProperties = assembleResource('targeting', [searchOptions, bidPricing, supplyForecast], 'search');

// ---- conversions

const CONVERSION_NETWORKS = ['socialnet', 'searchnet', 'chatnet'];

/** Events from every incoming item (one call) or this item's JSON list; refused before the call on networks without conversions. */
async function sendEvents(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions): Promise<INodeExecutionData[]> {
	const fromItems = this.getNodeParameter('eventsInput', 'items') === 'items';
	if (fromItems && !isFirstItem(this)) return [];
	const accountId = (requestData.options.body as IDataObject).accountId as string;
	const { body: answer } = await apiRequest.call(this, 'GET', '/v1/ads/connections');
	const network = ((answer.connections as IDataObject[] | undefined) ?? []).find((c) => c.id === accountId)?.network as string | undefined;
	if (network && !CONVERSION_NETWORKS.includes(network)) {
		failItem(this, `${network} does not take server-side conversions`, 'Send conversions through a socialnet, searchnet or chatnet connection.');
	}
	let events: IDataObject[];
	if (fromItems) {
		const column = (name: string) => valuesForEveryItem(this, name);
		const [names, times, values, currencies, emails] = ['eventName', 'eventTime', 'value', 'currency', 'email'].map(column);
		events = names.map((eventName, i) => {
			const value = values[i] === '' || values[i] === undefined || values[i] === null ? undefined : Number(values[i]);
			if (value !== undefined && Number.isNaN(value)) failItem(this, `Item ${i + 1}: Value "${String(values[i])}" is not a number`, 'Map a numeric column to "Value".');
			return {
				eventName: String(eventName ?? '').trim(),
				eventTime: String(times[i] ?? '').trim() || new Date().toISOString(),
				...(value !== undefined ? { value, currency: String(currencies[i] ?? 'USD').trim() } : {}),
				user: { email: String(emails[i] ?? '').trim() },
			};
		});
	} else {
		const list = jsonParameter(this, this.getNodeParameter('eventsJson', '[]'), 'Events (JSON)');
		events = Array.isArray(list) ? list : [list];
	}
	const bad = events.findIndex((e) => !e.eventName || !(e.user as IDataObject | undefined)?.email);
	if (bad >= 0) failItem(this, `Event ${bad + 1} needs an event name and an email`, 'Every event needs eventName and user.email.');
	const [result] = await this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, body: { ...(requestData.options.body as IDataObject), events } } });
	return [{ json: { ...result.json, sent: events.length } }];
}

const sendConversions: OperationModule = {
	option: operation({
		value: 'send',
		name: 'Send',
		action: 'Send many conversion events',
		description: 'Send server-side conversion events (socialnet, searchnet, chatnet; not microblog); all incoming items go in one call',
		method: 'POST',
		url: '/v1/ads/conversions',
		run: sendEvents,
	}),
	properties: [
		connectionLocator('body', 'A socialnet, searchnet or chatnet ad connection'),
		{
			displayName: 'Destination ID',
			name: 'destinationId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. pixel ID, conversion action or chat-network pixel',
			routing: body('destinationId'),
		},
		itemsOrJson('eventsInput', 'Events', 'event'),
		...(
			[
				['Event Name', 'eventName', 'Purchase', 'e.g. Purchase, Lead'],
				['Event Time', 'eventTime', '={{ $json.eventTime ?? $now.toISO() }}', 'ISO 8601 or Unix seconds; empty means now'],
				['Value', 'value', '={{ $json.value }}', 'Order value; empty sends none'],
				['Currency', 'currency', 'USD', 'ISO code of the value'],
				['Email', 'email', '={{ $json.email }}', 'Hashed by the service before it leaves'],
			] as const
		).map(
			([displayName, name, value, description]): INodeProperties => ({
				displayName,
				name,
				type: 'string',
				default: value,
				description,
				displayOptions: { show: { eventsInput: ['items'] } },
			}),
		),
		{
			displayName: 'Events (JSON)',
			name: 'eventsJson',
			type: 'json',
			default: '[]',
			description: 'A list of {"eventName", "eventTime", "value", "currency", "user": {"email"}}',
			displayOptions: { show: { eventsInput: ['json'] } },
		},
	],
};

export const conversionProperties = assembleResource('conversion', [sendConversions], 'send');

// ---- insights

const DAY_MS = 24 * 3600 * 1000;

/** Videonet's limits (reference: Limits): 1 to 4 dimensions, at most 30 days, both dates. */
async function checkInsightQuery(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = this.getNodeParameter('network', 'socialnet') as string;
	const qs = request.qs as IDataObject;
	if (network === 'videonet') {
		const dimensions = splitList(qs.dimensions);
		if (dimensions.length < 1 || dimensions.length > 4) failItem(this, `Videonet takes 1 to 4 dimensions, not ${dimensions.length}`, 'Change "Dimensions".');
		qs.dimensions = dimensions.join(',');
		const days = (Date.parse(String(qs.toDate)) - Date.parse(String(qs.fromDate))) / DAY_MS + 1;
		if (!(days >= 1)) failItem(this, 'To Date must not be before From Date', 'Set a window of 1 to 30 days.');
		if (days > 30) failItem(this, `Videonet reports cover at most 30 days per query; this one covers ${days}`, 'Shorten the window, or run one query per 30 days.');
	}
	if (network === 'searchnet' && /\b(mutate|insert|update|delete|remove)\b/i.test(String(qs.query))) {
		failItem(this, 'Searchnet insight queries are read-only', 'Use a SELECT query only.');
	}
	return request;
}

/** Videonet rows are `{dimensions, metrics}` with string values: Simplify merges them and turns number strings into numbers. */
async function simplifyVideonetRows(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	if (this.getNodeParameter('network', '') !== 'videonet' || !this.getNodeParameter('simplify', true)) return items;
	const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
	return items.map(({ json }) => ({
		json: {
			...json,
			data: ((json.data as IDataObject[] | undefined) ?? []).map((row) => ({
				...(row.dimensions as IDataObject),
				...Object.fromEntries(Object.entries((row.metrics as IDataObject) ?? {}).map(([k, v]) => [k, numeric(v)])),
			})),
		},
	}));
}

const shown = (...network: string[]) => ({ show: { network } });

const runInsights: OperationModule = {
	option: operation({
		value: 'get',
		name: 'Get',
		action: 'Get a live insights report',
		description: 'Run a live insights query on socialnet, searchnet or videonet; one item per row',
		method: 'GET',
		url: '/v1/ads/insights',
		preSend: [checkInsightQuery],
		postReceive: [simplifyVideonetRows],
		list: { style: 'none', rootProperty: 'data' },
	}),
	properties: [
		{
			displayName: 'Network',
			name: 'network',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Search Network (Searchnet)', value: 'searchnet' },
				{ name: 'Social Network (Socialnet)', value: 'socialnet' },
				{ name: 'Video Network (Videonet)', value: 'videonet' },
			],
			default: 'socialnet',
			description: 'Microblog and chatnet have no live insights',
		},
		connectionLocator('query'),
		{ displayName: 'Object ID', name: 'objectId', type: 'string', default: '', placeholder: 'e.g. act_1001 or a campaign ID', displayOptions: shown('socialnet'), routing: { send: { type: 'query', property: 'objectId', value: '={{ $value || undefined }}' } } },
		{ displayName: 'Fields', name: 'fields', type: 'string', default: 'spend,impressions,clicks', description: 'Comma-separated', displayOptions: shown('socialnet'), routing: query('fields') },
		collection(
			'Options',
			'socialOptions',
			[
				{ displayName: 'Breakdowns', name: 'breakdowns', type: 'string', default: '', placeholder: 'age,gender', routing: query('breakdowns') },
				{ displayName: 'Filtering (JSON)', name: 'filtering', type: 'json', default: '[]', routing: { send: { type: 'query', property: 'filtering', value: '={{ typeof $value === "string" ? $value : JSON.stringify($value) }}' } } },
			],
			'Add Option',
		),
		{
			displayName: 'Query',
			name: 'query',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			placeholder: 'SELECT campaign.name, metrics.clicks, metrics.cost_micros FROM campaign WHERE segments.date DURING LAST_7_DAYS',
			description: "Read-only, in the network's query language; money is in micros; a date segment needs a finite range",
			displayOptions: shown('searchnet'),
			routing: query('query'),
		},
		{ ...adAccountLocator('query'), displayOptions: shown('videonet'), description: 'The advertiser' },
		{
			displayName: 'Data Level',
			name: 'dataLevel',
			type: 'options',
			options: [
				{ name: 'Ad', value: 'AUCTION_AD' },
				{ name: 'Ad Group', value: 'AUCTION_ADGROUP' },
				{ name: 'Advertiser', value: 'AUCTION_ADVERTISER' },
				{ name: 'Campaign', value: 'AUCTION_CAMPAIGN' },
			],
			default: 'AUCTION_CAMPAIGN',
			displayOptions: shown('videonet'),
			routing: query('dataLevel'),
		},
		{ displayName: 'Dimensions', name: 'dimensions', type: 'string', default: 'stat_time_day', description: '1 to 4, comma-separated', displayOptions: shown('videonet'), routing: query('dimensions') },
		{ displayName: 'Metrics', name: 'metrics', type: 'string', default: 'spend,impressions,clicks', description: 'Comma-separated', displayOptions: shown('videonet'), routing: query('metrics') },
		...[
			dayField('From Date', 'fromDate', 'At most 30 days per query', { required: true }),
			dayField('To Date', 'toDate', 'At most 30 days per query', { required: true }),
		].map((field): INodeProperties => ({ ...field, displayOptions: shown('videonet') })),
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: 'Whether to merge each row’s dimensions and metrics into one object, with numbers as numbers',
			displayOptions: shown('videonet'),
		},
		...returnAllOrLimit('rows'),
	],
};

export const insightProperties = assembleResource('insight', [runInsights], 'get');
