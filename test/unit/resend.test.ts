import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { classifyResponse, type Answer, type Fault } from '../../nodes/shared/wire/answer';
import { describeCall, UNDECLARED_POST } from '../../nodes/shared/wire/call';
import type { Call } from '../../nodes/shared/wire/call';
import { MAX_WAIT_SECONDS, shouldResend, type Progress } from '../../nodes/shared/wire/resend';

/**
 * The one decision whether a request goes again (nodes/shared/wire/send.ts `shouldResend`),
 * which send.ts asks after every attempt of every request, whichever door it came in by; and the
 * description it reads (call.ts `describeCall`): what a POST's operation declares, or deny by default.
 */

const first: Progress = { attempts: 1, faults: 1, waited: 0, tokens: 500, aborted: false };
const rateLimited = (headers: Record<string, string> = {}) => classifyResponse({ statusCode: 429, headers, body: {} } as IN8nHttpFullResponse);
const fault = (kind: Fault['kind'], retryAfter?: number): Answer => ({ kind: 'fault', fault: { kind, said: kind, retryAfter } });
const node = { name: 'Storefront' } as INode;
const get: Call = { method: 'GET', node };
const post: Call = { method: 'POST', node };

describe('a 429 (the API did nothing): sent again after its Retry-After while the item\'s waits stay within 60 s', () => {
	test('its Retry-After, or 1, 2, 4 s by attempt without one; no retry token taken', () => {
		expect(shouldResend(post, rateLimited({ 'Retry-After': '7' }), first)).toEqual({ resend: true, seconds: 7, cost: 0 });
		expect([1, 2, 3].map((attempts) => shouldResend(get, rateLimited(), { ...first, attempts }))).toEqual([1, 2, 4].map((seconds) => ({ resend: true, seconds, cost: 0 })));
	});

	test('not past the item\'s 60 s, not once cancelled, not for a webhook\'s call; the wait asked for is kept for the error', () => {
		expect(shouldResend(get, rateLimited({ 'retry-after': '30' }), { ...first, waited: MAX_WAIT_SECONDS - 30 })).toMatchObject({ resend: true });
		expect(shouldResend(get, rateLimited({ 'retry-after': '30' }), { ...first, waited: MAX_WAIT_SECONDS - 29 })).toEqual({ resend: false, seconds: 30 });
		expect(shouldResend(get, rateLimited({ 'retry-after': '1' }), { ...first, aborted: true })).toEqual({ resend: false, seconds: 1 });
		expect(shouldResend({ ...get, whileWebhookWaits: { maxQueueWaitMs: 3000 } }, rateLimited({ 'retry-after': '1' }), first)).toEqual({ resend: false, seconds: 1 });
	});
});

describe('a transient fault', () => {
	test('resent after its Retry-After, else a backoff; an answered fault costs 5 tokens, a timeout or reset 10', () => {
		expect(shouldResend(post, fault('status', 2), first)).toEqual({ resend: true, seconds: 2, cost: 5 });
		expect(shouldResend(get, fault('timeout', 0), first)).toEqual({ resend: true, seconds: 0, cost: 10 });
		const backoff = shouldResend(get, fault('reset'), first);
		expect(backoff).toMatchObject({ resend: true, cost: 10 });
		expect((backoff as { seconds: number }).seconds).toBeLessThanOrEqual(0.25);
	});

	test('a call declared never to be resent after a timeout: not after a timeout, saying why; after a reset or a 503 it is', () => {
		const declared: Call = { ...post, noResendAfterTimeout: 'a boost can take minutes.' };
		expect(shouldResend(declared, fault('timeout', 0), first)).toEqual({ resend: false, seconds: 0, why: 'It was not sent again: a boost can take minutes.' });
		expect(shouldResend(declared, fault('reset', 0), first)).toMatchObject({ resend: true });
		expect(shouldResend(declared, fault('status', 0), first)).toMatchObject({ resend: true });
	});

	test('never a webhook\'s call', () => {
		expect(shouldResend({ ...get, whileWebhookWaits: { maxQueueWaitMs: 3000 } }, fault('status', 0), first)).toMatchObject({ resend: false, why: 'It was sent once: the webhook call waits for its answer.' });
	});

	test('what ends resending: the third fault (nothing more to say), a cancelled run, the item\'s 60 s, the run\'s retry budget', () => {
		expect(shouldResend(get, fault('status', 0), { ...first, attempts: 3, faults: 3 })).toEqual({ resend: false, seconds: 0, why: undefined });
		expect(shouldResend(get, fault('status', 0), { ...first, aborted: true })).toMatchObject({ resend: false, why: 'The execution was cancelled.' });
		expect(shouldResend(get, fault('status', 40), { ...first, waited: 21 })).toMatchObject({ resend: false, why: 'Waiting 40 s more would pass the 60 s the node waits per item.' });
		expect(shouldResend(get, fault('status', 40), { ...first, waited: 20 })).toMatchObject({ resend: true });
		expect(shouldResend(get, fault('status', 0), { ...first, tokens: 5 })).toMatchObject({ resend: true, cost: 5 });
		expect(shouldResend(get, fault('timeout', 0), { ...first, tokens: 9 })).toMatchObject({ resend: false, why: expect.stringMatching(/^It stopped resending/) });
	});

	test('an answer or a failure is never resent', () => {
		expect(shouldResend(post, classifyResponse({ statusCode: 200, headers: {}, body: {} }), first)).toEqual({ resend: false });
		expect(shouldResend(post, classifyResponse({ statusCode: 500, headers: {}, body: {} }), first)).toEqual({ resend: false });
	});
});

describe('the description it reads (describeCall): a POST\'s timeout rule is its operation\'s endpoint\'s, or deny by default', () => {
	const ctx = { getNode: () => ({ id: 'n1', name: 'Storefront', type: 'x' }) } as never;
	const timeout = fault('timeout', 0);
	const endpoint = { action: 'Add users to an audience', path: '/v1/ads/audiences/{audienceId}/users' };

	test('a POST no operation declares is not resent after a timeout, but is after a 503; other methods are', () => {
		const undeclared = describeCall(ctx, { method: 'POST', url: '/v1/webhooks' }, {});
		expect(undeclared).toMatchObject({ method: 'POST', noResendAfterTimeout: UNDECLARED_POST });
		expect(shouldResend(undeclared, timeout, first)).toMatchObject({ resend: false, why: `It was not sent again: ${UNDECLARED_POST}` });
		expect(shouldResend(undeclared, fault('status', 0), first)).toMatchObject({ resend: true });
		for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) expect(shouldResend(describeCall(ctx, { method, url: '/v1/webhooks/wh_1' }, {}), timeout, first)).toMatchObject({ resend: true });
	});

	test('a POST of an operation\'s endpoint follows it: resent after a timeout unless it says why not', () => {
		expect(shouldResend(describeCall(ctx, { method: 'POST', url: '/v1/ads/audiences/a1/users' }, { endpoint }), timeout, first)).toMatchObject({ resend: true });
		const never = describeCall(ctx, { method: 'POST', url: '/v1/ads/audiences/a1/users' }, { endpoint: { ...endpoint, noResendAfterTimeout: 'it may still be running.' } });
		expect(shouldResend(never, timeout, first)).toMatchObject({ resend: false, why: 'It was not sent again: it may still be running.' });
	});
});
