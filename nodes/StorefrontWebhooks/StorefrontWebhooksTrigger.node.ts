import { pairedTrigger } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/**
 * The Storefront Trigger again, under the type name storefrontWebhooksTrigger: n8n's node creator lists
 * a trigger in an action node's card only when its type is the node's name plus "Trigger", so
 * one trigger appears as four types (the Commerce, Ads and Webhooks pairs, and storefrontTrigger
 * that saved workflows use). Same fields, same webhook lifecycle (paired.ts).
 */
export class StorefrontWebhooksTrigger extends StorefrontTrigger {
	constructor() {
		super();
		this.description = pairedTrigger(
			this.description,
			'storefrontWebhooks',
			'Register webhook endpoints of the Storefront API, send test events and inspect deliveries',
		);
	}
}
