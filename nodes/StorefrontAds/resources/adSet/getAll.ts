import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { collection, field, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { queryFrom } from '../../../shared/requestActions';
import { accountId, campaignFilter } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

/** The API answers at most this many ad sets (reference: GET /v1/ads/ad-sets). */
const API_CAP = 500;

/**
 * When the API answered its cap, the list may be cut: every row says so (`truncated`, `notice`),
 * so a workflow can tell and narrow the list by campaign. Runs on the raw answer, before Limit.
 */
async function flagTruncated(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	const notice = `The API returns at most ${API_CAP} ad sets, so this list may be incomplete. Narrow it with Filters → Campaign to get the rest.`;
	return items.map(({ json }) => {
		const rows = json.adSets as IDataObject[] | undefined;
		if (!Array.isArray(rows) || rows.length < API_CAP) return { json };
		return { json: { ...json, adSets: rows.map((row) => ({ ...row, truncated: true, notice })) } };
	});
}

export const fields = [
	accountId,
	...returnAllOrLimit('ad sets'),
	field({
		displayName: `The API returns up to ${API_CAP} ad sets; when a list reaches that, each row carries truncated: true. Filter by campaign to get all of them.`,
		name: 'adSetCapNotice',
		type: 'notice',
		default: '',
	}),
	collection(
		'Filters',
		'filters',
		[campaignFilter],
		'Add Filter',
	),
];

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many ad sets',
	description: `List ad sets (ad groups, line items) of a connection, optionally of one campaign; up to ${API_CAP} ad sets`,
	method: 'GET',
	path: '/v1/ads/ad-sets',
	spends: 'none',
	fields,
	preSend: [queryFrom('filters')],
	postReceive: [flagTruncated],
	list: { style: 'none', rootProperty: 'adSets' },
});
