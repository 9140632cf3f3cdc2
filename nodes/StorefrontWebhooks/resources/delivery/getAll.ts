import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { readerOf } from '../../../shared/reads';
import { failItem } from '../../../shared/requestActions';
import { limit, returnAll, webhookId } from '../../helpers/webhookFields';

/**
 * Filters go in the query of the first page; later pages keep `failed` and replace `before`
 * with the `created_at` of the last row, so Return All pages on from the user's `before`.
 */
async function filterQuery(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const filters = param<IDataObject>(this, 'filters', {});
	const qs: IDataObject = { ...(request.qs as IDataObject) };
	if (filters.failed === true) qs.failed = 'true';
	if (filters.before !== undefined && filters.before !== '') {
		const time = new Date(String(filters.before));
		if (Number.isNaN(time.getTime())) {
			failItem(this, `"${String(filters.before)}" is not a date and time`, 'Enter "Before" as an ISO 8601 timestamp, e.g. 2026-11-20T10:00:00Z.');
		}
		qs.before = time.toISOString();
	}
	request.qs = qs;
	return request;
}

export const fields = [
	webhookId,
	returnAll,
	limit,
	collection(
		'Filters',
		'filters',
		[
			{
				displayName: 'Before',
				name: 'before',
				type: 'dateTime',
				default: '',
				description:
					'Only deliveries created before this time (ISO 8601), e.g. the created_at of the last delivery you already have. Return All pages on from there.',
			},
			{
				displayName: 'Failed Only',
				name: 'failed',
				type: 'boolean',
				default: true,
				description: 'Whether to list only deliveries the receiver did not accept',
			},
		],
		'Add Filter',
	),
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = operation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many deliveries',
	description: 'List delivery attempts of a webhook (last 30 days, newest first)',
	method: 'GET',
	path: '/v1/webhooks/{webhookId}/deliveries',
	fields,
	preSend: [filterQuery],
	list: { style: 'before', rootProperty: 'deliveries', maxPageSize: 100 },
});
