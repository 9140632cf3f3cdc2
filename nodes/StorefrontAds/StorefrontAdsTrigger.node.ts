import { triggerDescription } from '../StorefrontTrigger/description';
import { ADS_TRIGGER } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/** The Storefront Trigger under the type name n8n's node creator pairs with Storefront Ads (paired.ts). */
export class StorefrontAdsTrigger extends StorefrontTrigger {
	constructor() {
		super();
		this.description = { ...this.description, ...triggerDescription(ADS_TRIGGER) };
	}
}
