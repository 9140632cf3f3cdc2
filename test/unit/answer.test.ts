import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { answerOf, classifyResponse, classifyThrown, faultOf, parseRetryAfter } from '../../nodes/shared/wire/answer';
import { alreadyDeleted, deletedEarlier, rememberDelete } from '../../nodes/shared/wire/call';
import { whyNotResent } from '../../nodes/shared/wire/resend';

/**
 * Each attempt's answer classified once (nodes/shared/wire/answer.ts), at its edges: the statuses
 * on either side of each rule, the Retry-After forms, the network errors n8n wraps; and what
 * resend.ts remembers of a DELETE whose answer was lost.
 */

const response = (statusCode: number, body: unknown = {}, headers: Record<string, unknown> = {}) => ({ statusCode, headers, body }) as IN8nHttpFullResponse;

test('statuses: 2xx answered (a text body where JSON was asked for is not), 429 refused, 502/503/504 transient, anything else failed', () => {
	const kinds = [199, 200, 204, 299, 300, 400, 404, 429, 500, 501, 502, 503, 504, 505].map((s) => [s, classifyResponse(response(s)).kind]);
	expect(kinds).toEqual([
		[199, 'failed'],
		[200, 'succeeded'],
		[204, 'succeeded'],
		[299, 'succeeded'],
		[300, 'failed'],
		[400, 'failed'],
		[404, 'failed'],
		[429, 'rateLimited'],
		[500, 'failed'],
		[501, 'failed'],
		[502, 'fault'],
		[503, 'fault'],
		[504, 'fault'],
		[505, 'failed'],
	]);
	expect(classifyResponse(response(200, '<html>proxy</html>')).kind).toBe('failed');
	expect(classifyResponse(response(200, '  ')).kind).toBe('succeeded');
	expect(classifyResponse(response(200, '')).kind).toBe('succeeded');
});

test('Retry-After travels with a 429 and a 503: seconds, an HTTP date, or nothing', () => {
	expect(classifyResponse(response(429, {}, { 'retry-after': '3' }))).toMatchObject({ kind: 'rateLimited', retryAfter: 3 });
	expect(classifyResponse(response(429))).toEqual({ kind: 'rateLimited', response: response(429), retryAfter: undefined });
	expect(classifyResponse(response(503, {}, { 'retry-after': ['7', '9'] }))).toMatchObject({ kind: 'fault', fault: { kind: 'status', said: '503', retryAfter: 7 } });
	expect(parseRetryAfter(undefined)).toBeUndefined();
	expect(parseRetryAfter('  ')).toBeUndefined();
	expect(parseRetryAfter('soon')).toBeUndefined();
	expect(parseRetryAfter('2.5')).toBe(2.5);
	expect(parseRetryAfter('-4')).toBe(0);
	expect(parseRetryAfter(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
	const inAMinute = parseRetryAfter(new Date(Date.now() + 61_000).toUTCString())!;
	expect(inAMinute).toBeGreaterThan(55);
	expect(inAMinute).toBeLessThanOrEqual(61);
});

test('an answer\'s rate-limit headers read with it, where there was an answer that has them (each header read: headers.test.ts)', () => {
	const limited = { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '7', 'X-RateLimit-Reset': '30' };
	expect(answerOf({ response: response(200, {}, limited) }, undefined).rateLimit).toEqual({ limit: 100, remaining: 7, reset: 30 });
	expect(answerOf({ response: response(429, {}, { 'x-ratelimit-remaining': '0' }) }, undefined).rateLimit).toEqual({ limit: undefined, remaining: 0, reset: undefined });
	expect(answerOf({ response: response(200, {}, { a: '1' }) }, undefined).rateLimit).toBeUndefined();
	expect(answerOf({ error: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }, undefined).rateLimit).toBeUndefined();
});

test('network errors found where n8n keeps them: the error, its cause, errorResponse or reason, by code or by words; a loop of causes ends', () => {
	const deep = { message: 'Request failed', cause: { reason: { errorResponse: { code: 'ETIMEDOUT' } } } };
	expect(faultOf(deep)).toEqual({ kind: 'timeout', said: 'no answer in time' });
	expect(faultOf({ httpCode: 'ECONNREFUSED' })).toEqual({ kind: 'unreached', said: 'connection refused' });
	expect(faultOf({ message: 'Socket hang up' })).toEqual({ kind: 'reset', said: 'connection closed without an answer' });
	expect(faultOf({ message: 'timeout of 1500ms exceeded' })).toEqual({ kind: 'timeout', said: 'no answer in time' });
	expect(faultOf({ message: 'timeout of ms exceeded' })).toBeUndefined();
	expect(faultOf({ code: 42, httpCode: 500 })).toBeUndefined();
	const loop: Record<string, unknown> = { message: 'a' };
	loop.cause = { message: 'b', cause: loop };
	expect(faultOf(loop)).toBeUndefined();
	expect(faultOf('ECONNRESET')).toBeUndefined();
	expect(classifyThrown(new Error('boom'))).toMatchObject({ kind: 'failed' });
	expect(classifyThrown({ code: 'EPIPE' })).toMatchObject({ kind: 'fault', fault: { kind: 'reset' } });
});

test('without a declared exception, every method is resent, POST included (each carries an Idempotency-Key)', () => {
	expect(whyNotResent({ method: 'post' }, { kind: 'reset', said: 'x' })).toBeUndefined();
	expect(whyNotResent({ method: 'PUT' }, { kind: 'timeout', said: 'x' })).toBeUndefined();
});

test('DELETEs remembered (success or unknown): by key, the newest kept, at most 20,000', () => {
	expect(deletedEarlier(undefined)).toBe(false);
	rememberDelete(undefined);
	expect(deletedEarlier('')).toBe(false);
	rememberDelete('old');
	rememberDelete('kept');
	for (let i = 0; i < 19_997; i++) rememberDelete(`other-${i}`);
	// remembered again: the newest, not the oldest
	rememberDelete('kept');
	expect([deletedEarlier('old'), deletedEarlier('kept')]).toEqual([true, true]);
	// 20,000 remembered: all kept
	rememberDelete('one more');
	expect([deletedEarlier('old'), deletedEarlier('kept')]).toEqual([true, true]);
	// one more: the oldest goes; one more again: the next oldest, not 'kept', which was remembered again
	rememberDelete('and another');
	rememberDelete('and a third');
	expect([deletedEarlier('old'), deletedEarlier('other-0'), deletedEarlier('kept'), deletedEarlier('and a third')]).toEqual([false, false, true, true]);
	expect(alreadyDeleted('pageId', 'gid_1')).toMatchObject({ deleted: true, pageId: 'gid_1', alreadyDeleted: true, note: expect.stringContaining('answer was lost') });
	expect(Object.keys(alreadyDeleted())).toEqual(['deleted', 'alreadyDeleted', 'note']);
});
