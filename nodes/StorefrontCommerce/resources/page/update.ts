import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, requireAnyField, unwrap } from '../../../shared/requestActions';
import { pageFields } from '../../helpers/pageFields';
import { accountId, pageId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [
	accountId,
	pageId,
	collection('Update Fields', 'updateFields', [...pageFields, { displayName: 'Title', name: 'title', type: 'string', default: '' }]),
];

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a page',
	description: 'Change only the fields you set',
	method: 'PATCH',
	path: '/v1/commerce/pages/{pageId}',
	fields,
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields')],
	postReceive: [unwrap('page')],
});
