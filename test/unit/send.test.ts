import type { IHttpRequestOptions } from 'n8n-workflow';

import { apiRequest } from '../../nodes/shared/wire/apiRequest';

/**
 * The send loop (nodes/shared/wire/send.ts) through its programmatic door, on n8n's side faked
 * (the credential, `httpRequestWithAuthentication`, the node run's execute data): the run's retry
 * budget, which API key a request queues under, what ends resending (the wait per item, a
 * cancelled execution, a webhook's single attempt), and when a DELETE counts as done. Faults carry
 * `Retry-After: 0` where the wait is not the point, so nothing here waits on the wall clock.
 */

type Answer = { statusCode: number; body?: unknown; headers?: Record<string, string> } | { throws: string };

let base = 0;

function context(options: { answers?: (request: IHttpRequestOptions, n: number) => Promise<Answer> | Answer; run?: object; baseUrl?: string; apiKey?: string; cancel?: AbortSignal; webhook?: boolean } = {}) {
	const sent: IHttpRequestOptions[] = [];
	const credentials = { baseUrl: options.baseUrl ?? `https://send-${(base += 1)}.example.com`, apiKey: options.apiKey ?? 'sk_test' };
	const ctx: Record<string, unknown> = {
		getNode: () => ({ id: 'node-1', name: 'Storefront', type: 'n8n-nodes-storefront.storefrontCommerce' }),
		getCredentials: async () => credentials,
		getExecutionId: () => 'exec-1',
		getWorkflow: () => ({ id: 'wf-1' }),
		additionalData: {},
		getNodeParameter: (_name: string, _item: number, fallback: unknown) => fallback,
		helpers: {
			httpRequestWithAuthentication: async (_name: string, request: IHttpRequestOptions) => {
				sent.push(request);
				const answer = await (options.answers ?? (() => ({ statusCode: 200 })))(request, sent.length);
				if ('throws' in answer) throw Object.assign(new Error(answer.throws), { code: answer.throws });
				return { headers: {}, body: {}, ...answer };
			},
		},
	};
	if (options.run) ctx.getExecuteData = () => options.run;
	if (options.cancel) ctx.getExecutionCancelSignal = () => options.cancel;
	if (options.webhook) ctx.getRequestObject = () => ({});
	return { ctx: ctx as never, sent };
}

const unavailable = { statusCode: 503, headers: { 'retry-after': '0' } };
const describeError = (e: unknown) => { const { message, description } = e as { message: string; description: string }; return `${message} ${description}`; };

describe('the run\'s retry budget (500 tokens: a resend after an answered fault costs 5, after a timeout or reset 10, a success gives 1 back)', () => {
	test('503s: 50 items of 2 resends each spend it; the next item stops after its first attempt, saying why', async () => {
		const run = {};
		const { ctx, sent } = context({ run, answers: (_r, n) => (n % 3 === 0 ? { statusCode: 200 } : unavailable) });
		for (let i = 0; i < 50; i++) await apiRequest.call(ctx, 'GET', '/v1/pages', { itemIndex: i });
		expect(sent).toHaveLength(150);
		// 50 successes gave 50 back: 10 more resends, then the budget is out
		const next = context({ run, answers: () => unavailable });
		(next.ctx as { getCredentials: unknown }).getCredentials = (ctx as { getCredentials: unknown }).getCredentials;
		const outcomes: string[] = [];
		for (let i = 0; i < 6; i++) outcomes.push(await apiRequest.call(next.ctx, 'GET', '/v1/pages').then(() => 'ok', describeError));
		expect(next.sent).toHaveLength(3 + 3 + 3 + 3 + 3 + 1);
		expect(outcomes[5]).toContain('It stopped resending: so many requests of this run failed that the API looks down');
	});

	test('a timeout or reset costs twice as much: with 6 tokens left a 503 is resent once, a timeout not at all', async () => {
		const run = {};
		const { ctx } = context({ run, answers: () => unavailable });
		// 49 items failing 3 times: 490 tokens; one 503 then a success: 5 more, 1 back
		for (let i = 0; i < 49; i++) await apiRequest.call(ctx, 'GET', '/v1/pages', { itemIndex: i }).catch(() => undefined);
		const recovering = context({ run, answers: (_r, n) => (n === 1 ? unavailable : { statusCode: 200 }) });
		await apiRequest.call(recovering.ctx, 'GET', '/v1/pages');
		const timeout = context({ run, answers: () => ({ throws: 'ETIMEDOUT' }) });
		expect(await apiRequest.call(timeout.ctx, 'GET', '/v1/pages').then(() => 'ok', describeError)).toContain('It stopped resending');
		expect(timeout.sent).toHaveLength(1);
		const status = context({ run, answers: () => unavailable });
		expect(await apiRequest.call(status.ctx, 'GET', '/v1/pages').then(() => 'ok', describeError)).toContain('It stopped resending');
		expect(status.sent).toHaveLength(2);
	});
});

