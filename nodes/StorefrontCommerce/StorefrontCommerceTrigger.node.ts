import { triggerDescription } from '../StorefrontTrigger/description';
import { COMMERCE_TRIGGER } from '../StorefrontTrigger/paired';
import { StorefrontTrigger } from '../StorefrontTrigger/StorefrontTrigger.node';

/** Kept so saved workflows with this type load and run; hidden from the node creator: no event concerns the store (paired.ts). */
export class StorefrontCommerceTrigger extends StorefrontTrigger {
	constructor() {
		super();
		this.description = { ...this.description, ...triggerDescription(COMMERCE_TRIGGER) };
	}
}
