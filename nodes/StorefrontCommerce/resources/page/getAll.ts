import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { searchQueryFilter, storeOperation } from '../common';

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
	searchQueryFilter('Search Query', 'e.g. title:summer', "Passed to the store's own search syntax"),
];
