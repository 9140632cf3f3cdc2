import { unwrap } from '../../../shared/requestActions';
import { listType, metaobjectId } from '../../helpers/metaobjectFields';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, listType, metaobjectId];

export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a metaobject',
	description: 'Get a metaobject with its fields (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
	fields,
	postReceive: [unwrap('metaobject')],
});
