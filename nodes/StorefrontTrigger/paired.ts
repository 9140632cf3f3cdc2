import type { INodeTypeDescription } from 'n8n-workflow';

/**
 * The Storefront Trigger under the type name n8n's node creator pairs with an action node.
 *
 * The editor lists a trigger inside an action node's card (Triggers beside Actions, and in the
 * node's "add a trigger" list) only when the trigger's type name is the node's plus "Trigger":
 * storefrontCommerce ↔ storefrontCommerceTrigger (n8n 2.41.1, useActionsGeneration). One type
 * cannot pair with three nodes, so each action node gets the same trigger (same fields, same
 * webhook lifecycle) under its paired name. storefrontTrigger stays the standalone one, and the
 * one saved workflows use. Each paired type has a display name of its own ("Storefront Commerce
 * Trigger"): n8n keys installed community nodes by display name (test/package/display-names.test.ts).
 */
export function pairedTrigger(trigger: INodeTypeDescription, actionNode: string, actionDescription: string): INodeTypeDescription {
	return {
		...trigger,
		name: `${actionNode}Trigger`,
		displayName: `Storefront ${actionNode.replace(/^storefront/, '')} Trigger`,
		// n8n shows the trigger's description on the merged card: keep the action node's first
		description: `${actionDescription}; or start a workflow on Storefront events`,
	};
}
