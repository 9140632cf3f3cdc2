import { unwrap } from '../../../shared/requestActions';
import { accountId, pageId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, pageId];

export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a page',
	description: 'Get a page with its HTML body',
	method: 'GET',
	path: '/v1/commerce/pages/{pageId}',
	fields,
	postReceive: [unwrap('page')],
});
