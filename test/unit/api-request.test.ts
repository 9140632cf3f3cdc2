import type { IHttpRequestOptions } from 'n8n-workflow';

import { apiRequest, idSegment } from '../../nodes/shared/wire/request';

/**
 * The programmatic door of the wire (nodes/shared/wire/request.ts `apiRequest`) as list searches, batch
 * operations and the Trigger call it, on n8n's side faked: a context with the credential and
 * `httpRequestWithAuthentication`, whose answers each test scripts. Asserted: the request as it
 * leaves (options, Idempotency-Key), what is resent, a DELETE found gone, a webhook's call sent
 * once, a path that would move refused unsent.
 */

type Answer = { statusCode: number; body?: unknown; headers?: Record<string, string> } | { throws: string };

let base = 0;

/** A context of the given kind; `answers` are given in turn (the last one repeats). */
function context(kind: 'lifecycle' | 'execution' | 'webhook', answers: Answer[] = [{ statusCode: 200, body: { ok: true } }]) {
	const sent: IHttpRequestOptions[] = [];
	// each test its own API (Base URL): its own key queue in this process
	const credentials = { baseUrl: `https://api-${(base += 1)}.example.com`, apiKey: 'sk_test' };
	const ctx: Record<string, unknown> = {
		getNode: () => ({ id: 'node-1', name: 'Storefront Trigger', type: 'n8n-nodes-storefront.storefrontTrigger' }),
		getCredentials: async () => credentials,
		helpers: {
			httpRequestWithAuthentication: async (_name: string, request: IHttpRequestOptions) => {
				sent.push(structuredClone(request));
				const answer = answers[Math.min(sent.length - 1, answers.length - 1)];
				if ('throws' in answer) throw Object.assign(new Error(answer.throws), { code: answer.throws });
				return { headers: {}, body: {}, ...answer };
			},
		},
	};
	if (kind === 'execution') Object.assign(ctx, { getExecutionId: () => 'exec-1', getWorkflow: () => ({ id: 'wf-1' }), additionalData: {} });
	if (kind === 'webhook') ctx.getRequestObject = () => ({});
	return { ctx: ctx as never, sent };
}

test('a request leaves as JSON with the full answer kept, every status returned to the wire, and the timeout only when given', async () => {
	const { ctx, sent } = context('lifecycle');
	expect(await apiRequest.call(ctx, 'GET', '/v1/webhooks', { qs: { limit: 5 } })).toEqual({ status: 200, body: { ok: true } });
	await apiRequest.call(ctx, 'GET', '/v1/webhooks', { timeout: 2500 });
	expect(sent).toEqual([
		{ method: 'GET', url: '/v1/webhooks', qs: { limit: 5 }, body: undefined, json: true, headers: { Accept: 'application/json' }, returnFullResponse: true, ignoreHttpStatusErrors: true },
		{ method: 'GET', url: '/v1/webhooks', qs: undefined, body: undefined, json: true, headers: { Accept: 'application/json' }, returnFullResponse: true, ignoreHttpStatusErrors: true, timeout: 2500 },
	]);
});

test('a POST carries an Idempotency-Key: random outside an execution (the Trigger\'s lifecycle), the same for the same call within one; other methods none', async () => {
	const lifecycle = context('lifecycle');
	await apiRequest.call(lifecycle.ctx, 'POST', '/v1/webhooks', { body: { url: 'https://n8n.example.com/hook' } });
	await apiRequest.call(lifecycle.ctx, 'POST', '/v1/webhooks', { body: { url: 'https://n8n.example.com/hook' } });
	const [first, second] = lifecycle.sent.map((r) => r.headers?.['Idempotency-Key']);
	expect(first).toMatch(/^n8n-[0-9a-f-]{36}$/);
	expect(second).not.toBe(first);

	const execution = context('execution');
	await apiRequest.call(execution.ctx, 'POST', '/v1/audiences/a1/users', { body: { users: ['u1'] }, itemIndex: 0 });
	await apiRequest.call(execution.ctx, 'POST', '/v1/audiences/a1/users', { body: { users: ['u1'] }, itemIndex: 0 });
	await apiRequest.call(execution.ctx, 'DELETE', '/v1/audiences/a1/users', { body: { users: ['u1'] }, itemIndex: 0 });
	await apiRequest.call(execution.ctx, 'GET', '/v1/audiences/a1', { itemIndex: 0 });
	const keys = execution.sent.map((r) => r.headers?.['Idempotency-Key']);
	expect(keys[0]).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(keys).toEqual([keys[0], keys[0], undefined, undefined]);
});

test('a POST whose answer was a 503 is resent (its key makes that safe), and the same key goes again', async () => {
	const { ctx, sent } = context('execution', [{ statusCode: 503 }, { statusCode: 201, body: { id: 'wh_1' } }]);
	expect(await apiRequest.call(ctx, 'POST', '/v1/webhooks', { body: { url: 'https://n8n.example.com/hook' } })).toEqual({ status: 201, body: { id: 'wh_1' } });
	expect(sent).toHaveLength(2);
	expect(sent[1].headers?.['Idempotency-Key']).toBe(sent[0].headers?.['Idempotency-Key']);
});

