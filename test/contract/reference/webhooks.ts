import { webhooksResources } from '../../../nodes/StorefrontWebhooks/resources';
import { rl, type NodeWay } from './types';
import { referenceEndpoints } from './parse';
import { endpointsOf, type AreaWays } from './ways';

/**
 * How Storefront Webhooks expresses the webhook endpoints (docs/reference/api-reference.md,
 * "Webhook endpoints", read by parse.ts): the values each test run sets and expects, and the
 * variant the text gives in words. An endpoint or field not listed here is set by the operation's
 * parameter of the field's name (ways.ts).
 */

const same = (name: string, value: unknown, sends: unknown = value): NodeWay => ({ set: { [name]: value as never }, sends });
const events = (param: string) => same(param, ['post.published', 'post.failed']);

export const webhookWays: AreaWays = {
	node: 'storefrontWebhooks',
	resources: webhooksResources,
	paths: /^\/v1\/webhooks/,
	endpoints: {
		'POST /v1/webhooks': { fields: { url: same('url', 'https://hooks.example.com/orders'), events: events('events'), description: same('additionalFields.description', 'Orders') } },
		'GET /v1/webhooks': {
			seed: ['webhook'],
			base: { simplify: false },
			// the list-level `events` (all event types) shares its name with a row field: told apart by its value, kept as eventTypes
			output: { as: { events: 'eventTypes' } },
		},
		'PATCH /v1/webhooks/{webhookId}': {
			seed: ['webhook'],
			fields: {
				url: same('updateFields.url', 'https://hooks.example.com/new'),
				events: events('updateFields.events'),
				description: same('updateFields.description', 'New description'),
				is_active: same('updateFields.isActive', false),
			},
			reference: {
				// "description (null clears)": a second value of the field, in a run of its own
				extra: [{ name: 'description', in: 'body', type: 'string', nullable: true, on: 'null', node: { set: { 'updateFields.clearDescription': true }, sends: null, run: 'clear' } }],
			},
		},
		'GET /v1/webhooks/{webhookId}/deliveries': {
			seed: ['webhook'],
			fields: {
				limit: { set: { returnAll: false, limit: 5 }, sends: 5 },
				before: same('filters.before', '2026-11-20T10:00:00.000Z'),
				failed: same('filters.failed', true),
			},
		},
		'POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': { seed: ['webhook'], fields: { deliveryId: same('deliveryId', rl('$delivery'), '$delivery') } },
	},
};

/** The area's endpoints as the suites read them (types.ts `Endpoint`). */
export const webhookEndpoints = endpointsOf(webhookWays, referenceEndpoints());
