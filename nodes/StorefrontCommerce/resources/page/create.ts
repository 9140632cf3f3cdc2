import type { INodeProperties } from 'n8n-workflow';

import { bodyFrom, collection, unwrap } from '../../../shared/descriptions';
import { storeOperation } from '../common';

export const pageFields: INodeProperties[] = [
	{
		displayName: 'Body HTML',
		name: 'bodyHtml',
		type: 'string',
		typeOptions: { editor: 'htmlEditor' },
		default: '',
		description: 'Content of the page, as HTML',
	},
	{ displayName: 'Handle', name: 'handle', type: 'string', default: '', description: 'URL handle, e.g. about-us (made from the title when empty)' },
	{ displayName: 'Published', name: 'isPublished', type: 'boolean', default: true, description: 'Whether the page is visible in the store' },
];

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a page',
	description: 'Create a content page',
	method: 'POST',
	url: '/v1/commerce/pages',
	preSend: [bodyFrom('additionalFields')],
	postReceive: [unwrap('page')],
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		routing: { send: { type: 'body', property: 'title' } },
	},
	collection('Additional Fields', 'additionalFields', pageFields),
];