test('a POST no operation declares (the Trigger registering its endpoint) is not resent after a timeout, saying why; a GET is', async () => {
	const post = context('lifecycle', [{ throws: 'ETIMEDOUT' }, { statusCode: 201, body: { id: 'wh_1' } }]);
	const error = (await apiRequest.call(post.ctx, 'POST', '/v1/webhooks', { body: { url: 'https://n8n.example.com/hook' } }).catch((e: unknown) => e)) as { message: string; description: string };
	expect(post.sent).toHaveLength(1);
	expect(error.message).toBe('The Storefront API did not answer in time');
	expect(error.description).toContain('It was not sent again: no operation declares that this call may be resent after a timeout');
	const get = context('lifecycle', [{ throws: 'ETIMEDOUT' }, { statusCode: 200, body: { webhooks: [] } }]);
	expect(await apiRequest.call(get.ctx, 'GET', '/v1/webhooks')).toEqual({ status: 200, body: { webhooks: [] } });
	expect(get.sent).toHaveLength(2);
});

test('a POST made for an operation\'s endpoint (a batch operation\'s) follows it: its keys, and its timeout rule', async () => {
	const endpoint = { action: 'Add users to an audience', path: '/v1/ads/audiences/{audienceId}/users' };
	const body = { users: [{ email: 'a@example.com' }] };
	// keyed by the workflow: the same key in another execution; by default, by the execution
	const keys = async (keying?: 'workflow') => {
		const keyed: unknown[] = [];
		for (const execution of ['exec-1', 'exec-2']) {
			const { ctx, sent } = context('execution');
			Object.assign(ctx, { getExecutionId: () => execution });
			await apiRequest.call(ctx, 'POST', '/v1/ads/audiences/a1/users', { body, itemIndex: 0, endpoint: { ...endpoint, keying } });
			keyed.push(sent[0].headers?.['Idempotency-Key']);
		}
		return keyed;
	};
	const [first, again] = await keys('workflow');
	expect(again).toBe(first);
	const [one, other] = await keys();
	expect(other).not.toBe(one);

	const resent = context('execution', [{ throws: 'ETIMEDOUT' }, { statusCode: 200, body: { success: true } }]);
	expect(await apiRequest.call(resent.ctx, 'POST', '/v1/ads/audiences/a1/users', { body, endpoint })).toEqual({ status: 200, body: { success: true } });
	expect(resent.sent).toHaveLength(2);
	expect(resent.sent[1].headers?.['Idempotency-Key']).toBe(resent.sent[0].headers?.['Idempotency-Key']);
	const never = context('execution', [{ throws: 'ETIMEDOUT' }, { statusCode: 200, body: { success: true } }]);
	const error = (await apiRequest.call(never.ctx, 'POST', '/v1/ads/audiences/a1/users', { body, endpoint: { ...endpoint, noResendAfterTimeout: 'it may still be running.' } }).catch((e: unknown) => e)) as { description: string };
	expect(never.sent).toHaveLength(1);
	expect(error.description).toContain('It was not sent again: it may still be running.');
});

test('a GET that keeps failing is tried 3 times, then says what happened and that it changed nothing', async () => {
	const { ctx, sent } = context('execution', [{ statusCode: 503 }]);
	const error = (await apiRequest.call(ctx, 'GET', '/v1/webhooks').catch((e: unknown) => e)) as { message: string; description: string; httpCode?: string };
	expect(sent).toHaveLength(3);
	// the status is n8n's error code, not words of the message (issue 68: no status numbers in what users read)
	expect(error.httpCode).toBe('503');
	expect(`${error.message} ${error.description}`).toContain('unavailable');
	expect(error.description).toContain('Nothing was changed: this call only reads.');
});

test('a DELETE whose first answer was lost (a 502) and is found gone on the next attempt is deleted; a GET found gone after a fault is a 404', async () => {
	const del = context('execution', [{ statusCode: 502 }, { statusCode: 404, body: { error: { code: 'not_found', message: 'No such webhook' } } }]);
	expect(await apiRequest.call(del.ctx, 'DELETE', '/v1/webhooks/wh_1')).toEqual({ status: 200, body: expect.objectContaining({ deleted: true, alreadyDeleted: true }) });
	const get = context('execution', [{ statusCode: 502 }, { statusCode: 404, body: { error: { code: 'not_found', message: 'No such webhook' } } }]);
	await expect(apiRequest.call(get.ctx, 'GET', '/v1/webhooks/wh_1')).rejects.toThrow(/404|not found|No such webhook/i);
});

test('while a webhook waits for its answer, a call is sent once: a 503 is not resent', async () => {
	const { ctx, sent } = context('webhook', [{ statusCode: 503 }, { statusCode: 200 }]);
	await expect(apiRequest.call(ctx, 'GET', '/v1/webhooks')).rejects.toThrow();
	expect(sent).toHaveLength(1);
});

test('a path with an empty, "." or ".." part is refused before anything is sent, naming the path and the item', async () => {
	const { ctx, sent } = context('execution');
	const error = (await apiRequest.call(ctx, 'DELETE', '/v1/webhooks/..', { itemIndex: 2 }).catch((e: unknown) => e)) as { message: string; description: string; context: { itemIndex?: number } };
	expect(error.message).toContain('"/v1/webhooks/.."');
	expect(error.description).toEqual(expect.any(String));
	expect(error.description.length).toBeGreaterThan(0);
	expect(error.context.itemIndex).toBe(2);
	expect(sent).toEqual([]);
});

test('an ID for a programmatic call\'s path: encoded as one segment, or refused naming its field, with what to fix', () => {
	const { ctx } = context('execution');
	expect(idSegment(ctx, 'Page', 'gid page 1?&')).toBe('gid%20page%201%3F%26');
	let error: { message: string; description: string } | undefined;
	try {
		idSegment(ctx, 'Page', '..');
	} catch (e) {
		error = e as typeof error;
	}
	expect(error?.message).toBe('Page ".." is not a valid ID');
	expect(error?.description).toMatch(/cannot be empty, "\." or "\.\.", contain "\/" or "\\", or be one of these URL-encoded .* Nothing was sent\./);
});
