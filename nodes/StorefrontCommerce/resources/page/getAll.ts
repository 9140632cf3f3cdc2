import type { INodeProperties } from 'n8n-workflow';

import { cursorList, searchableListFields } from '../../helpers/operation';

export const option = cursorList({
	plural: 'pages',
	path: '/v1/commerce/pages',
	rootProperty: 'pages',
	description: 'List content pages (without their HTML body), optionally filtered by a search query',
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = searchableListFields('pages', {
	displayName: 'Search Query',
	placeholder: 'e.g. title:summer',
	description: "Passed to the store's own search syntax",
});
