import { markDeleted } from '../../../shared/requestActions';
import { listType, metaobjectId } from '../../helpers/metaobjectFields';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, listType, metaobjectId];

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a metaobject',
	description: 'Delete a metaobject; references from metafields stop resolving (hosted stores only)',
	method: 'DELETE',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
	fields,
	postReceive: [markDeleted],
});
