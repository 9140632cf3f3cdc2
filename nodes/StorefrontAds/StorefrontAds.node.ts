import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import {
	searchAdAccounts,
	searchAdConnections,
	searchAds,
	searchAdSets,
	searchAudiences,
	searchBestPosts,
	searchCampaigns,
	searchEveryAdAccount,
	searchKeywords,
	searchPronetPages,
	searchVideonetIdentities,
} from './methods/listSearch';
import { nodeProperties } from '../shared/assembly';
import { registerLocators } from '../shared/fieldBuilders';
import { oneDeclarationPerName } from '../shared/oneDeclarationPerName';
import { actionSubtitle } from '../shared/subtitle';
import { toolDescriptionField } from '../shared/toolDescription';
import { requestOptionsField } from '../shared/requestOptionsField';
import { CREDENTIAL_NAME, requestDefaults } from '../shared/requestDefaults';
import { customOperations, adsResources } from './resources';
import { spendCapsNote } from './helpers/spends';
import { adsLocators } from './helpers/adsLocators';

registerLocators('storefrontAds', adsLocators);

/** Plain n8n properties (each operation's fields, shown for it), then one declaration per name. */
const plainProperties = nodeProperties(adsResources, 'ad');
const properties = [...oneDeclarationPerName(plainProperties), toolDescriptionField('storefrontAds', plainProperties, spendCapsNote), requestOptionsField];

export class StorefrontAds implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Storefront Ads',
		name: 'storefrontAds',
		icon: { light: 'file:../../icons/storefront.svg', dark: 'file:../../icons/storefront.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: actionSubtitle(properties),
		description:
			'Connect ad networks, boost your best posts, run campaigns, ad sets, ads, audiences and keywords, and read insights (new ads are created paused by default)',
		defaults: { name: 'Storefront Ads' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		requestDefaults,
		properties,
	};

	/** Batch operations: run once with every incoming item (see resources/index.ts). */
	customOperations = customOperations;

	methods = {
		listSearch: {
			searchAdAccounts,
			searchAdConnections,
			searchAds,
			searchAdSets,
			searchAudiences,
			searchBestPosts,
			searchCampaigns,
			searchEveryAdAccount,
			searchKeywords,
			searchPronetPages,
			searchVideonetIdentities,
		},
	};
}
