import type { INodeProperties } from 'n8n-workflow';

import { unwrap } from '../../../shared/requestActions';
import { buildMenuItems } from '../../helpers/menuItems';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a menu',
	description: 'Create a navigation menu with its items (hosted stores only)',
	method: 'POST',
	path: '/v1/commerce/menus',
	send: { title: 'body', handle: 'body' },
	preSend: [buildMenuItems],
	postReceive: [unwrap('menu')],
});

export const uses = ['accountId', 'title', 'itemsInput', 'items', 'itemsJson'];

export const properties: INodeProperties[] = [
	{ displayName: 'Handle', name: 'handle', type: 'string', required: true, default: '', placeholder: 'main-menu' },
];
