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
