import { collection, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, campaignFilter, customerId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { dayField, queryWithDays } from '../../helpers/dates';
import { convertMicros, convertMicrosField } from '../../helpers/searchnet';

/** accountId: a searchnet connection. */
export const fields = [
	accountId,
	convertMicrosField,
	...returnAllOrLimit('search terms'),
	collection(
		'Filters',
		'filters',
		[
			campaignFilter,
			customerId,
			dayField('From Date', 'fromDate', 'First day (UTC); default 30 days ago'),
			dayField('To Date', 'toDate', 'Last day (UTC); default today'),
		],
		'Add Filter',
	),
];

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many search terms',
	description: 'What people searched before clicking, ordered by cost (default: the last 30 days); one item per term, each also giving the customer ID and whether the figures may be out of date',
	method: 'GET',
	path: '/v1/ads/search-terms',
	spends: 'none',
	fields,
	preSend: [queryWithDays('filters')],
	postReceive: [carryOntoRows('data', ['customerId', 'stale']), convertMicros],
	list: { style: 'none', rootProperty: 'data' },
});
