import crypto, { createHmac } from 'node:crypto';

import { checkFreshness, checkSignature, findSignatureHeader } from '../../nodes/StorefrontTrigger/signature';

const secret = 'whsec_0123456789abcdef0123456789abcdef';
const body = '{"id":"evt_1","event":"post.published","timestamp":"2026-11-22T10:00:00.000Z","data":{}}';
const good = createHmac('sha256', secret).update(body).digest('hex');
const valid = (...args: Parameters<typeof checkSignature>) => checkSignature(...args).valid;

describe('the plain scheme: <hex HMAC of the body>, optionally sha256=', () => {
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
		expect(valid(raw, key as string | undefined, header as string | undefined)).toBe(expected);
	});

	test('the first of repeated headers is used', () => {
		expect(valid(body, secret, [good, 'junk'])).toBe(true);
	});
});

describe('the timestamped scheme: t=<unix s>,v1=<hex HMAC of "<t>.<body>">', () => {
	const now = Date.parse('2026-11-22T10:00:00.000Z');
	const t = now / 1000;
	// computed here with node:crypto, independently of the code under test
	const v1 = (key: string, at: number | string, raw: string) => createHmac('sha256', key).update(`${at}.${raw}`).digest('hex');
	const sigAt = v1(secret, t, body);
	const check = (header: string | undefined, options: { maxAgeSeconds?: number; now?: number } = {}, raw: string | Buffer = body, key: string | undefined = secret) =>
		checkSignature(raw, key, header, { now, ...options });

	test.each([
		['valid', `t=${t},v1=${sigAt}`],
		['valid, spaces around the parts', ` t=${t}, v1=${sigAt} `],
		['v1 first', `v1=${sigAt},t=${t}`],
		['secret rotation: the old secret\'s v1 first, then ours', `t=${t},v1=${v1('whsec_old', t, body)},v1=${sigAt}`],
		['secret rotation: ours first', `t=${t},v1=${sigAt},v1=${v1('whsec_new', t, body)}`],
		['another scheme beside v1 is ignored (v0)', `t=${t},v0=${'0'.repeat(64)},v1=${sigAt}`],
		['t at the edge of Max Age (300 s old)', `t=${t - 300},v1=${v1(secret, t - 300, body)}`],
		['t at the edge of Max Age (300 s ahead: clock skew)', `t=${t + 300},v1=${v1(secret, t + 300, body)}`],
	])('%s → valid', (_name, header) => {
		expect(check(header)).toEqual({ valid: true, scheme: 'timestamped', signedAt: expect.any(Number) });
	});

	test('a Buffer body, and signedAt is t in ms', () => {
		expect(check(`t=${t},v1=${sigAt}`, {}, Buffer.from(body))).toEqual({ valid: true, scheme: 'timestamped', signedAt: now });
	});

	test.each([
		['t moved, v1 kept', `t=${t + 1},v1=${sigAt}`],
		['t moved back, v1 kept', `t=${t - 1000},v1=${sigAt}`],
		['t re-signed with another secret', `t=${t + 5},v1=${v1('whsec_attacker', t + 5, body)}`],
		['v1 of the body alone (the plain signature in a v1)', `t=${t},v1=${good}`],
		['v1 without "<t>." (signed "<t><body>")', `t=${t},v1=${createHmac('sha256', secret).update(`${t}${body}`).digest('hex')}`],
		['tampered v1', `t=${t},v1=${sigAt.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`],
		['uppercase v1', `t=${t},v1=${sigAt.toUpperCase()}`],
		['truncated v1', `t=${t},v1=${sigAt.slice(0, 63)}`],
		['extended v1', `t=${t},v1=${sigAt}00`],
		['no t', `v1=${sigAt}`],
		['t twice', `t=${t},t=${t},v1=${sigAt}`],
		['t not digits', `t=${t}.5,v1=${sigAt}`],
		['t negative', `t=-${t},v1=${sigAt}`],
		['t empty', `t=,v1=${sigAt}`],
		['no v1', `t=${t}`],
		['only a v0 (another scheme)', `t=${t},v0=${sigAt}`],
		['a malformed v1 beside the good one', `t=${t},v1=zz,v1=${sigAt}`],
		['a part without "="', `t=${t},v1=${sigAt},junk`],
		['a trailing comma', `t=${t},v1=${sigAt},`],
		['sha256= prefix on the v1', `t=${t},v1=sha256=${sigAt}`],
		['semicolons for commas', `t=${t};v1=${sigAt}`],
	])('%s → invalid', (_name, header) => {
		expect(check(header)).toEqual({ valid: false, reason: 'invalid' });
	});

	test('wrong secret, no secret, tampered body → invalid', () => {
		const header = `t=${t},v1=${sigAt}`;
		expect(check(header, {}, body, 'whsec_other')).toEqual({ valid: false, reason: 'invalid' });
		expect(checkSignature(body, undefined, header, { now })).toEqual({ valid: false, reason: 'invalid' });
		expect(check(header, {}, body, '')).toEqual({ valid: false, reason: 'invalid' });
		expect(check(header, {}, body.replace('post.published', 'post.failed'))).toEqual({ valid: false, reason: 'invalid' });
		expect(check(header, {}, `${body} `)).toEqual({ valid: false, reason: 'invalid' });
	});

	test('a genuine signature whose t is outside Max Age → stale; Max Age 0 turns the check off', () => {
		const old = t - 301;
		const header = `t=${old},v1=${v1(secret, old, body)}`;
		expect(check(header)).toEqual({ valid: false, reason: 'stale' });
		expect(check(`t=${t + 301},v1=${v1(secret, t + 301, body)}`)).toEqual({ valid: false, reason: 'stale' });
		expect(check(header, { maxAgeSeconds: 600 })).toMatchObject({ valid: true });
		expect(check(header, { maxAgeSeconds: 0 })).toMatchObject({ valid: true });
		// a forged t is never "stale": staleness is told only once the signature is known to be genuine
		expect(check(`t=${old},v1=${sigAt}`)).toEqual({ valid: false, reason: 'invalid' });
	});

	test('either scheme is valid in the same call', () => {
		expect(valid(body, secret, `t=${t},v1=${sigAt}`, { now })).toBe(true);
		expect(valid(body, secret, good)).toBe(true);
		expect(valid(body, secret, `t=${t},v1=${sigAt}`, { now: now + 301_000 })).toBe(false);
	});

	test('every v1 is compared, in constant time (timingSafeEqual), whichever matches', () => {
		const spy = jest.spyOn(crypto, 'timingSafeEqual');
		try {
			check(`t=${t},v1=${sigAt},v1=${v1('whsec_a', t, body)},v1=${v1('whsec_b', t, body)}`);
			expect(spy).toHaveBeenCalledTimes(3);
			spy.mockClear();
			checkSignature(body, secret, good);
			expect(spy).toHaveBeenCalledTimes(1);
		} finally {
			spy.mockRestore();
		}
	});
});

