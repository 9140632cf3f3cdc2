import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'sendTest',
	name: 'Send Test Event',
	action: 'Send a test event to a webhook',
	description: 'Deliver a signed webhook.test event now and return the endpoint status',
	method: 'POST',
	path: '/v1/webhooks/{webhookId}/test',
});

export const uses = ['webhookId'];

export const properties: INodeProperties[] = [];
