import type { INodeProperties } from 'n8n-workflow';

import { collection, operation, returnAllOrLimit } from '../../../shared/descriptions';
import { webhookIdField } from '../common';

export const option = operation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many deliveries',
	description: 'List delivery attempts of a webhook (last 30 days, newest first)',
	method: 'GET',
	list: { style: 'before', rootProperty: 'deliveries', maxPageSize: 100 },
});

export const properties: INodeProperties[] = [
	webhookIdField('/deliveries'),
	...returnAllOrLimit('deliveries'),
	collection('Filters', 'filters', [
			{
				displayName: 'Failed Only',
				name: 'failed',
				type: 'boolean',
				default: true,
				description: 'Whether to list only deliveries the receiver did not accept',
				routing: { send: { type: 'query', property: 'failed', value: '={{ $value ? "true" : undefined }}' } },
			},
		], 'Add Filter'),
];
