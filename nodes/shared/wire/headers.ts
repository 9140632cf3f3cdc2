/**
 * Every header the wire reads, read here: by its name in any case, the first of several values.
 * - `Retry-After` of a 429 or a 503 (answer.ts, failure.ts): seconds, or an HTTP date;
 * - `X-RateLimit-Limit`, `-Remaining`, `-Reset`: the API key's rate-limit budget (pace.ts);
 * - `Idempotency-Key` on a request: the user's own, or one stamped (idempotency.ts);
 * - `Idempotent-Replayed` of an answer to a POST (send.ts: dropped from a replay of the call's own
 *   earlier attempt; what the operations' output reads otherwise).
 */

/** Headers as n8n holds them: a plain object or AxiosHeaders (whose own properties are the headers). */
type Headers = object | undefined;

/** A header's value, whatever the case of its name; the first of several. */
export function headerOf(headers: Headers, name: string): string | undefined {
	const wanted = name.toLowerCase();
	const found: unknown = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === wanted)?.[1];
	const value: unknown = Array.isArray(found) ? found[0] : found;
	return value === undefined || value === null ? undefined : String(value);
}

/** Seconds of a Retry-After header: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const at = Date.parse(value);
	return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

/** What one answer's X-RateLimit-* headers say about the API key's budget. */
export interface RateLimit {
	limit?: number;
	remaining: number;
	/** When the budget resets (ms since the epoch); undefined for a Reset of 0 or none. */
	resetAt?: number;
}

/** The rate-limit budget an answer's headers state (Reset in seconds, or a unix time when that large), or undefined without them. */
export function rateLimitOf(headers: Headers, now: number): RateLimit | undefined {
	const value = (name: string) => {
		const found = headerOf(headers, name);
		const n = found === undefined || found === '' ? NaN : Number(found);
		return Number.isFinite(n) && n >= 0 ? n : undefined;
	};
	const remaining = value('x-ratelimit-remaining');
	if (remaining === undefined) return undefined;
	const reset = value('x-ratelimit-reset');
	const resetAt = !reset ? undefined : reset > 1e9 ? reset * 1000 : now + reset * 1000;
	return { limit: value('x-ratelimit-limit'), remaining: Math.floor(remaining), resetAt: resetAt !== undefined && resetAt > now ? resetAt : undefined };
}

/** The headers without `name` (any case): a copy, the answer's own left as it came. */
export function withoutHeader<T extends { headers?: object }>(response: T, name: string): T {
	const wanted = name.toLowerCase();
	if (!Object.keys(response.headers ?? {}).some((key) => key.toLowerCase() === wanted)) return response;
	return { ...response, headers: Object.fromEntries(Object.entries(response.headers ?? {}).filter(([key]) => key.toLowerCase() !== wanted)) };
}
