import { markDeleted } from '../../../shared/requestActions';
import { accountId, menuId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, menuId];

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a menu',
	description: 'Delete a menu (hosted stores only)',
	method: 'DELETE',
	path: '/v1/commerce/menus/{menuId}',
	fields,
	postReceive: [markDeleted],
});
