import type { INodeProperties } from 'n8n-workflow';

/** The optional page fields of Create, which Update also takes (with Title). */
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
