import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import {
	searchCatalogSyncs,
	searchMenus,
	searchMetaobjects,
	searchMetaobjectTypes,
	searchPages,
	searchRedirects,
} from './methods/listSearch';
import { actionSubtitle } from '../shared/subtitle';
import { requestOptionsField } from '../shared/rateLimit';
import { CREDENTIAL_NAME, requestDefaults } from '../shared/transport';
import { properties } from './resources';

export class StorefrontCommerce implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Storefront Commerce',
		name: 'storefrontCommerce',
		icon: { light: 'file:../../icons/storefront.svg', dark: 'file:../../icons/storefront.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: actionSubtitle(properties),
		description: 'Manage store pages, menus, redirects, metaobjects, marketing activities and catalog syncs',
		defaults: { name: 'Storefront Commerce' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		requestDefaults,
		properties: [...properties, requestOptionsField],
	};

	methods = {
		listSearch: { searchCatalogSyncs, searchMenus, searchMetaobjects, searchMetaobjectTypes, searchPages, searchRedirects },
	};
}
