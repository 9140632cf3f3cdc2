import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Signature checks of a delivery, pure (no n8n): two schemes, chosen by the header's value.
 *
 * - plain: `<lowercase hex HMAC-SHA256 of the raw body>`, optionally prefixed `sha256=` (our
 *   contract, docs/reference/contract.md). The time of the event is then only in the body, which the signature covers.
 * - timestamped: `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, each `v1` the HMAC-SHA256 of
 *   `"<t>.<raw body>"` (the live service's public client code). Several `v1` values: the secret is
 *   being rotated, any one matching is enough. `t` is covered by the signature, so the age check
 *   on it cannot be cheated by moving `t`.
 *
 * Everything fails closed: no secret, no header, a malformed value, an unknown form is invalid.
 * Signatures are compared as bytes of equal length with `timingSafeEqual`, every `v1` value.
 */

const HEX64 = /^[0-9a-f]{64}$/;
/** Seconds since the epoch, as the service writes them (no sign, no fraction). */
const UNIX_SECONDS = /^\d{1,12}$/;

export type SignatureCheck =
	| { valid: true; scheme: 'plain' }
	/** `signedAt`: the signed `t`, in ms since the epoch. */
	| { valid: true; scheme: 'timestamped'; signedAt: number }
	/** `stale`: correctly signed, but `t` is further from now than the allowed age. */
	| { valid: false; reason: 'invalid' | 'stale' };

export interface CheckOptions {
	/** Allowed distance of the timestamped scheme's `t` from now, either side; 0 turns the check off. Default 300. */
	maxAgeSeconds?: number;
	now?: number;
}

/** Equal-length comparison in constant time; hex of another length is never equal. */
function sameDigest(hex: string, expected: Buffer): boolean {
	const given = Buffer.from(hex, 'hex');
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `t=…,v1=…` split into its parts; undefined when anything in it is malformed or `t` is missing or repeated. Other schemes (`v0=` …) are ignored. */
function parseTimestamped(value: string): { t: string; v1: string[] } | undefined {
	let t: string | undefined;
	const v1: string[] = [];
	for (const part of value.split(',')) {
		const at = part.indexOf('=');
		if (at < 1) return undefined;
		const key = part.slice(0, at).trim();
		const item = part.slice(at + 1).trim();
		if (key === 't') {
			if (t !== undefined || !UNIX_SECONDS.test(item)) return undefined;
			t = item;
		} else if (key === 'v1') {
			if (!HEX64.test(item)) return undefined;
			v1.push(item);
		}
	}
	return t !== undefined && v1.length > 0 ? { t, v1 } : undefined;
}

/**
 * Checks one delivery's signature header against the raw body, in either scheme (see above).
 * A timestamped signature is `stale` only once it is known to be genuine.
 */
export function checkSignature(
	rawBody: Buffer | string,
	secret: string | undefined,
	header: string | string[] | undefined,
	{ maxAgeSeconds = 300, now = Date.now() }: CheckOptions = {},
): SignatureCheck {
	const invalid: SignatureCheck = { valid: false, reason: 'invalid' };
	if (!secret || header === undefined) return invalid;
	const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';

	const plain = value.startsWith('sha256=') ? value.slice('sha256='.length) : value;
	if (HEX64.test(plain)) {
		return sameDigest(plain, createHmac('sha256', secret).update(rawBody).digest()) ? { valid: true, scheme: 'plain' } : invalid;
	}

	const parsed = parseTimestamped(value);
	if (!parsed) return invalid;
	const expected = createHmac('sha256', secret).update(`${parsed.t}.`).update(rawBody).digest();
	let matched = false;
	// every value compared, none skipped: the time taken does not say which one matched
	for (const candidate of parsed.v1) matched = sameDigest(candidate, expected) || matched;
	if (!matched) return invalid;
	const signedAt = Number(parsed.t) * 1000;
	if (maxAgeSeconds && Math.abs(now - signedAt) > maxAgeSeconds * 1000) return { valid: false, reason: 'stale' };
	return { valid: true, scheme: 'timestamped', signedAt };
}

/** A header the service names after itself: `X-<Service>-Signature`. */
const SIGNATURE_HEADER = /^x-[a-z0-9][a-z0-9-]*-signature$/i;

/**
 * The signature header's value: the configured header when the request has it (even empty: it is
 * then refused), else the one header named `x-*-signature`. None, or several of them, is
 * undefined (refused). Safe to look further than the configured name: only the HMAC decides.
 */
export function findSignatureHeader(
	headers: Record<string, string | string[] | undefined>,
	configured: string,
): string | string[] | undefined {
	const wanted = configured.trim().toLowerCase();
	const names = Object.keys(headers).filter((name) => headers[name] !== undefined);
	const exact = names.find((name) => name.toLowerCase() === wanted);
	if (exact !== undefined) return headers[exact];
	const candidates = names.filter((name) => SIGNATURE_HEADER.test(name));
	return candidates.length === 1 ? headers[candidates[0]] : undefined;
}

export type Freshness = 'fresh' | 'stale' | 'invalid';

/**
 * Whether an event time is within `maxAgeSeconds` of now (either side, for clock skew). 0 turns
 * the check off. `at`: an ISO 8601 string or ms since the epoch (envelope.ts reads both fields).
 */
export function checkFreshness(at: unknown, maxAgeSeconds: number, now = Date.now()): Freshness {
	if (!maxAgeSeconds) return 'fresh';
	const ms = typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : NaN;
	if (!Number.isFinite(ms)) return 'invalid';
	return Math.abs(now - ms) <= maxAgeSeconds * 1000 ? 'fresh' : 'stale';
}
