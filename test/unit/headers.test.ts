import { AxiosHeaders } from 'axios';

import { classifyResponse, headerOf, rateLimitHeaders } from '../../nodes/shared/wire/answer';
import { answerError } from '../../nodes/shared/wire/failure';
import { idempotencyKeyOf } from '../../nodes/shared/wire/idempotency';
import { rateLimitOf } from '../../nodes/shared/wire/pace';

/**
 * Every header the wire reads, read in one place (nodes/shared/wire/answer.ts): by its name in any
 * case, the first of several values, from a plain object or n8n's AxiosHeaders; and the readers
 * built on it (Retry-After, X-RateLimit-*, a request's Idempotency-Key), as their callers see them.
 */

const node = { id: 'n1', name: 'Storefront', type: 'x', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };

test('a header by its name in any case; the first of several values; numbers as text; none as undefined', () => {
	expect(headerOf({ 'X-Thing': 'a' }, 'X-Thing')).toBe('a');
	expect(headerOf({ 'x-thing': 'b' }, 'X-Thing')).toBe('b');
	expect(headerOf({ 'X-THING': 'c' }, 'x-Thing')).toBe('c');
	expect(headerOf({ 'x-thing': ['d', 'e'] }, 'x-thing')).toBe('d');
	expect(headerOf({ 'x-thing': 5 }, 'x-thing')).toBe('5');
	expect(headerOf({ 'x-thing': null }, 'x-thing')).toBeUndefined();
	expect(headerOf({}, 'x-thing')).toBeUndefined();
	expect(headerOf(undefined, 'x-thing')).toBeUndefined();
	expect(headerOf(new AxiosHeaders({ 'Retry-After': '3' }), 'retry-after')).toBe('3');
});

test('Retry-After in any case, for the decision (answer.ts) and for the error\'s words (failure.ts) alike', () => {
	const refused = { statusCode: 429, headers: { 'RETRY-AFTER': '12' }, body: { error: { code: 'rate_limited', message: 'slow down' } } };
	expect(classifyResponse(refused)).toMatchObject({ kind: 'rateLimited', retryAfter: 12 });
	expect(answerError(node, refused).description).toContain('Wait 12 seconds');
});

test('X-RateLimit-*: Reset in seconds or as a unix time, 0 or none for a token bucket; no Remaining, no budget', () => {
	const now = 1_800_000_000_000;
	expect(rateLimitOf(rateLimitHeaders({ 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '2' }), now)).toEqual({ limit: 100, remaining: 0, resetAt: now + 2000 });
	expect(rateLimitOf(rateLimitHeaders({ 'x-ratelimit-remaining': ['7', '9'], 'x-ratelimit-reset': String(now / 1000 + 5) }), now)).toEqual({ limit: undefined, remaining: 7, resetAt: now + 5000 });
	expect(rateLimitOf(rateLimitHeaders({ 'X-RateLimit-Remaining': '3.9', 'X-RateLimit-Reset': '0' }), now)).toEqual({ limit: undefined, remaining: 3, resetAt: undefined });
	expect(rateLimitOf(rateLimitHeaders({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(now / 1000 - 5) }), now)).toEqual({ limit: undefined, remaining: 0, resetAt: undefined });
	expect(rateLimitOf(rateLimitHeaders({ 'X-RateLimit-Limit': '100' }), now)).toBeUndefined();
	expect(rateLimitOf(rateLimitHeaders({ 'X-RateLimit-Remaining': 'many' }), now)).toBeUndefined();
	expect(rateLimitOf(rateLimitHeaders({ 'X-RateLimit-Remaining': '' }), now)).toBeUndefined();
	expect(rateLimitOf(rateLimitHeaders({ 'X-RateLimit-Remaining': '-1' }), now)).toBeUndefined();
	expect(rateLimitOf(rateLimitHeaders(undefined), now)).toBeUndefined();
});

test('a request\'s own Idempotency-Key in any case, trimmed; blank is none', () => {
	expect(idempotencyKeyOf({ headers: { 'idempotency-KEY': ' k1 ' } })).toBe('k1');
	expect(idempotencyKeyOf({ headers: { 'Idempotency-Key': '  ' } })).toBeUndefined();
	expect(idempotencyKeyOf({})).toBeUndefined();
});
