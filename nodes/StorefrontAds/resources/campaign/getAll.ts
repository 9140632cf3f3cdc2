import { everyAdAccountFilter } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { dayField, queryWithDays } from '../../helpers/dates';
import { adsPageList, pagedListFields, platformFilter, sourceFilter } from '../../helpers/getMany';
import { STATUS_OPTIONS } from '../../helpers/choices';

export const fields = pagedListFields('campaigns', [
	everyAdAccountFilter,
	dayField('From Date', 'fromDate', 'First day (UTC)'),
	platformFilter,
	sourceFilter,
	{ displayName: 'Status', name: 'status', type: 'options', options: STATUS_OPTIONS, default: 'active' },
	dayField('To Date', 'toDate', 'Last day (UTC)'),
]);

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many campaigns',
	description: 'List campaigns with budget and ad count',
	method: 'GET',
	path: '/v1/ads/campaigns',
	spends: 'none',
	fields,
	preSend: [queryWithDays('filters')],
	list: { ...adsPageList, rootProperty: 'campaigns' },
});
