import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { searchQueryFilter, storeOperation } from '../common';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many redirects',
	description: 'List URL redirects, optionally searching on the path',
	method: 'GET',
	url: '/v1/commerce/redirects',
	list: { style: 'cursor', rootProperty: 'redirects', maxPageSize: 100 },
});

export const properties: INodeProperties[] = [
	...returnAllOrLimit('redirects'),
	searchQueryFilter('Path Search', 'e.g. summer', "Searches the redirect paths (the store's search syntax is passed through)"),
];
