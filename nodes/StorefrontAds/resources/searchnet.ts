import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assembleResource, collection, failItem, operation, resourceLocator, returnAllOrLimit, unwrap, type OperationModule } from '../../shared/descriptions';
import { adAccountLocator, adSetLocator, commaList, connectionLocator, dayField, splitList, statusChoice } from './common';

/** Searchnet keywords, search terms and recommendations. */

const body = (property: string) => ({ send: { type: 'body' as const, property } });
const query = (property: string) => ({ send: { type: 'query' as const, property } });
const searchConnection = (send?: 'query' | 'body') => connectionLocator(send, 'A searchnet ad connection');

/** Adds `<name>` in currency units next to every `<name>Micros` (bids and costs are in millionths). */
export function withCurrencyUnits(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withCurrencyUnits);
	if (!value || typeof value !== 'object') return value;
	const out: IDataObject = {};
	for (const [key, v] of Object.entries(value as IDataObject)) {
		out[key] = withCurrencyUnits(v) as IDataObject;
		if (key.endsWith('Micros') && v !== null && v !== '' && !Number.isNaN(Number(v))) out[key.slice(0, -'Micros'.length)] = Number(v) / 1_000_000;
	}
	return out;
}

/** The "Convert Micros" option: applied to the rows of each answer. */
async function convertMicros(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	if (!this.getNodeParameter('convertMicros', false)) return items;
	return items.map(({ json }) => ({ json: withCurrencyUnits(json) as IDataObject }));
}

const convertMicrosField: INodeProperties = {
	displayName: 'Convert Micros',
	name: 'convertMicros',
	type: 'boolean',
	default: true,
	description: 'Whether to add each bid and cost in currency units (e.g. lowTopOfPageBid = lowTopOfPageBidMicros ÷ 1,000,000) next to the micros',
};

const keywordLocator = () =>
	resourceLocator({
		displayName: 'Keyword',
		name: 'keywordId',
		searchListMethod: 'searchKeywords',
		placeholder: 'e.g. kw_000123',
		url: '=/v1/ads/keywords/{{ encodeURIComponent($value) }}',
	});

const countriesField: INodeProperties = {
	displayName: 'Countries',
	name: 'countries',
	type: 'string',
	default: '',
	placeholder: 'US, CA',
	description: 'Comma-separated ISO codes; empty means worldwide',
	routing: commaList('body', 'countries', true),
};
const customerIdField = (send: 'body' | 'query'): INodeProperties => ({
	displayName: 'Customer ID',
	name: 'customerId',
	type: 'string',
	default: '',
	description: "The searchnet account (customer) ID, when the connection has several",
	routing: { send: { type: send, property: 'customerId' } },
});

// ---- keywords

const getAllKeywords: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many keywords',
		description: 'List keywords with quality score and 30-day metrics (synced about once a day)',
		method: 'GET',
		url: '/v1/ads/keywords',
		list: { style: 'none', rootProperty: 'keywords' },
	}),
	properties: [
		searchConnection('query'),
		...returnAllOrLimit('keywords'),
		collection(
			'Filters',
			'filters',
			[
				{ displayName: 'Ad Group ID', name: 'adSetId', type: 'string', default: '', routing: query('adSetId') },
				{ displayName: 'Campaign ID', name: 'campaignId', type: 'string', default: '', routing: query('campaignId') },
				{ displayName: 'Negative', name: 'negative', type: 'boolean', default: false, description: 'Whether to list only negative (true) or only positive (false) keywords', routing: { send: { type: 'query', property: 'negative', value: '={{ String($value) }}' } } },
				{ displayName: 'Search', name: 'search', type: 'string', default: '', routing: query('search') },
			],
			'Add Filter',
		),
	],
};

/** Keywords as comma/newline text, all with one match type → `{text, matchType}` (broad is sent as plain text). */
async function sendKeywords(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const texts = splitList(this.getNodeParameter('keywords', ''));
	if (!texts.length) failItem(this, 'No keywords to add', 'Enter one or more keywords, separated by commas or new lines.');
	const matchType = this.getNodeParameter('matchType', 'broad') as string;
	request.body = { ...(request.body as IDataObject), keywords: matchType === 'broad' ? texts : texts.map((text) => ({ text, matchType })) };
	return request;
}

