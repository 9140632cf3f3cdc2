import type { IHookFunctions, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { subtitleOf, triggerDescription } from './description';
import { checkExists, create, deleteEndpoint } from './lifecycle';
import { scopeOf, STOREFRONT_TRIGGER } from './paired';
import { receive } from './receive';

/**
 * The Storefront Trigger: every event of the API (search "Storefront Trigger"; the node creator's
 * card "Storefront"). Its copies paired with the action nodes (paired.ts) share this class; the
 * events a type offers reach registration and verification through its type name (`scopeOf`).
 */
export class StorefrontTrigger implements INodeType {
	description: INodeTypeDescription = {
		...triggerDescription(STOREFRONT_TRIGGER),
		icon: { light: 'file:../../icons/storefront.svg', dark: 'file:../../icons/storefront.dark.svg' },
		subtitle: subtitleOf(STOREFRONT_TRIGGER),
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this, scopeOf(this.getNode()));
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this, scopeOf(this.getNode()));
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteEndpoint.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receive.call(this, scopeOf(this.getNode()));
	}
}
