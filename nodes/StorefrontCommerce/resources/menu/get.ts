import { unwrap } from '../../../shared/requestActions';
import { accountId, menuId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, menuId];

export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a menu',
	description: 'Get a menu with its nested items (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/menus/{menuId}',
	fields,
	postReceive: [unwrap('menu')],
});
