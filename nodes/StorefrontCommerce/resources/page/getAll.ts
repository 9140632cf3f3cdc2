import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { storeOperation } from '../common';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many pages',
	description: 'List content pages (without their HTML body), optionally filtered by a search query',
	method: 'GET',
	url: '/v1/commerce/pages',
	list: { style: 'cursor', rootProperty: 'pages', maxPageSize: 100 },
});

export const properties: INodeProperties[] = [
	...returnAllOrLimit('pages'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Search Query',
				name: 'query',
				type: 'string',
				default: '',
				placeholder: 'e.g. title:summer',
				description: "Passed to the store's own search syntax",
				routing: { send: { type: 'query', property: 'query' } },
			},
		],
	},
];
