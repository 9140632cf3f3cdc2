import type { INodeProperties } from 'n8n-workflow';

import { dayField } from '../../helpers/dates';
import { pagedList, pagedListFields } from '../../helpers/pagedList';
import { platformFilter, sourceFilter } from '../../helpers/filters';
import { STATUS_OPTIONS } from '../../helpers/status';

export const option = pagedList({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many campaigns',
	description: 'List campaigns with budget and ad count',
	path: '/v1/ads/campaigns',
	rootProperty: 'campaigns',
});

export const properties: INodeProperties[] = pagedListFields('campaigns', [
	{ displayName: 'Ad Account ID', name: 'adAccountId', type: 'string', default: '' },
	dayField('From Date', 'fromDate', 'First day (UTC)'),
	platformFilter,
	sourceFilter,
	{ displayName: 'Status', name: 'status', type: 'options', options: STATUS_OPTIONS, default: 'active' },
	dayField('To Date', 'toDate', 'Last day (UTC)'),
]);