const addKeywords: OperationModule = {
	option: operation({
		value: 'add',
		name: 'Add',
		action: 'Add keywords to an ad group',
		description: 'Add keywords (or negative keywords) to an ad group',
		method: 'POST',
		url: '/v1/ads/keywords',
		preSend: [sendKeywords],
	}),
	properties: [
		searchConnection('body'),
		{ ...adSetLocator(), displayName: 'Ad Group', routing: body('adSetId') },
		{ displayName: 'Keywords', name: 'keywords', type: 'string', typeOptions: { rows: 3 }, required: true, default: '', description: 'Separated by commas or new lines' },
		{
			displayName: 'Match Type',
			name: 'matchType',
			type: 'options',
			options: [
				{ name: 'Broad', value: 'broad' },
				{ name: 'Exact', value: 'exact' },
				{ name: 'Phrase', value: 'phrase' },
			],
			default: 'broad',
		},
		{ displayName: 'Negative', name: 'negative', type: 'boolean', default: false, description: 'Whether these are negative keywords (searches to exclude)', routing: { send: { type: 'body', property: 'negative', value: '={{ $value ? true : undefined }}' } } },
	],
};

const setKeywordStatus: OperationModule = {
	option: operation({ value: 'setStatus', name: 'Pause or Resume', action: 'Pause or resume a keyword', description: 'Pause or resume one keyword', method: 'PATCH', postReceive: [unwrap('keyword')] }),
	properties: [
		searchConnection('body'),
		keywordLocator(),
		statusChoice('Paused stops the keyword from triggering ads; Active resumes it'),
	],
};

const removeKeyword: OperationModule = {
	option: operation({ value: 'remove', name: 'Remove', action: 'Remove a keyword', description: 'Remove one keyword from its ad group', method: 'DELETE' }),
	properties: [searchConnection('query'), keywordLocator()],
};

const getIdeas: OperationModule = {
	option: operation({
		value: 'getIdeas',
		name: 'Get Ideas',
		action: 'Get many keyword ideas',
		description: 'Keyword ideas from seed keywords or a URL, with monthly searches, competition and top-of-page bids; one item per idea',
		method: 'POST',
		url: '/v1/ads/keywords/ideas',
		postReceive: [convertMicros],
		list: { style: 'token', rootProperty: 'data' },
	}),
	properties: [
		searchConnection('body'),
		{
			displayName: 'Seed Keywords',
			name: 'seedKeywords',
			type: 'string',
			default: '',
			placeholder: 'linen dress, summer dress',
			description: 'Comma-separated; give these, a Seed URL, or both',
			routing: commaList('body', 'seedKeywords', true),
		},
		{ displayName: 'Seed URL', name: 'seedUrl', type: 'string', default: '', placeholder: 'https://shop.example.com', routing: { send: { type: 'body', property: 'seedUrl', value: '={{ $value || undefined }}' } } },
		countriesField,
		collection('Options', 'options', [customerIdField('body')], 'Add Option'),
		convertMicrosField,
		...returnAllOrLimit('ideas'),
	],
};

const getHistoricalMetrics: OperationModule = {
	option: operation({
		value: 'getHistoricalMetrics',
		name: 'Get Historical Metrics',
		action: 'Get historical metrics of many keywords',
		description: 'Monthly searches, competition and top-of-page bids for keywords you name; one item per keyword',
		method: 'POST',
		url: '/v1/ads/keywords/historical-metrics',
		postReceive: [convertMicros],
		list: { style: 'none', rootProperty: 'data' },
	}),
	properties: [
		searchConnection('body'),
		{
			displayName: 'Keywords',
			name: 'keywords',
			type: 'string',
			required: true,
			default: '',
			description: 'Comma-separated',
			routing: commaList('body', 'keywords'),
		},
		countriesField,
		collection('Options', 'options', [customerIdField('body')], 'Add Option'),
		convertMicrosField,
		...returnAllOrLimit('keywords'),
	],
};

export const keywordProperties = assembleResource(
	'keyword',
	[getAllKeywords, addKeywords, setKeywordStatus, removeKeyword, getIdeas, getHistoricalMetrics],
	'getAll',
);

// ---- search terms

const getSearchTerms: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many search terms',
		description: 'What people searched before clicking, ordered by cost (default: the last 30 days); one item per term',
		method: 'GET',
		url: '/v1/ads/search-terms',
		postReceive: [convertMicros],
		list: { style: 'none', rootProperty: 'data' },
	}),
	properties: [
		searchConnection('query'),
		convertMicrosField,
		...returnAllOrLimit('search terms'),
		collection(
			'Filters',
			'filters',
			[
				{ displayName: 'Campaign ID', name: 'campaignId', type: 'string', default: '', routing: query('campaignId') },
				customerIdField('query'),
				dayField('From Date', 'fromDate', 'First day (UTC); default 30 days ago'),
				dayField('To Date', 'toDate', 'Last day (UTC); default today'),
			],
			'Add Filter',
		),
	],
};

