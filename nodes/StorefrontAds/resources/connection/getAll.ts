import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many ad connections',
	description: 'List the connected ad network logins (acc_ IDs) and whether they need reconnecting',
	method: 'GET',
	path: '/v1/ads/connections',
	list: { style: 'none', rootProperty: 'connections' },
});

export const properties: INodeProperties[] = returnAllOrLimit('connections');
