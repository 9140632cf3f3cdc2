import { pairedTrigger } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/** The Storefront Trigger as n8n's node creator offers it from this node's card (see paired.ts). */
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
