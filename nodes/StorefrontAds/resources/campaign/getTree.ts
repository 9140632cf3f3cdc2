import type { INodeProperties } from 'n8n-workflow';

import { dayField } from '../../helpers/dates';
import { pagedList, pagedListFields } from '../../helpers/pagedList';
import { platformFilter } from '../../helpers/filters';

export const option = pagedList({
	value: 'getTree',
	name: 'Get Tree',
	action: 'Get many campaigns with their ad sets and ads',
	description: 'Campaigns with their ad sets and ads, metrics rolled up at each level (default window: last 90 days)',
	path: '/v1/ads/tree',
	rootProperty: 'campaigns',
});

export const properties: INodeProperties[] = pagedListFields('campaigns', [
	dayField('From Date', 'fromDate', 'Metrics from this day (UTC); default 90 days ago'),
	platformFilter,
	{ displayName: 'Search', name: 'search', type: 'string', default: '', description: 'Part of the campaign name' },
	dayField('To Date', 'toDate', 'Metrics up to this day (UTC); default today'),
]);
