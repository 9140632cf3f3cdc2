import type { INodeProperties } from 'n8n-workflow';

import { cursorList, searchableListFields } from '../../helpers/operation';

export const option = cursorList({
	plural: 'redirects',
	path: '/v1/commerce/redirects',
	rootProperty: 'redirects',
	description: 'List URL redirects, optionally searching on the path',
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = searchableListFields('redirects', {
	displayName: 'Path Search',
	placeholder: 'e.g. summer',
	description: "Searches the redirect paths (the store's search syntax is passed through)",
});
