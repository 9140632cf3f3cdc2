import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import {
	searchCatalogSyncs,
	searchMenus,
	searchMetaobjects,
	searchMetaobjectTypes,
	searchPages,
	searchRedirects,
} from './methods/listSearch';
import { nodeProperties } from '../shared/assembly';
import { registerLocators } from '../shared/fieldBuilders';
import { oneDeclarationPerName } from '../shared/oneDeclarationPerName';
import { actionSubtitle } from '../shared/subtitle';
import { toolDescriptionField } from '../shared/toolDescription';
import { requestOptionsField } from '../shared/requestOptionsField';
import { CREDENTIAL_NAME, requestDefaults } from '../shared/requestDefaults';
import { commerceResources } from './resources';
import { metaobjectLocators } from './helpers/metaobjectFields';
import { storeLocators } from './helpers/storeFields';

registerLocators('storefrontCommerce', [...storeLocators, ...metaobjectLocators]);

/** Plain n8n properties (each operation's fields, shown for it), then one declaration per name. */
const plainProperties = nodeProperties(commerceResources, 'page');
const properties = [...oneDeclarationPerName(plainProperties), toolDescriptionField('storefrontCommerce', plainProperties), requestOptionsField];

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
		properties,
	};

	methods = {
		listSearch: { searchCatalogSyncs, searchMenus, searchMetaobjects, searchMetaobjectTypes, searchPages, searchRedirects },
	};
}
