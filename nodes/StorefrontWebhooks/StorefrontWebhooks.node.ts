import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { actionSubtitle } from '../shared/subtitle';
import { requestOptionsField } from '../shared/rateLimit';
import { CREDENTIAL_NAME, requestDefaults } from '../shared/transport';
import { searchDeliveries, searchWebhooks } from './methods/listSearch';
import { getEvents } from './methods/loadOptions';
import { properties } from './resources';

export class StorefrontWebhooks implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Storefront Webhooks',
		name: 'storefrontWebhooks',
		icon: { light: 'file:../../icons/storefront.svg', dark: 'file:../../icons/storefront.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: actionSubtitle(properties),
		description: 'Register webhook endpoints of the Storefront API, send test events and inspect deliveries',
		defaults: { name: 'Storefront Webhooks' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		requestDefaults,
		properties: [...properties, requestOptionsField],
	};

	methods = {
		listSearch: { searchWebhooks, searchDeliveries },
		loadOptions: { getEvents },
	};
}
