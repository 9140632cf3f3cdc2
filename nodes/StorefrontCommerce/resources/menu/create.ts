import { field } from '../../../shared/fieldBuilders';
import { unwrap } from '../../../shared/requestActions';
import { buildMenuItems, items, itemsInput, itemsJson } from '../../helpers/menuItems';
import { accountId, title } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [
	accountId,
	title,
	itemsInput,
	items,
	itemsJson,
	field({ displayName: 'Handle', name: 'handle', type: 'string', required: true, default: '', placeholder: 'e.g. main-menu' }),
];

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a menu',
	description: 'Create a navigation menu with its items (hosted stores only)',
	method: 'POST',
	path: '/v1/commerce/menus',
	fields,
	inRequest: { title: 'body', handle: 'body' },
	preSend: [buildMenuItems],
	postReceive: [unwrap('menu')],
});
