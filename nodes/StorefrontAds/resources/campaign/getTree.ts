import { adsOperation } from '../../helpers/adsOperation';
import { dayField, queryWithDays } from '../../helpers/dates';
import { adsPageList, pagedListFields, platformFilter } from '../../helpers/getMany';

export const fields = pagedListFields('campaigns', [
	dayField('From Date', 'fromDate', 'Metrics from this day (UTC); default 90 days ago'),
	platformFilter,
	{ displayName: 'Search', name: 'search', type: 'string', default: '', description: 'Part of the campaign name' },
	dayField('To Date', 'toDate', 'Metrics up to this day (UTC); default today'),
]);

export const option = adsOperation({
	value: 'getTree',
	name: 'Get Many with Ad Sets and Ads',
	action: 'Get many campaigns with their ad sets and ads',
	description: 'Campaigns with their ad sets and ads, metrics rolled up at each level (default window: last 90 days)',
	method: 'GET',
	path: '/v1/ads/tree',
	spends: 'none',
	fields,
	preSend: [queryWithDays('filters')],
	list: { ...adsPageList, rootProperty: 'campaigns' },
});
