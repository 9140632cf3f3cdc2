import type { INode } from 'n8n-workflow';

import { ADS_EVENTS, type EventScope } from '../shared/events';
import type { TriggerKind } from './description';

/**
 * The Storefront Trigger under the type names n8n's node creator pairs with an action node.
 *
 * The editor lists a trigger inside an action node's card (Triggers beside Actions) only when the
 * trigger's type name is the node's plus "Trigger" (storefrontAds ↔ storefrontAdsTrigger, n8n
 * 2.41.1's useActionsGeneration), and the card then shows the trigger's description. So each copy
 * offers only the events that belong with its node, and says so. Each has a display name of its
 * own: n8n keys installed community nodes by display name (test/package/display-names.test.ts).
 */

/** The standalone trigger: every event of the API. */
export const STOREFRONT_TRIGGER: TriggerKind = {
	name: 'storefrontTrigger',
	displayName: 'Storefront Trigger',
	description: 'Starts the workflow on Storefront events: posts, comments, direct messages and account connections',
	scope: 'all',
	source: 'posts, comments, direct messages and account connections, on every connected network',
	allEvents: 'All Events',
};

/** The Webhooks node registers endpoints and sends test events: every event, the test event too. */
export const WEBHOOKS_TRIGGER: TriggerKind = {
	name: 'storefrontWebhooksTrigger',
	displayName: 'Storefront Webhooks Trigger',
	description: 'Starts the workflow when Storefront sends an event: posts, comments, direct messages, account connections, or a test event',
	scope: 'all',
	source: 'posts, comments, direct messages and account connections, on every connected network',
	allEvents: 'All Events',
};

/** The Ads node's events: a post to boost, an account connected or lost. */
export const ADS_TRIGGER: TriggerKind = {
	name: 'storefrontAdsTrigger',
	displayName: 'Storefront Ads Trigger',
	description: 'Starts the workflow when a post is published, e.g. to boost it, or when an account is connected or disconnected',
	scope: ADS_EVENTS,
	source: 'a post published, an account connected or disconnected',
	allEvents: 'All Ads Events',
};

/**
 * No event concerns the store (pages, menus, redirects …): not offered in the node creator, kept
 * so that saved workflows with this type still load and run, with every event as before.
 */
export const COMMERCE_TRIGGER: TriggerKind = {
	name: 'storefrontCommerceTrigger',
	displayName: 'Storefront Commerce Trigger',
	description: 'Starts the workflow on Storefront events. Kept for saved workflows: use Storefront Trigger for new ones.',
	scope: 'all',
	source: 'posts, comments, direct messages and account connections, on every connected network',
	allEvents: 'All Events',
	hidden: true,
};

const KINDS = [STOREFRONT_TRIGGER, WEBHOOKS_TRIGGER, ADS_TRIGGER, COMMERCE_TRIGGER];

/** The events a trigger node's type offers, from its type name (`<package>.storefrontAdsTrigger`, `CUSTOM.…`). */
export function scopeOf(node: INode): EventScope {
	const name = node.type.slice(node.type.lastIndexOf('.') + 1);
	return KINDS.find((kind) => kind.name === name)?.scope ?? 'all';
}