export const searchTermProperties = assembleResource('searchTerm', [getSearchTerms], 'getAll');

// ---- recommendations

/**
 * Apply and dismiss answer per recommendation: one output item each. A failed one fails the
 * node item (naming it), unless Continue On Fail is on: then it stays visible with its message.
 */
function perRecommendation(done: string) {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		const results = items.flatMap(({ json }) => ((json.results as IDataObject[] | undefined) ?? []).map((r) => ({ json: r })));
		const failed = results.filter((r) => r.json.status !== done);
		if (failed.length && !this.continueOnFail()) {
			throw new NodeOperationError(this.getNode(), `${failed.length} of ${results.length} recommendations failed`, {
				description: `${failed.map((r) => `${String(r.json.resourceName)}: ${String(r.json.message ?? r.json.status)}`).join('; ')}. The others were ${done}.`,
				itemIndex: this.getItemIndex(),
			});
		}
		return results;
	};
}

const resourceNamesField = (description: string): INodeProperties => ({
	displayName: 'Recommendations',
	name: 'resourceNames',
	type: 'string',
	typeOptions: { rows: 2 },
	required: true,
	default: '',
	placeholder: '{{ $json.resourceName }}',
	description,
});

async function sendResourceNames(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const names = splitList(this.getNodeParameter('resourceNames', ''));
	if (!names.length) failItem(this, 'No recommendations named', 'Map the resourceName of the recommendations (from Get Many).');
	const asObjects = request.url?.endsWith('/apply');
	request.body = { ...(request.body as IDataObject), ...(asObjects ? { recommendations: names.map((resourceName) => ({ resourceName })) } : { resourceNames: names }) };
	return request;
}

const getRecommendations: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many recommendations',
		description: "The network's recommendations with their expected impact; one item per recommendation",
		method: 'GET',
		url: '/v1/ads/recommendations',
		list: { style: 'none', rootProperty: 'recommendations' },
	}),
	properties: [
		searchConnection('query'),
		adAccountLocator('query'),
		{
			displayName: 'Types',
			name: 'types',
			type: 'multiOptions',
			options: ['CAMPAIGN_BUDGET', 'KEYWORD', 'MAXIMIZE_CLICKS_OPT_IN', 'RESPONSIVE_SEARCH_AD', 'SITELINK_EXTENSION', 'TARGET_CPA_OPT_IN'].map((t) => ({
				name: t.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()),
				value: t,
			})),
			default: [],
			description: 'Only these types (all when empty)',
			routing: { send: { type: 'query', property: 'types', value: '={{ $value.length ? $value.join(",") : undefined }}' } },
		},
		...returnAllOrLimit('recommendations'),
	],
};

const applyRecommendations: OperationModule = {
	option: operation({
		value: 'apply',
		name: 'Apply',
		action: 'Apply many recommendations',
		description: 'Apply recommendations to the account. This changes the account and cannot be undone.',
		method: 'POST',
		url: '/v1/ads/recommendations/apply',
		preSend: [sendResourceNames],
		postReceive: [perRecommendation('applied')],
	}),
	properties: [
		{
			displayName: 'Applying changes budgets, bids, keywords or ads in the account right away and cannot be undone. Check the list (Get Many) first.',
			name: 'applyNotice',
			type: 'notice',
			default: '',
		},
		searchConnection('body'),
		adAccountLocator('body'),
		resourceNamesField('Resource names to apply, separated by commas or new lines'),
	],
};

const dismissRecommendations: OperationModule = {
	option: operation({
		value: 'dismiss',
		name: 'Dismiss',
		action: 'Dismiss many recommendations',
		description: 'Dismiss recommendations so they are not suggested again',
		method: 'POST',
		url: '/v1/ads/recommendations/dismiss',
		preSend: [sendResourceNames],
		postReceive: [perRecommendation('dismissed')],
	}),
	properties: [searchConnection('body'), adAccountLocator('body'), resourceNamesField('Resource names to dismiss, separated by commas or new lines')],
};

export const recommendationProperties = assembleResource('recommendation', [getRecommendations, applyRecommendations, dismissRecommendations], 'getAll');
