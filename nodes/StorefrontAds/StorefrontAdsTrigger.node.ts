import { pairedTrigger } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/** The Storefront Trigger as n8n's node creator offers it from this node's card (see paired.ts). */
export class StorefrontAdsTrigger extends StorefrontTrigger {
	constructor() {
		super();
		this.description = pairedTrigger(
			this.description,
			'storefrontAds',
			'Connect ad networks, boost your best posts, run campaigns, ad sets, ads, audiences and keywords, and read insights (new ads are created paused by default)',
		);
	}
}
