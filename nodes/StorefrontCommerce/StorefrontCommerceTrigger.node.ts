import { pairedTrigger } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/**
 * The Storefront Trigger again, under the type name storefrontCommerceTrigger: n8n's node creator lists
 * a trigger in an action node's card only when its type is the node's name plus "Trigger", so
 * one trigger appears as four types (the Commerce, Ads and Webhooks pairs, and storefrontTrigger
 * that saved workflows use). Same fields, same webhook lifecycle (paired.ts).
 */
export class StorefrontCommerceTrigger extends StorefrontTrigger {
	constructor() {
		super();
		this.description = pairedTrigger(
			this.description,
			'storefrontCommerce',
			'Manage store pages, menus, redirects, metaobjects, marketing activities and catalog syncs',
		);
	}
}
