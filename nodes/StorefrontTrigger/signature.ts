import { createHmac, timingSafeEqual } from 'crypto';

/** Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret (CONTRACT: webhook deliveries). */
export function computeSignature(secret: string, rawBody: Buffer | string): string {
	return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * True only when `header` carries the HMAC of exactly these bytes, as the API writes it:
 * lowercase hex, optionally prefixed `sha256=`. Anything else (uppercase, other prefixes,
 * padding) is refused: the API never sends it. Compares in constant time. Fails closed: no
 * secret, no header or a malformed value is false.
 */
export function verifySignature(
	rawBody: Buffer | string,
	secret: string | undefined,
	header: string | string[] | undefined,
): boolean {
	if (!secret || header === undefined) return false;
	let value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
	if (value.startsWith('sha256=')) value = value.slice('sha256='.length);
	if (!/^[0-9a-f]{64}$/.test(value)) return false;
	const expected = createHmac('sha256', secret).update(rawBody).digest();
	const given = Buffer.from(value, 'hex');
	return given.length === expected.length && timingSafeEqual(given, expected);
}

export type Freshness = 'fresh' | 'stale' | 'invalid';

/** Whether an envelope timestamp is within `maxAgeSeconds` of now (either side, for clock skew). 0 turns the check off. */
export function checkFreshness(timestamp: unknown, maxAgeSeconds: number, now = Date.now()): Freshness {
	if (!maxAgeSeconds) return 'fresh';
	const at = typeof timestamp === 'string' ? Date.parse(timestamp) : NaN;
	if (Number.isNaN(at)) return 'invalid';
	return Math.abs(now - at) <= maxAgeSeconds * 1000 ? 'fresh' : 'stale';
}

/**
 * Remembers, per trigger, the event ids that started the workflow in this process and when
 * (the delivery's timestamp, on the API's clock), so a repeat can be checked against the API's
 * delivery log from that moment on. Bounded: the oldest ids go first.
 */
export class ReplayGuard {
	private readonly seen = new Map<string, { until: number; startedAt: number }>();

	constructor(private readonly maxEntries = 10_000) {}

	/** When this id last started the workflow here, if remembered and not expired. */
	recall(scope: string, eventId: string, now = Date.now()): number | undefined {
		const entry = this.seen.get(`${scope}\u0000${eventId}`);
		return entry && entry.until > now ? entry.startedAt : undefined;
	}

	/** Records that the id starts the workflow now; `startedAt` is the delivery's timestamp. */
	remember(scope: string, eventId: string, startedAt: number, ttlMs: number, now = Date.now()) {
		const key = `${scope}\u0000${eventId}`;
		this.seen.delete(key);
		this.seen.set(key, { until: now + ttlMs, startedAt });
		while (this.seen.size > this.maxEntries) {
			const oldest = this.seen.keys().next().value as string;
			this.seen.delete(oldest);
		}
	}
}
