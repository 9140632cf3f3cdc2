import type { INodeProperties } from 'n8n-workflow';

import { deliveryProperties } from './delivery';
import { webhookProperties } from './webhook';

export { getEvents } from './common';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Delivery', value: 'delivery' },
			{ name: 'Webhook', value: 'webhook' },
		],
		default: 'webhook',
	},
	...webhookProperties,
	...deliveryProperties,
];
