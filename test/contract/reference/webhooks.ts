import { EVENT_TYPES } from '../../../fake-api/contract/webhooks';
import { HTTPS_URL, ISO_TIME, rl, type Endpoint, type RequestField } from './types';

/** Webhook endpoints (docs/reference/api-reference.md, "Webhook endpoints") and how Storefront Webhooks expresses each field. */

const node = 'storefrontWebhooks' as const;
const ENDPOINT = ['id', 'url', 'events', 'description', 'is_active', 'last_status', 'last_error', 'last_delivered_at', 'failure_count', 'created_at'];
const DELIVERY = ['id', 'event_id', 'event_type', 'status', 'error', 'duration_ms', 'redelivery_of', 'created_at'];
const webhookId: RequestField = { name: 'webhookId', in: 'path', type: 'string', required: true, node: { set: { webhookId: rl('$webhook') }, sends: '$webhook' } };
const events = (param: string): RequestField => ({
	name: 'events',
	in: 'body',
	type: 'string[]',
	values: EVENT_TYPES,
	node: { set: { [param]: ['post.published', 'post.failed'] }, sends: ['post.published', 'post.failed'] },
});

export const webhookEndpoints: Endpoint[] = [
	{
		method: 'POST',
		path: '/v1/webhooks',
		node,
		resource: 'webhook',
		operation: 'create',
		request: [
			{ name: 'url', in: 'body', type: 'string', required: true, pattern: HTTPS_URL, node: { set: { url: 'https://hooks.example.com/orders' }, sends: 'https://hooks.example.com/orders' } },
			events('events'),
			{ name: 'description', in: 'body', type: 'string', node: { set: { 'additionalFields.description': 'Orders' }, sends: 'Orders' } },
		],
		response: { fields: [...ENDPOINT, 'secret'] },
	},
	{
		method: 'GET',
		path: '/v1/webhooks',
		node,
		resource: 'webhook',
		operation: 'getAll',
		seed: ['webhook'],
		base: { simplify: false },
		request: [],
		// the list-level `events` (all event types) shares its name with a row field: told apart by its value
		response: { rows: { key: 'webhooks', fields: ENDPOINT }, extra: ['events'], values: { events: [...EVENT_TYPES] }, as: { events: 'eventTypes' } },
	},
	{
		method: 'PATCH',
		path: '/v1/webhooks/{webhookId}',
		node,
		resource: 'webhook',
		operation: 'update',
		seed: ['webhook'],
		request: [
			webhookId,
			{ name: 'url', in: 'body', type: 'string', pattern: HTTPS_URL, node: { set: { 'updateFields.url': 'https://hooks.example.com/new' }, sends: 'https://hooks.example.com/new' } },
			events('updateFields.events'),
			{ name: 'description', in: 'body', type: 'string', node: { set: { 'updateFields.description': 'New description' }, sends: 'New description' } },
			// "null clears"
			{ name: 'description', in: 'body', type: 'string', nullable: true, on: 'null', node: { set: { 'updateFields.clearDescription': true }, sends: null, run: 'clear' } },
			{ name: 'is_active', in: 'body', type: 'boolean', node: { set: { 'updateFields.isActive': false }, sends: false } },
		],
		response: { fields: ENDPOINT },
	},
	{
		method: 'POST',
		path: '/v1/webhooks/{webhookId}/test',
		node,
		resource: 'webhook',
		operation: 'sendTest',
		seed: ['webhook'],
		request: [webhookId],
		response: { fields: ['id', 'url', 'is_active', 'last_status', 'last_error', 'failure_count'] },
	},
	{
		method: 'GET',
		path: '/v1/webhooks/{webhookId}/deliveries',
		node,
		resource: 'delivery',
		operation: 'getAll',
		seed: ['webhook'],
		request: [
			webhookId,
			{ name: 'limit', in: 'query', type: 'integer', min: 1, max: 100, node: { set: { returnAll: false, limit: 5 }, sends: 5 } },
			{ name: 'before', in: 'query', type: 'string', pattern: ISO_TIME, node: { set: { 'filters.before': '2026-11-20T10:00:00.000Z' }, sends: '2026-11-20T10:00:00.000Z' } },
			{ name: 'failed', in: 'query', type: 'boolean', node: { set: { 'filters.failed': true }, sends: true } },
		],
		response: { rows: { key: 'deliveries', fields: DELIVERY }, paging: ['has_more'] },
	},
	{
		method: 'POST',
		path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
		node,
		resource: 'delivery',
		operation: 'redeliver',
		seed: ['webhook'],
		request: [webhookId, { name: 'deliveryId', in: 'path', type: 'string', required: true, node: { set: { deliveryId: rl('$delivery') }, sends: '$delivery' } }],
		response: { fields: DELIVERY },
	},
	{
		method: 'DELETE',
		path: '/v1/webhooks/{webhookId}',
		node,
		resource: 'webhook',
		operation: 'delete',
		seed: ['webhook'],
		request: [webhookId],
		response: { fields: ['ok'] },
	},
];
