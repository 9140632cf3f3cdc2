import { AxiosHeaders } from 'axios';
import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { apiRequest } from '../../nodes/shared/wire/request';
import { withheldFrom, withholding } from '../../nodes/shared/wire/answer';

/**
 * Withholding (nodes/shared/wire/answer.ts `withheldFrom`): a secret of the credential that comes back in an
 * answer, in a header or in any text of an error, is `[withheld]` before anything reads it. Here
 * through the wire's programmatic door (n8n's side faked: the credential and
 * `httpRequestWithAuthentication`), where an error's words reach the user, and on the answer every
 * postReceive and the key's queue read.
 */

const KEY = 'sk_live_WITHHELD_0123456789';
const SPARK = 'spark_code_WITHHELD_42';
const credentials = { apiKey: KEY, sparkAuthCodeSecret: SPARK };

let base = 0;

/** A call made while a webhook waits (the Trigger's): sent once, so a 429 ends it at once with its words. */
function context(answer: (request: IHttpRequestOptions) => unknown) {
	const ctx = {
		getNode: () => ({ id: 'node-1', name: 'Storefront', type: 'n8n-nodes-storefront.storefrontTrigger' }),
		getCredentials: async () => ({ ...credentials, baseUrl: `https://withheld-${(base += 1)}.example.com` }),
		getRequestObject: () => ({}),
		helpers: { httpRequestWithAuthentication: async (_name: string, request: IHttpRequestOptions) => await answer(request) },
	};
	return ctx as never;
}

const wordsOf = async (running: Promise<unknown>) =>
	await running.then(
		() => 'no error',
		(e: { message?: string; description?: string }) => `${e.message} ${e.description}`,
	);

test('a header that repeats the key (a careless proxy echoing Authorization into Retry-After): the 429\'s error says [withheld], never the key', async () => {
	const ctx = context(() => ({ statusCode: 429, body: {}, headers: { 'retry-after': `Bearer ${KEY}` } }));
	const words = await wordsOf(apiRequest.call(ctx, 'GET', '/v1/webhooks'));
	expect(words).toContain('Too many requests');
	expect(words).toContain('Wait Bearer [withheld] seconds');
	expect(words).not.toContain(KEY);
});

test('every text field of an error thrown instead of an answer is withheld, not only its message and stack: description, cause, context, a response body', async () => {
	const thrown = () =>
		Object.assign(new Error(`request failed for ${KEY}`), {
			description: `The proxy refused Bearer ${KEY}`,
			cause: { message: `upstream saw ${SPARK}` },
			context: { sent: { sparkAuthCode: SPARK } },
			response: { body: { echoed: KEY } },
		});
	let error: Record<string, unknown> | undefined;
	const ctx = context(() => {
		throw thrown();
	});
	await apiRequest.call(ctx, 'GET', '/v1/webhooks').catch((e: Record<string, unknown>) => (error = e));
	expect(error).toBeDefined();
	expect(error!.description).toBe('The proxy refused Bearer [withheld]');
	expect(error!.message).toBe('request failed for [withheld]');

	// the answer as send.ts hands it on: every own field of the error, the node's aside
	const node = { name: `Node ${KEY}` };
	const e = Object.assign(thrown(), { node });
	const { error: cleaned } = withheldFrom({ kind: 'failed', error: e }, withholding(credentials)) as unknown as { error: Record<string, unknown> };
	const seen = JSON.stringify({ ...cleaned, node: undefined, message: cleaned.message, stack: cleaned.stack });
	expect(seen).not.toContain(KEY);
	expect(seen).not.toContain(SPARK);
	expect(cleaned).toMatchObject({ description: 'The proxy refused Bearer [withheld]', cause: { message: 'upstream saw [withheld]' }, context: { sent: { sparkAuthCode: '[withheld]' } }, response: { body: { echoed: '[withheld]' } } });
	expect(cleaned.node).toBe(node);
});

test('the headers handed on (to every postReceive and the key\'s queue) hold [withheld], n8n\'s AxiosHeaders too; an answer without a secret is handed on as it came', () => {
	const withhold = withholding(credentials);
	const answered = (headers: unknown): IN8nHttpFullResponse => ({ statusCode: 200, body: { ok: true }, headers: headers as IN8nHttpFullResponse['headers'] });
	for (const headers of [{ 'x-echo': `Bearer ${KEY}`, 'x-ratelimit-remaining': '9' }, new AxiosHeaders({ 'x-echo': `Bearer ${KEY}`, 'x-ratelimit-remaining': '9' })]) {
		const handed = withheldFrom({ kind: 'succeeded', response: answered(headers) }, withhold) as { response: IN8nHttpFullResponse };
		expect({ ...handed.response.headers }).toEqual({ 'x-echo': 'Bearer [withheld]', 'x-ratelimit-remaining': '9' });
	}
	const clean = { kind: 'succeeded' as const, response: answered(new AxiosHeaders({ 'x-ratelimit-remaining': '9' })) };
	const handed = withheldFrom(clean, withhold) as typeof clean;
	expect(handed.response.headers).toBe(clean.response.headers);
	expect(handed.response.body).toBe(clean.response.body);
});
