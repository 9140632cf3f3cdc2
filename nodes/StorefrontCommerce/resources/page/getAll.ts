import type { INodeProperties } from 'n8n-workflow';

import { queryFrom } from '../../../shared/requestActions';
import { searchableListFields } from '../../helpers/searchableListFields';
import { storeCursorPaging, storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many pages',
	description: 'List content pages (without their HTML body), optionally filtered by a search query',
	method: 'GET',
	path: '/v1/commerce/pages',
	preSend: [queryFrom('filters')],
	list: { ...storeCursorPaging, rootProperty: 'pages' },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = searchableListFields('pages', {
	displayName: 'Search Query',
	placeholder: 'e.g. title:summer',
	description: "Passed to the store's own search syntax",
});