describe('findSignatureHeader: the configured header, else the one x-*-signature header', () => {
	test.each([
		['the configured header', { 'x-webhook-signature': 'a' }, 'X-Webhook-Signature', 'a'],
		['the configured header first, even when another x-*-signature is there', { 'x-storefront-signature': 'b', 'x-webhook-signature': 'a' }, 'X-Webhook-Signature', 'a'],
		['the configured header present but empty: that (refused later), not another', { 'x-webhook-signature': '', 'x-storefront-signature': 'b' }, 'X-Webhook-Signature', ''],
		['absent: the service-named header', { 'x-storefront-signature': 'b', 'content-type': 'application/json' }, 'X-Webhook-Signature', 'b'],
		['absent: a header of another case', { 'X-Storefront-Signature': 'b' }, 'X-Webhook-Signature', 'b'],
		['absent, two candidates: none (ambiguous)', { 'x-storefront-signature': 'b', 'x-shop-signature': 'c' }, 'X-Webhook-Signature', undefined],
		['absent, no candidate', { 'x-signature': 'b', 'x-storefront-sig': 'c', signature: 'd', 'x-hub-signature-256': 'e' }, 'X-Webhook-Signature', undefined],
		['a custom configured name', { 'x-custom-sig': 'c' }, 'X-Custom-Sig', 'c'],
	])('%s', (_name, headers, configured, expected) => {
		expect(findSignatureHeader(headers as Record<string, string>, configured)).toBe(expected);
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
		[Date.parse('2026-11-22T10:00:00.000Z'), 300, 'fresh'],
		[Date.parse('2026-11-22T09:59:59.000Z'), 300, 'stale'],
		[Number.NaN, 300, 'invalid'],
	])('%s with max age %s → %s', (timestamp, maxAge, expected) => {
		expect(checkFreshness(timestamp, maxAge, now)).toBe(expected);
	});
});
