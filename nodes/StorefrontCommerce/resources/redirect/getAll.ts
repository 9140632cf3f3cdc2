import type { INodeProperties } from 'n8n-workflow';

import { queryFrom } from '../../../shared/requestActions';
import { searchableListFields } from '../../helpers/searchableListFields';
import { storeCursorPaging, storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many redirects',
	description: 'List URL redirects, optionally searching on the path',
	method: 'GET',
	path: '/v1/commerce/redirects',
	preSend: [queryFrom('filters')],
	list: { ...storeCursorPaging, rootProperty: 'redirects' },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = searchableListFields('redirects', {
	displayName: 'Path Search',
	placeholder: 'e.g. summer',
	description: "Searches the redirect paths (the store's search syntax is passed through)",
});
