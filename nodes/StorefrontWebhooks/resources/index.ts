import type { INodeProperties } from 'n8n-workflow';

import { resourceSelector } from '../../shared/descriptions';
import { deliveryProperties } from './delivery';
import { webhookProperties } from './webhook';

export { getEvents } from './common';

export const properties: INodeProperties[] = [
	resourceSelector(
		[
			{ name: 'Delivery', value: 'delivery' },
			{ name: 'Webhook', value: 'webhook' },
		],
		'webhook',
	),
	...webhookProperties,
	...deliveryProperties,
];
