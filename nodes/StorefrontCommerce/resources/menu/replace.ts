import type { INodeProperties } from 'n8n-workflow';

import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { buildMenuItems } from '../../helpers/menuItems';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'replace',
	name: 'Replace',
	action: 'Replace a menu',
	description: 'Replace the title and the whole item tree; items left out are removed',
	method: 'PUT',
	path: '/v1/commerce/menus/{menuId}',
	send: { title: 'body' },
	preSend: [bodyFrom('additionalFields'), buildMenuItems],
	postReceive: [unwrap('menu')],
});

export const uses = ['accountId', 'menuId', 'title', 'itemsInput', 'items', 'itemsJson'];

export const properties: INodeProperties[] = [
	collection('Additional Fields', 'additionalFields', [{ displayName: 'Handle', name: 'handle', type: 'string', default: '' }]),
];
