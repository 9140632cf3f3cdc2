import type { INodeProperties } from 'n8n-workflow';

import { unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a menu',
	description: 'Get a menu with its nested items (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/menus/{menuId}',
	postReceive: [unwrap('menu')],
});

export const uses = ['accountId', 'menuId'];

export const properties: INodeProperties[] = [];
