import { createHmac } from 'node:crypto';

import { checkFreshness, computeSignature, ReplayGuard, verifySignature } from '../../nodes/StorefrontTrigger/signature';

const secret = 'whsec_0123456789abcdef0123456789abcdef';
const body = '{"id":"evt_1","event":"post.published","timestamp":"2026-11-22T10:00:00.000Z","data":{}}';
const good = createHmac('sha256', secret).update(body).digest('hex');

describe('verifySignature', () => {
	test.each([
		['valid', body, secret, good, true],
		['valid, Buffer body', Buffer.from(body), secret, good, true],
		['sha256= prefix', body, secret, `sha256=${good}`, true],
		['uppercase hex (the API sends lowercase)', body, secret, good.toUpperCase(), false],
		['surrounding spaces', body, secret, ` ${good} `, true],
		['tampered body', body.replace('post.published', 'post.failed'), secret, good, false],
		['one extra byte', `${body} `, secret, good, false],
		['tampered signature', body, secret, good.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), false],
		['wrong secret', body, 'whsec_other', good, false],
		['missing header', body, secret, undefined, false],
		['empty header', body, secret, '', false],
		['truncated signature', body, secret, good.slice(0, 63), false],
		['not hex', body, secret, 'z'.repeat(64), false],
		['no secret stored', body, undefined, good, false],
		['empty secret', body, '', good, false],
	])('%s → %s', (_name, raw, key, header, expected) => {
		expect(verifySignature(raw, key as string | undefined, header as string | undefined)).toBe(expected);
	});

	test('the first of repeated headers is used', () => {
		expect(verifySignature(body, secret, [good, 'junk'])).toBe(true);
	});

	test('computeSignature is the lowercase hex HMAC', () => {
		expect(computeSignature(secret, body)).toBe(good);
	});
});

describe('checkFreshness', () => {
	const now = Date.parse('2026-11-22T10:05:00.000Z');
	test.each([
		['2026-11-22T10:00:00.000Z', 300, 'fresh'],
		['2026-11-22T09:59:59.000Z', 300, 'stale'],
		['2026-11-22T10:10:01.000Z', 300, 'stale'],
		['not a date', 300, 'invalid'],
		[undefined, 300, 'invalid'],
		['2020-01-01T00:00:00.000Z', 0, 'fresh'],
	])('%s with max age %s → %s', (timestamp, maxAge, expected) => {
		expect(checkFreshness(timestamp, maxAge, now)).toBe(expected);
	});
});

describe('ReplayGuard', () => {
	test('remembers per scope when an id started the workflow, until it expires', () => {
		const guard = new ReplayGuard();
		expect(guard.recall('wf1', 'evt_1', 0)).toBeUndefined();
		guard.remember('wf1', 'evt_1', 42, 1000, 0);
		expect(guard.recall('wf1', 'evt_1', 500)).toBe(42);
		expect(guard.recall('wf2', 'evt_1', 500)).toBeUndefined();
		expect(guard.recall('wf1', 'evt_1', 1500)).toBeUndefined();
		guard.remember('wf1', 'evt_1', 77, 1000, 1500);
		expect(guard.recall('wf1', 'evt_1', 1600)).toBe(77);
	});
	test('is bounded: the oldest ids are forgotten first', () => {
		const guard = new ReplayGuard(3);
		for (const id of ['a', 'b', 'c', 'd']) guard.remember('s', id, 0, 10_000, 0);
		expect(guard.recall('s', 'd', 1)).toBe(0);
		expect(guard.recall('s', 'a', 1)).toBeUndefined();
	});
});
