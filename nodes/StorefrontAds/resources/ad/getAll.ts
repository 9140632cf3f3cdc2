import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { failItem } from '../../../shared/requestActions';
import { campaignFilter } from '../../helpers/adsLocators';
import { adSimplify, simplifyAd } from '../../helpers/adOutput';
import { adsOperation } from '../../helpers/adsOperation';
import { dayField, queryWithDays } from '../../helpers/dates';
import { adsPageList, pagedListFields, platformFilter, sourceFilter } from '../../helpers/getMany';
import { optionsOf } from '../../../shared/optionName';

const AD_STATUSES = ['active', 'cancelled', 'completed', 'error', 'paused', 'pending_review', 'rejected'];

/** A 202 `backfillPending` is not "no ads": say so instead of returning an empty list. */
async function failWhileBackfilling(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	const answer = items[0]?.json;
	if (answer?.backfillPending) {
		failItem(
			this,
			'The ad history is still being imported',
			`${typeof answer.message === 'string' ? `${answer.message}. ` : ''}A newly connected ad account imports its history first; run the node again in a few minutes.`,
		);
	}
	return items;
}

export const fields = [
	...pagedListFields('ads', [
	campaignFilter,
	dayField('Created From', 'fromDate', 'First day of the window (UTC); default 90 days ago, at most 730 days back'),
	dayField('Created To', 'toDate', 'Last day of the window (UTC); default today'),
	platformFilter,
	sourceFilter,
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: optionsOf(AD_STATUSES),
		default: 'active',
	},
	]),
	adSimplify,
];

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many ads',
	description: 'List ads with their metrics (default: created in the last 90 days)',
	method: 'GET',
	path: '/v1/ads',
	spends: 'none',
	fields,
	preSend: [queryWithDays('filters')],
	postReceive: [failWhileBackfilling],
	list: { ...adsPageList, rootProperty: 'ads', simplify: simplifyAd },
});
