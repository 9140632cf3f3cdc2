import type { INodeProperties } from 'n8n-workflow';

import { getOne } from '../../helpers/operation';

export const option = getOne({
	noun: 'menu',
	path: '/v1/commerce/menus/{menuId}',
	rootKey: 'menu',
	description: 'Get a menu with its nested items (hosted stores only)',
});

export const uses = ['accountId', 'menuId'];

export const properties: INodeProperties[] = [];
