import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../shared/fields';

/**
 * Fields used by several operations: one property per name for the whole node (n8n evaluates
 * a mapped value once per same-named property, twice per item). Operations name the ones they
 * show in `uses`; `assembleNode` shows each on exactly those operations.
 */
export const sharedFields: INodeProperties[] = [
	{
		displayName: 'Store Account',
		name: 'accountId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. store_hosted',
		description:
			'ID of the connected store account. Menus, metaobjects, redirects and deleting marketing activities work on hosted stores only.',
	},
	resourceLocator({ displayName: 'Page', name: 'pageId', searchListMethod: 'searchPages', placeholder: 'e.g. gid_page_000123' }),
];
