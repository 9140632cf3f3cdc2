import { accountId, redirectId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, redirectId];

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a redirect',
	description: 'Delete a redirect; the old path answers 404 again',
	method: 'DELETE',
	path: '/v1/commerce/redirects/{redirectId}',
	fields,
});
