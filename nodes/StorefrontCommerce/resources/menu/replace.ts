import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { buildMenuItems, items, itemsInput, itemsJson } from '../../helpers/menuItems';
import { accountId, menuId, title } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [
	accountId,
	menuId,
	title,
	itemsInput,
	items,
	itemsJson,
	collection('Additional Fields', 'additionalFields', [{ displayName: 'Handle', name: 'handle', type: 'string', default: '' }]),
];

export const option = storeOperation({
	value: 'replace',
	name: 'Replace',
	action: 'Replace a menu',
	description: 'Replace the title and the whole item tree; items left out are removed',
	method: 'PUT',
	path: '/v1/commerce/menus/{menuId}',
	fields,
	inRequest: { title: 'body' },
	preSend: [bodyFrom('additionalFields'), buildMenuItems],
	postReceive: [unwrap('menu')],
});
