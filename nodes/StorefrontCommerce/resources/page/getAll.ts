import { queryFrom } from '../../../shared/requestActions';
import { searchableListFields } from '../../helpers/searchableListFields';
import { accountId } from '../../helpers/storeFields';
import { storeCursorPaging, storeOperation } from '../../helpers/storeOperation';

export const fields = [
	accountId,
	...searchableListFields('pages', {
		displayName: 'Search Query',
		placeholder: 'e.g. title:summer',
		description: "Passed to the store's own search syntax",
	}),
];

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many pages',
	description: 'List content pages (without their HTML body), optionally filtered by a search query',
	method: 'GET',
	path: '/v1/commerce/pages',
	fields,
	preSend: [queryFrom('filters')],
	list: { ...storeCursorPaging, rootProperty: 'pages' },
});
