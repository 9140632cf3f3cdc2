import { byId, useFakeApi } from '../../harness/context';
import { errorText } from '../../harness';
import { KEYS } from '../../fake-api';

const ctx = useFakeApi('storefrontWebhooks');
const list = { resource: 'webhook', operation: 'getAll', returnAll: true, simplify: false };

function expectNoKey(value: unknown) {
	expect(errorText(value)).not.toContain(KEYS.full);
	expect(JSON.stringify(value ?? null)).not.toContain(KEYS.full);
}

describe('API errors become NodeApiErrors that say what to do', () => {
	test.each([
		[
			'unknown key (401)',
			() => (ctx.apiKey = 'sk_wrong_key'),
			'The API key was refused',
			/Check the API key in the Storefront API credential/,
			'401',
		],
		[
			'server fault (500)',
			() => ctx.api.injectFault({ type: 'status', status: 500 }),
			'The Storefront API had a server error',
			/try again in a few minutes.*Retry On Fail/,
			'500',
		],
		[
			// a 503 that passes is resent (test/reliability/transient.test.ts); one that lasts is reported
			'unavailable on every attempt (503)',
			() => ctx.api.injectFault({ type: 'status', status: 503, retryAfter: 0 }, 3),
			'The Storefront API had a server error',
			/unavailable.*sent it 3 times.*Nothing was changed: this call only reads/,
			'503',
		],
		[
			// a shorter Retry-After is waited out and the request sent again (test/reliability/rate-limits.test.ts)
			'rate limited for longer than the node waits (429 with Retry-After 120)',
			() => ctx.api.injectFault({ type: 'rateLimit', retryAfter: 120 }),
			'Too many requests: the API is rate limiting this key',
			/Wait 120 seconds, as the API asked,.*asks for a wait of up to 60 seconds/,
			'429',
		],
		[
			'malformed JSON body',
			() => ctx.api.injectFault({ type: 'malformed' }),
			'The Storefront API sent an answer that is not valid JSON',
			/may or may not have taken effect/,
			'200',
		],
	])('%s', async (_name, arrange, message, description, httpCode) => {
		arrange();
		const r = await ctx.run(list);
		expect(r.requests).toHaveLength(httpCode === '503' ? 3 : 1);
		expect(r.error?.message).toBe(message);
		expect(r.error?.description).toMatch(description);
		expect(r.error?.httpCode).toBe(httpCode);
		expect(r.json).toEqual([]);
		expectNoKey(r.error);
		expectNoKey(r.run);
	});

	test('a slow answer still succeeds (the node waits)', async () => {
		ctx.api.injectFault({ type: 'delay', ms: 400 });
		const r = await ctx.run(list);
		// the delayed request was answered 200 and taken (no wall-clock figure: the fault is the delay)
		expect(r.requests.map((q) => q.status)).toEqual([200]);
		expect(r.error).toBeUndefined();
	});

	test('a revoked key is refused the same way, and the run data never holds the key', async () => {
		ctx.api.revokeKey(KEYS.full);
		const r = await ctx.run({ resource: 'webhook', operation: 'create', url: 'https://example.com/h', events: [] });
		expect(r.error?.message).toBe('The API key was refused');
		expectNoKey(r.run);
	});
});

describe('Continue On Fail', () => {
	async function twoWebhooks() {
		const ids: string[] = [];
		for (const n of [1, 2]) {
			const r = await ctx.run({ resource: 'webhook', operation: 'create', url: `https://example.com/h${n}`, events: [] });
			ids.push(r.json[0].id as string);
		}
		return ids;
	}

	test('on: the failing item becomes an error item and the other items go on', async () => {
		const [a, b] = await twoWebhooks();
		const r = await ctx.run(
			{ resource: 'webhook', operation: 'delete', webhookId: byId('={{ $json.id }}') },
			{ items: [{ id: a }, { id: 'missing-id' }, { id: b }], continueOnFail: true },
		);
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path]).sort()).toEqual(
			[
				['DELETE', `/v1/webhooks/${a}`],
				['DELETE', '/v1/webhooks/missing-id'],
				['DELETE', `/v1/webhooks/${b}`],
			].sort(),
		);
		expect(r.items).toHaveLength(3);
		expect(r.items[0].json).toEqual({ deleted: true, ok: true });
		expect(r.items[2].json).toEqual({ deleted: true, ok: true });
		const failed = r.items[1] as { json: object; error?: Error };
		expect(failed.error?.message).toBe('Not found: Webhook missing-id was not found');
		expect(ctx.api.webhooks.endpoints.size).toBe(0);
		expectNoKey(r.items);
	});

	test('off: the node stops with the error of the failing item', async () => {
		const [a] = await twoWebhooks();
		const r = await ctx.run(
			{ resource: 'webhook', operation: 'delete', webhookId: byId('={{ $json.id }}') },
			{ items: [{ id: a }, { id: 'missing-id' }] },
		);
		expect(r.error?.message).toBe('Not found: Webhook missing-id was not found');
		expect(r.items).toEqual([]);
	});

	test('on: a check before the call also yields an error item', async () => {
		const r = await ctx.run(
			{ resource: 'webhook', operation: 'create', url: '={{ $json.url }}', events: [] },
			{ items: [{ url: 'not a url' }, { url: 'https://example.com/ok' }], continueOnFail: true },
		);
		expect(r.requests).toHaveLength(1);
		expect((r.items[0] as { error?: Error }).error?.message).toBe('"not a url" is not a valid webhook URL');
		expect(r.items[1].json.url).toBe('https://example.com/ok');
	});
});
