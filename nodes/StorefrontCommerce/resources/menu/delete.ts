import type { INodeProperties } from 'n8n-workflow';

import { deleteOne } from '../../helpers/operation';

export const option = deleteOne({ noun: 'menu', path: '/v1/commerce/menus/{menuId}', description: 'Delete a menu (hosted stores only)' });

export const uses = ['accountId', 'menuId'];

export const properties: INodeProperties[] = [];
