import { actionName } from '../../shared/actionNames';
import { field, resourceLocator } from '../../shared/fieldBuilders';

/**
 * Fields several store operations show. Each operation imports the ones it shows into its
 * `fields`; the node declares each name once (nodes/shared/oneDeclarationPerName.ts).
 */

export const accountId = field({
	displayName: 'Store Account',
	name: 'accountId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. store_hosted',
	description: 'ID of the connected store account. Menus, metaobjects, redirects and deleting marketing activities work on hosted stores only.',
});

export const listAccountId = field({
	displayName: 'Store Account (for the List)',
	name: 'listAccountId',
	type: 'string',
	default: '',
	placeholder: 'e.g. store_hosted',
	description: 'Only fills the Catalog Sync list below ("From list"); not sent, since calls by ID take no store account',
});

export const syncId = resourceLocator({ displayName: 'Catalog Sync', name: 'syncId', searchListMethod: 'searchCatalogSyncs', placeholder: 'e.g. cs_000003', listedBy: actionName('catalogSync', 'getAll') });
export const menuId = resourceLocator({ displayName: 'Menu', name: 'menuId', searchListMethod: 'searchMenus', placeholder: 'e.g. gid_menu_000042', listedBy: actionName('menu', 'getAll') });
export const pageId = resourceLocator({ displayName: 'Page', name: 'pageId', searchListMethod: 'searchPages', placeholder: 'e.g. gid_page_000123', listedBy: actionName('page', 'getAll') });
export const redirectId = resourceLocator({ displayName: 'Redirect', name: 'redirectId', searchListMethod: 'searchRedirects', placeholder: 'e.g. gid_redirect_000007', listedBy: actionName('redirect', 'getAll') });

/** The locators of this file, registered by StorefrontCommerce.node.ts (fieldBuilders.ts registerLocators). */
export const storeLocators = [syncId, menuId, pageId, redirectId];

export const remoteId = field({
	displayName: 'Remote ID',
	name: 'remoteId',
	type: 'string',
	required: true,
	default: '',
	description: 'Your own ID of the activity (the key for create-or-update)',
});

/** The name of a menu, the title of a page, the name of a marketing activity in the store's Marketing section. */
export const title = field({
	displayName: 'Title',
	name: 'title',
	type: 'string',
	required: true,
	default: '',
	description: "The menu's name (e.g. Main menu), the page's title, or the marketing activity's name in the store's Marketing section",
});
