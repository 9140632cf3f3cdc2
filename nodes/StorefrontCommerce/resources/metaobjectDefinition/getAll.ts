import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, ...returnAllOrLimit('definitions')];

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many metaobject definitions',
	description: 'List the metaobject definitions of the store; their type is what metaobject calls take',
	method: 'GET',
	path: '/v1/commerce/metaobject-definitions',
	fields,
	// one response, no paging: Limit is applied to the rows under `definitions`
	list: { style: 'none', rootProperty: 'definitions' },
});