describe('which API key a request queues under: the credential\'s Base URL (however it is written) and key', () => {
	/** Whether a second context's first request goes while the first context's first request has no answer yet (a key's first request goes alone). */
	async function secondGoesAlongside(first: { baseUrl: string; apiKey: string }, second: { baseUrl: string; apiKey: string }) {
		let answer!: () => void;
		const held = new Promise<void>((resolve) => (answer = resolve));
		const a = context({ ...first, answers: async () => (await held, { statusCode: 200 }) });
		const b = context({ ...second });
		const pending = apiRequest.call(a.ctx, 'GET', '/v1/pages');
		while (a.sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
		const other = apiRequest.call(b.ctx, 'GET', '/v1/pages');
		// a request of another key goes at once (no timer between); one of the same key waits for the answer
		for (let i = 0; i < 100 && b.sent.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
		const alongside = b.sent.length === 1;
		answer();
		await Promise.all([pending, other]);
		return alongside;
	}

	test('the same API written differently shares one queue; another key or API does not', async () => {
		const url = `https://queue-${(base += 1)}.example.com`;
		expect(await secondGoesAlongside({ baseUrl: url, apiKey: 'sk_a' }, { baseUrl: ` ${url.toUpperCase()}// `, apiKey: 'sk_a' })).toBe(false);
		const url2 = `https://queue-${(base += 1)}.example.com`;
		expect(await secondGoesAlongside({ baseUrl: url2, apiKey: 'sk_a' }, { baseUrl: url2, apiKey: 'sk_b' })).toBe(true);
		const url3 = `https://queue-${(base += 1)}.example.com`;
		expect(await secondGoesAlongside({ baseUrl: url3, apiKey: 'sk_a' }, { baseUrl: `${url3}/v2`, apiKey: 'sk_a' })).toBe(true);
	});
});

describe('what ends resending', () => {
	test('a Retry-After longer than the node waits per item: not resent, and the error says so', async () => {
		const { ctx, sent } = context({ answers: () => ({ statusCode: 503, headers: { 'retry-after': '61' } }) });
		const error = await apiRequest.call(ctx, 'GET', '/v1/pages').then(() => 'ok', describeError);
		expect(sent).toHaveLength(1);
		expect(error).toContain('Waiting 61 s more would pass the 60 s the node waits per item.');
	});

	test('a cancelled execution: not resent, and the error says so', async () => {
		const controller = new AbortController();
		const { ctx, sent } = context({ cancel: controller.signal, answers: () => (controller.abort(), unavailable) });
		const error = await apiRequest.call(ctx, 'GET', '/v1/pages').then(() => 'ok', describeError);
		expect(sent).toHaveLength(1);
		expect(error).toContain('The execution was cancelled.');
	});

	test('a webhook\'s call: sent once, and the error says why', async () => {
		const { ctx, sent } = context({ webhook: true, answers: () => unavailable });
		const error = await apiRequest.call(ctx, 'GET', '/v1/pages').then(() => 'ok', describeError);
		expect(sent).toHaveLength(1);
		expect(error).toContain('It was sent once: the webhook call waits for its answer.');
	});

	test('three faults: the error counts the attempts', async () => {
		const { ctx } = context({ answers: () => unavailable });
		expect(await apiRequest.call(ctx, 'GET', '/v1/pages').then(() => 'ok', describeError)).toContain('The node sent it 3 times');
	});
});

describe('a DELETE counts as done on a 404 only after an attempt that may have reached the API', () => {
	const notFound = { statusCode: 404, body: { error: { code: 'not_found', message: 'No such page' } } };

	test('a 404 at the first attempt is a 404', async () => {
		const { ctx } = context({ answers: () => notFound });
		await expect(apiRequest.call(ctx, 'DELETE', '/v1/pages/p1')).rejects.toThrow();
	});

	test('a 404 after a refused connection (nothing reached the API) is a 404', async () => {
		const { ctx, sent } = context({ answers: (_r, n) => (n === 1 ? { throws: 'ECONNREFUSED' } : notFound) });
		await expect(apiRequest.call(ctx, 'DELETE', '/v1/pages/p1')).rejects.toThrow();
		expect(sent).toHaveLength(2);
	});

	test('another error after a lost answer is that error, not a deletion', async () => {
		const { ctx } = context({ answers: (_r, n) => (n === 1 ? unavailable : { statusCode: 400, body: { error: { code: 'invalid', message: 'Bad' } } }) });
		await expect(apiRequest.call(ctx, 'DELETE', '/v1/pages/p1')).rejects.toThrow();
	});
});
