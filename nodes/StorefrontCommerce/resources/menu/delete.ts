import type { INodeProperties } from 'n8n-workflow';

import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a menu',
	description: 'Delete a menu (hosted stores only)',
	method: 'DELETE',
	path: '/v1/commerce/menus/{menuId}',
});

export const uses = ['accountId', 'menuId'];

export const properties: INodeProperties[] = [];
