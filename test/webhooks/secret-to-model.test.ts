/**
 * Issue 44, finding 8: Webhook → Create outputs the signing secret, which the API returns once.
 * In a normal run that is the point. As an AI tool the output is the model's context and the
 * chat history: the secret must not be in it, and the answer says what to do instead.
 */
import { useFakeApi } from '../../harness/context';
import { runAsTool } from '../../harness/tool';

const ctx = useFakeApi('storefrontWebhooks');
const create = { resource: 'webhook', operation: 'create', url: 'https://example.com/hooks/agent', events: ['post.published'] };
const stored = (id: unknown) => ctx.api.webhooks.endpoints.get(String(id))!;

test('a normal run returns the signing secret, with the notice to save it', async () => {
	const r = await ctx.run(create);
	expect(r.error).toBeUndefined();
	expect(r.json).toEqual([expect.objectContaining({ url: create.url, secret: stored(r.json[0].id).secret, secretNotice: expect.stringMatching(/only in this answer/) })]);
});

test('as an AI tool: the endpoint is created, and what the model reads holds neither the secret nor a piece of it', async () => {
	const call = await runAsTool({
		node: 'storefrontWebhooks',
		parameters: { ...create, url: "={{ $fromAI('url', '', 'string') }}" },
		args: { url: create.url },
		credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false },
	});
	expect(call.error).toBeUndefined();
	expect(ctx.api.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/v1/webhooks', { url: create.url, events: ['post.published'] }]]);
	const secret = stored(call.response![0].id).secret;
	expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
	const text = call.text!;
	// the whole secret, its prefix, and any 8 characters in a row of its random part
	expect(text).not.toContain('whsec_');
	const random = secret.slice('whsec_'.length);
	const pieces = Array.from({ length: random.length - 7 }, (_, i) => random.slice(i, i + 8));
	expect(pieces.filter((piece) => text.includes(piece))).toEqual([]);
	expect(call.response).toEqual([
		expect.objectContaining({
			id: expect.any(String),
			url: create.url,
			secretWithheld: true,
			secretNotice: expect.stringMatching(/^The signing secret was withheld from the model and is stored nowhere.*normal run.*Storefront Trigger/),
		}),
	]);
	expect(call.response![0]).not.toHaveProperty('secret');
});
