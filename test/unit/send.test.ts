import type { IHttpRequestOptions } from 'n8n-workflow';

import { apiRequest } from '../../nodes/shared/wire/request';

/**
 * The send loop (nodes/shared/wire/send.ts) through its programmatic door, on n8n's side faked
 * (the credential, `httpRequestWithAuthentication`, the node run's execute data): the run's retry
 * budget, which API key a request queues under, what ends resending (the wait per item, a
 * cancelled execution, a webhook's single attempt), and when a DELETE counts as done. Faults carry
 * `Retry-After: 0` where the wait is not the point, so nothing here waits on the wall clock.
 */

type Answer = { statusCode: number; body?: unknown; headers?: Record<string, string> } | { throws: string };

let base = 0;

function context(options: { answers?: (request: IHttpRequestOptions, n: number) => Promise<Answer> | Answer; run?: object; baseUrl?: string; apiKey?: string; cancel?: AbortSignal; webhook?: boolean; requestOptions?: object } = {}) {
	const sent: IHttpRequestOptions[] = [];
	const credentials = { baseUrl: options.baseUrl ?? `https://send-${(base += 1)}.example.com`, apiKey: options.apiKey ?? 'sk_test' };
	const ctx: Record<string, unknown> = {
		getNode: () => ({ id: 'node-1', name: 'Storefront', type: 'n8n-nodes-storefront.storefrontCommerce' }),
		getCredentials: async () => credentials,
		getExecutionId: () => 'exec-1',
		getWorkflow: () => ({ id: 'wf-1' }),
		additionalData: {},
		getNodeParameter: (name: string, _item: number, fallback: unknown) => (name === 'requestOptions' && options.requestOptions) || fallback,
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

/** An answer held back until `answer()`: a request in flight for as long as a test needs. */
function heldAnswer() {
	let answer!: () => void;
	const held = new Promise<void>((resolve) => (answer = resolve));
	return { held, answer };
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
		const { held, answer } = heldAnswer();
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

describe('a request refused with 429 goes again first', () => {
	const refusedOnce = (path: string) => {
		let refused = false;
		return async (request: IHttpRequestOptions): Promise<Answer> => {
			if (request.url !== path || refused) return { statusCode: 200 };
			refused = true;
			// answered once the others have queued behind it
			await new Promise((resolve) => setTimeout(resolve, 50));
			return { statusCode: 429, headers: { 'retry-after': '0' } };
		};
	};

	test('ahead of the items of its run still waiting for a slot (Max Requests in Flight 1)', async () => {
		const { ctx, sent } = context({ run: {}, requestOptions: { maxInFlight: 1 }, answers: refusedOnce('/v1/pages/a') });
		await Promise.all(['a', 'b', 'c'].map(async (id) => await apiRequest.call(ctx, 'GET', `/v1/pages/${id}`)));
		// b had the slot when a was refused; a goes before c
		expect(sent.map((r) => r.url)).toEqual(['/v1/pages/a', '/v1/pages/b', '/v1/pages/a', '/v1/pages/c']);
	});

	test('ahead of the requests queued for the key\'s turn', async () => {
		const { ctx, sent } = context({ run: {}, answers: refusedOnce('/v1/pages/a') });
		await Promise.all(['a', 'b', 'c'].map(async (id) => await apiRequest.call(ctx, 'GET', `/v1/pages/${id}`)));
		expect(sent.map((r) => r.url)).toEqual(['/v1/pages/a', '/v1/pages/a', '/v1/pages/b', '/v1/pages/c']);
	});
});

describe('the node\'s Request Options', () => {
	/** Whether `pending` settles before `ms` of the wall clock: a request stuck for good would otherwise fail by Jest's timeout. */
	const within = async (pending: Promise<unknown>, ms = 5000) => {
		let timer!: NodeJS.Timeout;
		const stuck = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms)));
		const outcome = await Promise.race([pending.then(() => 'done', describeError), stuck]);
		clearTimeout(timer);
		return outcome;
	};

	test('Max Wait in Queue 0: a request that would wait for its turn fails at once, saying nothing was sent, and frees its slot', async () => {
		const baseUrl = `https://options-${(base += 1)}.example.com`;
		const { held, answer } = heldAnswer();
		const busy = context({ baseUrl, answers: async () => (await held, { statusCode: 200 }) });
		const first = apiRequest.call(busy.ctx, 'GET', '/v1/pages');
		while (busy.sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
		const run = {};
		const impatient = context({ baseUrl, run, requestOptions: { maxInFlight: 1, maxQueueWait: 0 } });
		let outcome: string;
		try {
			outcome = await within(apiRequest.call(impatient.ctx, 'GET', '/v1/pages'));
		} finally {
			answer();
			await first;
		}
		expect(outcome).toBe(
			'The request waited more than 0 seconds for its turn under the API\'s rate limit Nothing was sent to the API for this item. Other executions using the same API key were ahead of it in the queue. Raise "Max Wait in Queue" in the node\'s Request Options (now 0 seconds), or spread the work out.',
		);
		expect(impatient.sent).toHaveLength(0);
		// the run's one slot is free again
		expect(await within(apiRequest.call(impatient.ctx, 'GET', '/v1/pages'))).toBe('done');
	});

	test('Max Requests in Flight 0 or below, or not a number, is the default', async () => {
		for (const maxInFlight of [0, -1, 'many']) {
			const { ctx, sent } = context({ run: {}, requestOptions: { maxInFlight } });
			expect(await within(Promise.all([0, 1, 2].map(async (i) => await apiRequest.call(ctx, 'GET', '/v1/pages', { itemIndex: i }))))).toBe('done');
			expect(sent).toHaveLength(3);
		}
	});
});

describe('what a fault tells the key\'s pace', () => {
	test('a fault without rate-limit headers leaves a new key at one request at a time (it may not have counted)', async () => {
		const baseUrl = `https://pace-${(base += 1)}.example.com`;
		const reset = context({ baseUrl, webhook: true, answers: () => ({ throws: 'ECONNRESET' }) });
		await expect(apiRequest.call(reset.ctx, 'GET', '/v1/pages')).rejects.toThrow();
		const { held, answer } = heldAnswer();
		const { ctx, sent } = context({ baseUrl, run: {}, answers: async (_r, n) => (n === 1 ? (await held, { statusCode: 200 }) : { statusCode: 200 }) });
		const both = Promise.all([0, 1].map(async (i) => await apiRequest.call(ctx, 'GET', '/v1/pages', { itemIndex: i })));
		await new Promise((resolve) => setTimeout(resolve, 100));
		const whileTheFirstIsOpen = sent.length;
		answer();
		await both;
		expect([whileTheFirstIsOpen, sent.length]).toEqual([1, 2]);
	});
});

describe('on Jest\'s fake clock: the waits themselves', () => {
	/** Runs `work` on Jest's fake timers, moving them on until it settles; each attempt's time (ms from the start) in `at`. */
	async function onFakeClock(answers: (n: number) => Answer, work: (ctx: never) => Promise<unknown>) {
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
		try {
			const start = Date.now();
			const at: number[] = [];
			const { ctx } = context({ answers: (_r, n) => (at.push(Date.now() - start), answers(n)) });
			let settled = false;
			const outcome = work(ctx).then(() => 'ok', describeError).finally(() => (settled = true));
			for (let i = 0; i < 2000 && !settled; i++) await jest.advanceTimersByTimeAsync(100);
			return { outcome: await outcome, at };
		} finally {
			jest.useRealTimers();
		}
	}

	const status = (statusCode: number, retryAfter: number) => ({ statusCode, headers: { 'retry-after': String(retryAfter) } });

	test('a 503 with Retry-After 30 twice: resent after 30 s and after 30 s more (60 s in all is still within the wait per item)', async () => {
		const { outcome, at } = await onFakeClock((n) => (n < 3 ? status(503, 30) : { statusCode: 200 }), async (ctx) => await apiRequest.call(ctx, 'GET', '/v1/pages'));
		expect(outcome).toBe('ok');
		expect(at).toHaveLength(3);
		expect([at[1] - at[0], at[2] - at[1]].map((ms) => Math.round(ms / 1000))).toEqual([30, 30]);
	});

	test('a 503 with Retry-After 40 twice: the second is not resent (80 s would pass 60)', async () => {
		const { outcome, at } = await onFakeClock(() => status(503, 40), async (ctx) => await apiRequest.call(ctx, 'GET', '/v1/pages'));
		expect(at).toHaveLength(2);
		expect(outcome).toContain('Waiting 40 s more would pass the 60 s the node waits per item.');
	});

	test('a 503 without Retry-After: resent after a backoff of a quarter second, then half a second (at most, with jitter)', async () => {
		const { outcome, at } = await onFakeClock((n) => (n < 3 ? { statusCode: 503 } : { statusCode: 200 }), async (ctx) => await apiRequest.call(ctx, 'GET', '/v1/pages'));
		expect(outcome).toBe('ok');
		const gaps = [at[1] - at[0], at[2] - at[1]];
		// advanced 100 ms at a time: each gap rounded up to the next 100 ms
		expect(gaps[0]).toBeGreaterThanOrEqual(100);
		expect(gaps[0]).toBeLessThanOrEqual(300);
		expect(gaps[1]).toBeGreaterThanOrEqual(200);
		expect(gaps[1]).toBeLessThanOrEqual(600);
	});

	test('a fault\'s rate-limit headers pace the key: a 503 saying the window is spent holds the resend until the window ends', async () => {
		const spent = { statusCode: 503, headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' } };
		const { outcome, at } = await onFakeClock((n) => (n === 1 ? spent : { statusCode: 200 }), async (ctx) => await apiRequest.call(ctx, 'GET', '/v1/pages'));
		expect(outcome).toBe('ok');
		expect(at).toHaveLength(2);
		expect(at[1]).toBeGreaterThanOrEqual(5000);
	});

	test('a 429 with Retry-After 60 is waited out and sent again (exactly the wait per item)', async () => {
		const { outcome, at } = await onFakeClock((n) => (n === 1 ? status(429, 60) : { statusCode: 200 }), async (ctx) => await apiRequest.call(ctx, 'GET', '/v1/pages'));
		expect(outcome).toBe('ok');
		expect(at).toHaveLength(2);
		expect(at[1]).toBeGreaterThanOrEqual(60_000);
	});

	test('a 429 with Retry-After 30 three times: the third is reported, with the wait already spent', async () => {
		const { outcome, at } = await onFakeClock(() => status(429, 30), async (ctx) => await apiRequest.call(ctx, 'GET', '/v1/pages'));
		expect(at).toHaveLength(3);
		expect(outcome).toBe(
			'Too many requests: the API is rate limiting this key Wait 30 seconds, as the API asked, and run again, or turn on "Retry On Fail" in the node settings with a wait of at least that long, or lower the request rate with batching. The node had already waited 60 seconds for this item and sent it again; it waits up to 60 seconds per item, then stops.',
		);
	});
});

test('a Base URL\'s path is part of the API: slashes inside it are not dropped', async () => {
	const { held, answer } = heldAnswer();
	const url = `https://slash-${(base += 1)}.example.com`;
	const a = context({ baseUrl: `${url}/ab`, answers: async () => (await held, { statusCode: 200 }) });
	const b = context({ baseUrl: `${url}/a/b` });
	const pending = apiRequest.call(a.ctx, 'GET', '/v1/pages');
	while (a.sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
	// another API's queue: b's request is answered while a's is still open
	let timer!: NodeJS.Timeout;
	const outcome = await Promise.race([apiRequest.call(b.ctx, 'GET', '/v1/pages').then(() => 'b answered'), new Promise((resolve) => (timer = setTimeout(() => resolve('b still waiting'), 2000)))]);
	clearTimeout(timer);
	answer();
	await pending;
	expect(outcome).toBe('b answered');
});
