import { pairedTrigger } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/**
 * The Storefront Trigger again, under the type name storefrontAdsTrigger: n8n's node creator lists
 * a trigger in an action node's card only when its type is the node's name plus "Trigger", so
 * one trigger appears as four types (the Commerce, Ads and Webhooks pairs, and storefrontTrigger
 * that saved workflows use). Same fields, same webhook lifecycle (paired.ts).
 */
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
