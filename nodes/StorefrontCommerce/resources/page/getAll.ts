import type { INodeProperties } from 'n8n-workflow';

import { collection, returnAllOrLimit } from '../../../shared/fields';
import { queryFrom } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/operation';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many pages',
	description: 'List content pages (without their HTML body), optionally filtered by a search query',
	method: 'GET',
	path: '/v1/commerce/pages',
	preSend: [queryFrom('filters')],
	list: { style: 'cursor', rootProperty: 'pages', maxPageSize: 100 },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = [
	...returnAllOrLimit('pages'),
	collection(
		'Filters',
		'filters',
		[{ displayName: 'Search Query', name: 'query', type: 'string', default: '', placeholder: 'e.g. title:summer', description: "Passed to the store's own search syntax" }],
		'Add Filter',
	),
];
