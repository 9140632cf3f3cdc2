import type { INodeProperties } from 'n8n-workflow';

import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a page',
	description: 'Delete a page; this cannot be undone',
	method: 'DELETE',
	path: '/v1/commerce/pages/{pageId}',
});

export const uses = ['accountId', 'pageId'];

export const properties: INodeProperties[] = [];
