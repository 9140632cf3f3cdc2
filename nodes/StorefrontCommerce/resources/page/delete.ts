import { markDeleted } from '../../../shared/requestActions';
import { accountId, pageId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, pageId];

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a page',
	description: 'Delete a page; this cannot be undone',
	method: 'DELETE',
	path: '/v1/commerce/pages/{pageId}',
	fields,
	postReceive: [markDeleted],
});
