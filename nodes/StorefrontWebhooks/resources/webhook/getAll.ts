import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { operation, returnAllOrLimit, simplifyField } from '../../../shared/descriptions';

const simplify = (w: IDataObject): IDataObject => ({
	id: w.id,
	url: w.url,
	events: w.events,
	description: w.description,
	is_active: w.is_active,
	failure_count: w.failure_count,
	last_status: w.last_status,
});

export const option = operation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many webhooks',
	description: 'List the registered webhook endpoints',
	method: 'GET',
	url: '/v1/webhooks',
	list: { style: 'none', rootProperty: 'webhooks', simplify },
});

export const properties: INodeProperties[] = [
	...returnAllOrLimit('webhooks'),
	simplifyField('ID, URL, events, description, active flag, failure count and last status'),
];
