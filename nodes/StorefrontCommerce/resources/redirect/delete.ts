import { markDeleted } from '../../../shared/requestActions';
import { accountId, redirectId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, redirectId];

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a redirect',
	description: 'Delete a redirect; the old path shows "page not found" again',
	method: 'DELETE',
	path: '/v1/commerce/redirects/{redirectId}',
	fields,
	postReceive: [markDeleted],
});
