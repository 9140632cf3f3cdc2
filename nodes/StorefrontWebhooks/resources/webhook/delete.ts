import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a webhook',
	description: 'Remove the endpoint; deliveries stop at once',
	method: 'DELETE',
	path: '/v1/webhooks/{webhookId}',
});

export const uses = ['webhookId'];

export const properties: INodeProperties[] = [];
