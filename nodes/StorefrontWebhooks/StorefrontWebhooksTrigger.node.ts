import { pairedTrigger } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/** The Storefront Trigger as n8n's node creator offers it from this node's card (see paired.ts). */
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
