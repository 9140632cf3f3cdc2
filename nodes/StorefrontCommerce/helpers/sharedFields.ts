import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../shared/fieldBuilders';
import { menuItemFields } from './menuItems';
import { metaobjectFields } from './metaobjectFields';

/**
 * Fields used by several operations: one property per name for the whole node (n8n evaluates
 * a mapped value twice per item for every same-named property). Operations name the ones they
 * show in `uses`; `assembleNode` shows each on exactly those operations.
 *
 * `accountId` is shown through markers (nodes/shared/assembly.ts): catalog-sync Create and Get
 * Many send it, the catalog-sync calls by ID do not, and operation values such as Get and Delete
 * also belong to resources that send it everywhere, so no single resource × operation rectangle fits.
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
	{
		displayName: 'Store Account (for the List)',
		name: 'listAccountId',
		type: 'string',
		default: '',
		placeholder: 'e.g. store_hosted',
		description: 'Only fills the Catalog Sync list below ("From list"); not sent, since calls by ID take no store account',
	},
	resourceLocator({ displayName: 'Catalog Sync', name: 'syncId', searchListMethod: 'searchCatalogSyncs', placeholder: 'e.g. cs_000003', listedBy: 'Catalog Sync → Get Many' }),
	resourceLocator({ displayName: 'Menu', name: 'menuId', searchListMethod: 'searchMenus', placeholder: 'e.g. gid_menu_000042', listedBy: 'Menu → Get Many' }),
	resourceLocator({ displayName: 'Page', name: 'pageId', searchListMethod: 'searchPages', placeholder: 'e.g. gid_page_000123', listedBy: 'Page → Get Many' }),
	resourceLocator({ displayName: 'Redirect', name: 'redirectId', searchListMethod: 'searchRedirects', placeholder: 'e.g. gid_redirect_000007', listedBy: 'Redirect → Get Many' }),
	{
		displayName: 'Remote ID',
		name: 'remoteId',
		type: 'string',
		required: true,
		default: '',
		description: 'Your own ID of the activity (the key for create-or-update)',
	},
	...metaobjectFields,
	...menuItemFields,
];
