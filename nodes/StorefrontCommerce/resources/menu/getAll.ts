import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, ...returnAllOrLimit('menus')];

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many menus',
	description: 'List navigation menus with their items (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/menus',
	fields,
	// one response, no paging: Limit is applied to the rows under `menus`
	list: { style: 'none', rootProperty: 'menus' },
});
