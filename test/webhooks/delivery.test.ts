import { delivery as deliverySchema } from '../../fake-api/contract/webhooks';
import { byId, useFakeApi } from '../../harness/context';
import { startReceiver } from '../../harness/receiver';

const ctx = useFakeApi('storefrontWebhooks');
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => (receiver = await startReceiver(200)));
afterEach(async () => await receiver.close());

/** Registers an endpoint at the local receiver and makes the API deliver `count` events to it. */
async function seedDeliveries(count: number, failEvery = 0) {
	const r = await ctx.run({ resource: 'webhook', operation: 'create', url: receiver.url, events: [] });
	const id = r.json[0].id as string;
	for (let i = 0; i < count; i++) {
		receiver.setStatus(failEvery && i % failEvery === 0 ? 503 : 200);
		await ctx.api.webhooks.emit('post.published', { post: { id: `post_${i}` } });
		// keep the endpoint active whatever failed, as the tests need all rows
		ctx.api.webhooks.endpoints.get(id)!.failure_count = 0;
	}
	receiver.setStatus(200);
	return id;
}

describe('Delivery → Get Many', () => {
	test('Return All follows the `before` cursor, keeping the filter on every page', async () => {
		const id = await seedDeliveries(230, 2);
		const r = await ctx.run({
			resource: 'delivery',
			operation: 'getAll',
			webhookId: byId(id),
			returnAll: true,
			filters: { failed: true },
		});
		expect(r.error).toBeUndefined();
		expect(r.json).toHaveLength(115);
		expect(r.requests).toHaveLength(2);
		expect(r.requests.map((q) => [q.method, q.path])).toEqual([
			['GET', `/v1/webhooks/${id}/deliveries`],
			['GET', `/v1/webhooks/${id}/deliveries`],
		]);
		expect(r.requests[0].query).toEqual({ failed: 'true', limit: '100' });
		expect(r.requests[1].query).toEqual({ failed: 'true', limit: '100', before: r.json[99].created_at });
		for (const d of r.json) {
			expect(deliverySchema.strict().parse(d)).toEqual(d);
			expect(d.error).toBe('http_503');
		}
	});

	test('Return All without filter reads 230 rows in 3 pages, newest first, no duplicates', async () => {
		const id = await seedDeliveries(230);
		const r = await ctx.run({ resource: 'delivery', operation: 'getAll', webhookId: byId(id), returnAll: true });
		expect(r.requests).toHaveLength(3);
		expect(r.requests.map((q) => q.query.limit)).toEqual(['100', '100', '100']);
		expect(r.json).toHaveLength(230);
		expect(new Set(r.json.map((d) => d.id)).size).toBe(230);
		const times = r.json.map((d) => Date.parse(d.created_at as string));
		expect([...times].sort((a, b) => b - a)).toEqual(times);
	});

	test('Limit smaller than a page asks for exactly that many', async () => {
		const id = await seedDeliveries(12);
		const r = await ctx.run({ resource: 'delivery', operation: 'getAll', webhookId: byId(id), returnAll: false, limit: 5 });
		expect(r.requests.map((q) => q.query)).toEqual([{ limit: '5' }]);
		expect(r.json).toHaveLength(5);
	});

	test('Limit larger than a page is honoured exactly across pages', async () => {
		const id = await seedDeliveries(230);
		const r = await ctx.run({ resource: 'delivery', operation: 'getAll', webhookId: byId(id), returnAll: false, limit: 150 });
		expect(r.requests.map((q) => q.query.limit)).toEqual(['100', '50']);
		expect(r.json).toHaveLength(150);
	});
});

describe('Delivery → Get Many → Filters → Before', () => {
	test('the first page starts at the chosen time; Return All pages on from there with the last row\'s created_at', async () => {
		const id = await seedDeliveries(230);
		const before = ctx.api.webhooks.deliveries[150].created_at;
		const r = await ctx.run({ resource: 'delivery', operation: 'getAll', webhookId: byId(id), returnAll: true, filters: { before } });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', `/v1/webhooks/${id}/deliveries`, { limit: '100', before }],
			['GET', `/v1/webhooks/${id}/deliveries`, { limit: '100', before: r.json[99].created_at }],
		]);
		expect(r.json.map((d) => d.id)).toEqual(ctx.api.webhooks.deliveries.slice(0, 150).reverse().map((d) => d.id));
	});

	test('with Failed Only and a Limit; a time with an offset is sent as ISO 8601 UTC', async () => {
		const id = await seedDeliveries(12, 2);
		const last = ctx.api.webhooks.deliveries[11].created_at;
		const withOffset = new Date(Date.parse(last) + 1).toISOString().replace('Z', '+00:00');
		const r = await ctx.run({
			resource: 'delivery',
			operation: 'getAll',
			webhookId: byId(id),
			returnAll: false,
			limit: 3,
			filters: { failed: true, before: withOffset },
		});
		expect(r.requests.map((q) => q.query)).toEqual([{ failed: 'true', limit: '3', before: new Date(withOffset).toISOString() }]);
		expect(r.json.map((d) => d.error)).toEqual(['http_503', 'http_503', 'http_503']);
	});

	test('a value that is not a time is refused before the call', async () => {
		const r = await ctx.run({ resource: 'delivery', operation: 'getAll', webhookId: byId('any'), returnAll: true, filters: { before: 'yesterday' } });
		expect(r.requests).toHaveLength(0);
		expect(r.error?.message).toBe('"yesterday" is not a date and time');
	});
});

describe('Delivery → Redeliver', () => {
	test('POSTs to the delivery path; the receiver gets the same event id with a fresh signature', async () => {
		const id = await seedDeliveries(1);
		const original = ctx.api.webhooks.deliveries[0];
		const r = await ctx.run({
			resource: 'delivery',
			operation: 'redeliver',
			webhookId: byId(id),
			deliveryId: byId(original.id),
		});
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.query, q.body])).toEqual([
			['POST', `/v1/webhooks/${id}/deliveries/${original.id}/redeliver`, {}, undefined],
		]);
		expect(r.json).toHaveLength(1);
		expect(deliverySchema.strict().parse(r.json[0])).toEqual(r.json[0]);
		expect(r.json[0]).toMatchObject({ event_id: original.event_id, redelivery_of: original.id, status: 200 });

		const [first, second] = receiver.received;
		expect(JSON.parse(second.rawBody).id).toBe(JSON.parse(first.rawBody).id);
		expect(JSON.parse(second.rawBody).timestamp).not.toBe(JSON.parse(first.rawBody).timestamp);
		expect(second.headers['x-webhook-signature']).not.toBe(first.headers['x-webhook-signature']);
	});

	test('a delivery of another webhook is a 404', async () => {
		const id = await seedDeliveries(1);
		const r = await ctx.run({
			resource: 'delivery',
			operation: 'redeliver',
			webhookId: byId(id),
			deliveryId: byId('00000000-0000-4000-8000-000000000000'),
		});
		expect(r.error?.message).toBe('Not found: Delivery 00000000-0000-4000-8000-000000000000 was not found');
	});
});
