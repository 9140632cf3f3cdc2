import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/descriptions';
import { webhookIdField } from '../common';

export const option = operation({
	value: 'sendTest',
	name: 'Send Test Event',
	action: 'Send a test event to a webhook',
	description: 'Deliver a signed webhook.test event now and return the endpoint status',
	method: 'POST',
});

export const properties: INodeProperties[] = [webhookIdField('/test')];
