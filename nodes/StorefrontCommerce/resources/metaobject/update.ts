import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { additionalFields, buildFields, fieldValues, listType, metaobjectId } from '../../helpers/metaobjectFields';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, listType, metaobjectId, fieldValues, additionalFields];

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a metaobject',
	description: 'Set the given field values; fields left out keep theirs',
	method: 'PATCH',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
	fields,
	preSend: [bodyFrom('additionalFields'), buildFields],
	postReceive: [unwrap('metaobject')],
});
