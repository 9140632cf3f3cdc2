import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties } from '../shared/assembly';
import { registerLocators } from '../shared/fieldBuilders';
import { oneDeclarationPerName } from '../shared/oneDeclarationPerName';
import { actionSubtitle } from '../shared/subtitle';
import { toolDescriptionField } from '../shared/toolDescription';
import { requestOptionsField } from '../shared/requestOptionsField';
import { CREDENTIAL_NAME, requestDefaults } from '../shared/requestDefaults';
import { searchDeliveries, searchWebhooks } from './methods/listSearch';
import { getEvents } from './methods/loadOptions';
import { webhooksResources } from './resources';
import { webhooksLocators } from './helpers/webhookFields';

registerLocators('storefrontWebhooks', webhooksLocators);

/** Plain n8n properties (each operation's fields, shown for it), then one declaration per name. */
const plainProperties = nodeProperties(webhooksResources, 'webhook');
const properties = [...oneDeclarationPerName(plainProperties), toolDescriptionField('storefrontWebhooks', plainProperties), requestOptionsField];

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
		properties,
	};

	methods = {
		listSearch: { searchWebhooks, searchDeliveries },
		loadOptions: { getEvents },
	};
}
