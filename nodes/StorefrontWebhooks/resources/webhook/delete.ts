import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/descriptions';
import { webhookIdField } from '../common';

export const option = operation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a webhook',
	description: 'Remove the endpoint; deliveries stop at once',
	method: 'DELETE',
});

export const properties: INodeProperties[] = [webhookIdField('')];
