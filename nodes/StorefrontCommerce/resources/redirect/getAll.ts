import { queryFrom } from '../../../shared/requestActions';
import { searchableListFields } from '../../helpers/searchableListFields';
import { accountId } from '../../helpers/storeFields';
import { storeCursorPaging, storeOperation } from '../../helpers/storeOperation';

export const fields = [
	accountId,
	...searchableListFields('redirects', {
		displayName: 'Path Search',
		placeholder: 'e.g. summer',
		description: "Searches the redirect paths (the store's search syntax is passed through)",
	}),
];

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many redirects',
	description: 'List URL redirects, optionally searching on the path',
	method: 'GET',
	path: '/v1/commerce/redirects',
	fields,
	preSend: [queryFrom('filters')],
	list: { ...storeCursorPaging, rootProperty: 'redirects' },
});
