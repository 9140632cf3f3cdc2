import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { collection, field, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { codesList, failItem } from '../../../shared/requestActions';
import { accountId, videonetAdAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { checkedDay, dayField } from '../../helpers/dates';
import { networkOptions } from '../../helpers/networks';
import { optionsOf } from '../../../shared/optionName';

const DAY_MS = 24 * 3600 * 1000;
/** Dimensions of videonet AUDIENCE reports (reference: Ads: insights). */
const AUDIENCE_DIMENSIONS = ['age', 'gender', 'country_code', 'platform'];

/** Videonet's limits (reference: Limits): 1 to 4 dimensions, both dates, at most 30 days. */
function videonetQuery(ctx: IExecuteSingleFunctions): IDataObject {
	const audience = param<string>(ctx, 'reportType', 'BASIC') === 'AUDIENCE';
	const dimensions = audience ? codesList(param(ctx, 'audienceDimensions', [])) : codesList(param(ctx, 'dimensions', ''));
	if (dimensions.length < 1 || dimensions.length > 4) failItem(ctx, `Videonet takes 1 to 4 dimensions, not ${dimensions.length}`, 'Change "Dimensions".');
	const [fromDate, toDate] = [checkedDay(ctx, param(ctx, 'videonetFromDate', ''), 'From Date'), checkedDay(ctx, param(ctx, 'videonetToDate', ''), 'To Date')];
	if (!fromDate || !toDate) failItem(ctx, 'Videonet reports need From Date and To Date', 'Set both dates (at most 30 days apart).');
	const days = (Date.parse(toDate) - Date.parse(fromDate)) / DAY_MS + 1;
	if (!(days >= 1)) failItem(ctx, 'To Date must not be before From Date', 'Set a window of 1 to 30 days.');
	if (days > 30) failItem(ctx, `Videonet reports cover at most 30 days per query; this one covers ${days}`, 'Shorten the window, or run one query per 30 days.');
	return {
		adAccountId: locatorValue(ctx, 'videonetAdAccountId'),
		...(audience ? { reportType: 'AUDIENCE' } : {}),
		dataLevel: param(ctx, 'dataLevel', 'AUCTION_CAMPAIGN'),
		dimensions: dimensions.join(','),
		metrics: codesList(param(ctx, 'metrics', '')).join(','),
		fromDate,
		toDate,
	};
}

function socialnetQuery(ctx: IExecuteSingleFunctions): IDataObject {
	const { breakdowns, filtering } = param<IDataObject>(ctx, 'socialOptions', {});
	const objectId = param(ctx, 'objectId', '');
	return {
		...(objectId ? { objectId } : {}),
		fields: param(ctx, 'fields', ''),
		...(breakdowns ? { breakdowns } : {}),
		...(filtering !== undefined && filtering !== '' ? { filtering: typeof filtering === 'string' ? filtering : JSON.stringify(filtering) } : {}),
	};
}

function searchnetQuery(ctx: IExecuteSingleFunctions): IDataObject {
	const query = String(param(ctx, 'query', '') ?? '');
	if (/\b(mutate|insert|update|delete|remove)\b/i.test(query)) failItem(ctx, 'Searchnet insight queries are read-only', 'Use a SELECT query only.');
	return { query };
}

/** The query of the chosen network, checked before the call. */
async function insightQuery(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = param<string>(this, 'network', 'socialnet');
	const byNetwork: Record<string, (ctx: IExecuteSingleFunctions) => IDataObject> = { socialnet: socialnetQuery, searchnet: searchnetQuery, videonet: videonetQuery };
	request.qs = { ...(request.qs as IDataObject), ...byNetwork[network]?.(this) };
	return request;
}

/** Videonet rows are `{dimensions, metrics}` with string values: Simplify merges them and turns number strings into numbers. */
async function simplifyVideonetRows(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	if (param<string>(this, 'network', '') !== 'videonet' || !param(this, 'simplify', true)) return items;
	const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
	return items.map((item) => ({
		...item,
		json: {
			...item.json,
			data: ((item.json.data as IDataObject[] | undefined) ?? []).map((row) => ({
				...(row.dimensions as IDataObject),
				...Object.fromEntries(Object.entries((row.metrics as IDataObject) ?? {}).map(([k, v]) => [k, numeric(v)])),
			})),
		},
	}));
}

const shown = (...network: string[]) => ({ show: { network } });

export const fields = [
	field({
		displayName: 'Network',
		name: 'network',
		type: 'options',
		options: networkOptions('insights'),
		default: 'socialnet',
		description: 'Microblog and chatnet have no live insights. Pronet answers its default report for the connection.',
	}),
	accountId,
	field({ displayName: 'Object ID', name: 'objectId', type: 'string', default: '', placeholder: 'e.g. act_1001 or a campaign ID', displayOptions: shown('socialnet') }),
	field({ displayName: 'Fields', name: 'fields', type: 'string', default: 'spend,impressions,clicks', description: 'Comma-separated', displayOptions: shown('socialnet') }),
	{
		...collection(
			'Options',
			'socialOptions',
			[
				{ displayName: 'Breakdowns', name: 'breakdowns', type: 'string', default: '', placeholder: 'e.g. age,gender' },
				{ displayName: 'Filtering (JSON)', name: 'filtering', type: 'json', default: '[]' },
			],
			'Add Option',
		),
		displayOptions: shown('socialnet'),
	},
	field({
		displayName: 'Query',
		name: 'query',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. SELECT campaign.name, metrics.clicks, metrics.cost_micros FROM campaign WHERE segments.date DURING LAST_7_DAYS',
		description: "Read-only, in the network's query language; money is in micros; a date segment needs a finite range",
		displayOptions: shown('searchnet'),
	}),
	// videonet only: required on that Network, which a model may choose, so checked when the operation runs;
	// names of their own, since the node's Ad Account, From Date and To Date are required wherever they show
	{ ...videonetAdAccountId, displayOptions: shown('videonet') },
	{ ...dayField('From Date', 'videonetFromDate', 'First day (UTC) of the report (at most 30 days per query)'), required: true, displayOptions: shown('videonet') },
	{ ...dayField('To Date', 'videonetToDate', 'Last day (UTC) of the report'), required: true, displayOptions: shown('videonet') },
	field({
		displayName: 'Report Type',
		name: 'reportType',
		type: 'options',
		options: [
			{ name: 'Audience', value: 'AUDIENCE', description: 'Figures by age, gender, country or platform' },
			{ name: 'Basic', value: 'BASIC', description: 'Delivery figures by time, campaign, ad group or ad' },
		],
		default: 'BASIC',
		displayOptions: shown('videonet'),
	}),
	field({
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
	}),
	field({
		displayName: 'Dimensions',
		name: 'dimensions',
		type: 'string',
		default: 'stat_time_day',
		description: '1 to 4, comma-separated, e.g. stat_time_day, campaign_id',
		displayOptions: { show: { network: ['videonet'], reportType: ['BASIC'] } },
	}),
	field({
		displayName: 'Dimensions',
		name: 'audienceDimensions',
		type: 'multiOptions',
		options: optionsOf(AUDIENCE_DIMENSIONS),
		default: ['age'],
		description: '1 to 4 audience dimensions',
		displayOptions: { show: { network: ['videonet'], reportType: ['AUDIENCE'] } },
	}),
	field({ displayName: 'Metrics', name: 'metrics', type: 'string', default: 'spend,impressions,clicks', description: 'Comma-separated', displayOptions: shown('videonet') }),
	field({
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: "Whether to merge each row's dimensions and metrics into one object, with numbers as numbers",
		displayOptions: shown('videonet'),
	}),
	...returnAllOrLimit('rows'),
];

/** The functions above read only names of `fields`. */
const { locatorValue, param } = readerOf<typeof fields>();

export const option = adsOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a live insights report',
	description: 'Run a live insights query on socialnet, searchnet, videonet or pronet; one item per row',
	method: 'GET',
	path: '/v1/ads/insights',
	spends: 'none',
	fields,
	preSend: [insightQuery],
	postReceive: [simplifyVideonetRows],
	list: { style: 'none', rootProperty: 'data' },
});
