import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import {
	searchAdAccounts,
	searchAdConnections,
	searchAds,
	searchAdSets,
	searchAudiences,
	searchCampaigns,
	searchKeywords,
} from './methods/listSearch';
import { actionSubtitle } from '../shared/subtitle';
import { requestOptionsField } from '../shared/rateLimit';
import { CREDENTIAL_NAME, requestDefaults } from '../shared/transport';
import { customOperations, properties } from './resources';

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
		properties: [...properties, requestOptionsField],
	};

	/** Batch operations: run once with every incoming item (see resources/index.ts). */
	customOperations = customOperations;

	methods = {
		listSearch: { searchAdAccounts, searchAdConnections, searchAds, searchAdSets, searchAudiences, searchCampaigns, searchKeywords },
	};
}
