import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { additionalFields, buildFields, definitionType, fieldValues, type } from '../../helpers/metaobjectFields';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, type, fieldValues, additionalFields];

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a metaobject',
	description: 'Create a metaobject of a definition type (hosted stores only)',
	method: 'POST',
	path: '/v1/commerce/metaobjects',
	fields,
	inRequest: { type: definitionType('body') },
	preSend: [bodyFrom('additionalFields'), buildFields],
	postReceive: [unwrap('metaobject')],
});
