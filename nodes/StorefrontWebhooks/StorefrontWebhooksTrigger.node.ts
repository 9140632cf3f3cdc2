import { triggerDescription } from '../StorefrontTrigger/description';
import { WEBHOOKS_TRIGGER } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/** The Storefront Trigger under the type name n8n's node creator pairs with Storefront Webhooks (paired.ts). */
export class StorefrontWebhooksTrigger extends StorefrontTrigger {
	constructor() {
		super();
		this.description = { ...this.description, ...triggerDescription(WEBHOOKS_TRIGGER) };
	}
}
