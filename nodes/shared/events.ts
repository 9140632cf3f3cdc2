import type { INodePropertyOptions } from 'n8n-workflow';

/** The event types of the API (GET /v1/webhooks answers the same list under `events`). */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Account Connected', value: 'account.connected', description: 'An account was connected' },
	{ name: 'Account Disconnected', value: 'account.disconnected', description: 'An account was disconnected' },
	{ name: 'Comment Received', value: 'comment.received', description: 'A comment landed on a post' },
	{ name: 'Message Delivered', value: 'message.delivered', description: 'A message was delivered' },
	{ name: 'Message Failed', value: 'message.failed', description: 'A message failed' },
	{ name: 'Message Read', value: 'message.read', description: 'A message was read' },
	{ name: 'Message Received', value: 'message.received', description: 'A direct message arrived' },
	{ name: 'Message Sent', value: 'message.sent', description: 'A message was sent' },
	{ name: 'Post Cancelled', value: 'post.cancelled', description: 'A post was cancelled' },
	{ name: 'Post Failed', value: 'post.failed', description: 'A post failed' },
	{ name: 'Post Partial', value: 'post.partial', description: 'A post partly published' },
	{ name: 'Post Published', value: 'post.published', description: 'A post was published' },
	{ name: 'Post Scheduled', value: 'post.scheduled', description: 'A post was scheduled' },
	{ name: 'Webhook Test', value: 'webhook.test', description: 'Sent by "Send a test event"' },
];

/** Options for an event list returned by the API; names for types this package does not know yet are derived. */
export function eventOptions(types: string[]): INodePropertyOptions[] {
	return types.map(
		(type) =>
			EVENT_OPTIONS.find((o) => o.value === type) ?? {
				name: type.replace(/[._]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
				value: type,
			},
	);
}

/** The trigger's "All Events" value. */
export const ALL_EVENTS = '*';

/** What POST /v1/webhooks/{id}/test sends: anyone with the API key can send it at will. */
export const TEST_EVENT = 'webhook.test';

/**
 * The events a trigger type offers: every event of the API ('all': test events only when chosen,
 * and types the API adds later), or only these (All Events then means these).
 */
export type EventScope = 'all' | readonly string[];

/** The Storefront Ads Trigger's events: a new post to boost, an account connected or lost. */
export const ADS_EVENTS: readonly string[] = ['post.published', 'account.connected', 'account.disconnected'];

/** The events a trigger starts the workflow for, in the API's form: [] means every event. */
export function wantedEvents(chosen: string[], scope: EventScope): string[] {
	const all = chosen.length === 0 || chosen.includes(ALL_EVENTS);
	if (!all) return [...chosen].sort();
	if (scope === 'all') return [];
	// a test event chosen beside All Events stays chosen
	return [...new Set([...scope, ...chosen.filter((c) => c === TEST_EVENT)])].sort();
}

/**
 * Whether a delivery of this type starts the workflow. A test event starts it only when chosen by
 * name, or while the editor listens for a test event (`listening`): All Events means the API's
 * events, not a test anyone holding the API key can send.
 */
export function acceptsEvent(chosen: string[], type: string, scope: EventScope, listening: boolean): boolean {
	if (type === TEST_EVENT) return listening || chosen.includes(TEST_EVENT);
	const wanted = wantedEvents(chosen, scope);
	return wanted.length === 0 || wanted.includes(type);
}
