import { z } from 'zod';

/** Webhook endpoints and deliveries: request and response shapes of docs/reference/api-reference.md + contract.md. */

export const EVENT_TYPES = [
	'post.scheduled',
	'post.published',
	'post.failed',
	'post.partial',
	'post.cancelled',
	'account.connected',
	'account.disconnected',
	'comment.received',
	'message.received',
	'message.sent',
	'message.delivered',
	'message.read',
	'message.failed',
	'webhook.test',
] as const;

export const eventType = z.enum(EVENT_TYPES);

/** docs/reference/contract.md, "Further decisions": webhook URLs must be `https:`; test mode also accepts http to these hosts. */
export const TEST_MODE_HTTP_HOSTS = ['127.0.0.1', 'localhost'];

export function webhookUrlAllowed(url: string, testMode: boolean): boolean {
	const parsed = new URL(url);
	if (parsed.protocol === 'https:') return true;
	return testMode && parsed.protocol === 'http:' && TEST_MODE_HTTP_HOSTS.includes(parsed.hostname);
}

const timestamp = z.string().datetime({ offset: true });

export const createWebhookBody = z
	.object({
		url: z.string().url(),
		events: z.array(eventType).optional(),
		description: z.string().max(500).nullable().optional(),
	})
	.strict();

export const updateWebhookBody = z
	.object({
		url: z.string().url().optional(),
		events: z.array(eventType).optional(),
		description: z.string().max(500).nullable().optional(),
		is_active: z.boolean().optional(),
	})
	.strict();

export const emptyBody = z.union([z.object({}).strict(), z.undefined()]);

const booleanString = z.enum(['true', 'false']).transform((v) => v === 'true');

export const deliveriesQuery = z
	.object({
		limit: z.coerce.number().int().min(1).max(100).default(25),
		before: timestamp.optional(),
		failed: booleanString.optional(),
	})
	.strict();

export const noQuery = z.object({}).strict();

export const webhookEndpoint = z.object({
	id: z.string().uuid(),
	url: z.string().url(),
	events: z.array(eventType),
	description: z.string().nullable(),
	is_active: z.boolean(),
	last_status: z.number().int().nullable(),
	last_error: z.string().nullable(),
	last_delivered_at: timestamp.nullable(),
	failure_count: z.number().int(),
	created_at: timestamp,
});

export const createdWebhook = webhookEndpoint.extend({ secret: z.string().min(16) });

export const listWebhooksResponse = z.object({
	webhooks: z.array(webhookEndpoint.strict()),
	events: z.array(eventType),
});

export const testWebhookResponse = z.object({
	id: z.string().uuid(),
	url: z.string().url(),
	is_active: z.boolean(),
	last_status: z.number().int().nullable(),
	last_error: z.string().nullable(),
	failure_count: z.number().int(),
});

export const delivery = z.object({
	id: z.string().uuid(),
	event_id: z.string().startsWith('evt_'),
	event_type: eventType,
	status: z.number().int(),
	error: z.string().nullable(),
	duration_ms: z.number().int(),
	redelivery_of: z.string().uuid().nullable(),
	created_at: timestamp,
});

export const deliveriesResponse = z.object({ deliveries: z.array(delivery), has_more: z.boolean() });

/** The envelope POSTed to a receiver (docs/reference/contract.md, "Webhook deliveries"). */
export const eventEnvelope = z.object({
	id: z.string().startsWith('evt_'),
	event: eventType,
	timestamp,
	data: z.record(z.string(), z.unknown()),
});

/** The same event in the live service's timestamped dialect: `type`, `created` in unix seconds. */
export const timestampedEnvelope = z
	.object({
		id: z.string().startsWith('evt_'),
		type: eventType,
		created: z.number().int().positive(),
		data: z.record(z.string(), z.unknown()),
	})
	.strict();

/** The same event as its sibling service sends it: the objects at the top level, no `data`. */
export const flatEnvelope = z
	.object({ id: z.string().startsWith('evt_'), event: eventType, timestamp })
	.catchall(z.unknown())
	.refine((envelope) => !('data' in envelope), 'the flat dialect has no data');

export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export type Delivery = z.infer<typeof delivery>;
export type EventEnvelope = z.infer<typeof eventEnvelope>;
export type EventType = (typeof EVENT_TYPES)[number];
