import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { collection, field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { failItem } from '../../../shared/requestActions';
import { checkDecimal } from '../../helpers/decimal';
import { accountId, remoteId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';
import { utcDay } from '../../helpers/utcDay';

/** The body: the day exactly as picked (a UTC day, YYYY-MM-DD) and the metrics filled in. */
async function buildEngagement(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const raw = param<unknown>(this, 'date', '');
	const date = utcDay(raw);
	if (!date) failItem(this, `"${String(raw)}" is not a date`, 'Pick the UTC day the numbers are for, or give it as YYYY-MM-DD.');
	const metrics = param<IDataObject>(this, 'metrics', {});
	checkDecimal(this, metrics.adSpend, 'Ad Spend');
	const body: IDataObject = { ...(request.body as IDataObject), date };
	for (const [key, value] of Object.entries(metrics)) {
		if (value === undefined || value === '') continue;
		body[key] = key === 'adSpend' ? String(value) : Number(value);
	}
	request.body = body;
	return request;
}

const count = (displayName: string, name: string): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
});

export const fields = [
	accountId,
	remoteId,
	field({
		displayName: 'Date',
		name: 'date',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'The UTC day the numbers are for, sent as picked (the time and any time zone are ignored)',
	}),
	collection(
		'Metrics',
		'metrics',
		[
			{ displayName: 'Ad Spend', name: 'adSpend', type: 'string', default: '', placeholder: 'e.g. 12.50', description: 'A decimal in the store currency' },
			count('Clicks', 'clicks'),
			count('Comments', 'comments'),
			count('Impressions', 'impressions'),
			count('Likes', 'likes'),
			count('Shares', 'shares'),
			count('Views', 'views'),
		],
		'Add Metric',
	),
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = storeOperation({
	value: 'recordEngagement',
	name: 'Record Engagement',
	action: 'Record engagement for a marketing activity',
	description: 'Report one UTC day of numbers for an activity',
	method: 'POST',
	path: '/v1/commerce/marketing-activities/{remoteId}/engagements',
	fields,
	preSend: [buildEngagement],
});
