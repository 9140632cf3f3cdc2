import type { ICredentialDataDecryptedObject, IN8nHttpFullResponse } from 'n8n-workflow';

/**
 * What came back for one attempt of a request, classified once (`answerOf`, in the send loop,
 * send.ts), which decides from it alone:
 *
 * - `succeeded`: a 2xx with a JSON body (or none); `replayed` when it is the API's first answer to
 *   an earlier request with the same Idempotency-Key (`Idempotent-Replayed: true`).
 * - `rateLimited`: a 429. The API did nothing; waited out and sent again.
 * - `fault`: a transient fault, answered (502, 503, 504) or not (`unreached`: a connection refused
 *   or a host name that did not resolve; a reset; a timeout): resent when its endpoint allows
 *   (send.ts `shouldResend`).
 * - `failed`: any other answer (a 4xx, a 500, a 2xx that is not JSON) or an error that is no fault.
 */
export type Answer = (
	| { kind: 'succeeded'; response: IN8nHttpFullResponse; replayed?: true }
	| { kind: 'rateLimited'; response: IN8nHttpFullResponse; retryAfter?: number }
	| { kind: 'fault'; fault: Fault; response?: IN8nHttpFullResponse; error?: unknown }
	| { kind: 'failed'; response?: IN8nHttpFullResponse; error?: unknown }
) & {
	/** What its X-RateLimit-* headers say, read with it (`answerOf`) for the key's queue (pace.ts). */
	rateLimit?: RateLimitHeaders;
};

/** `unreached`: nothing reached the API (a connection refused, a host name that did not resolve). */
export type FaultKind = 'unreached' | 'reset' | 'timeout' | 'status';

export interface Fault {
	kind: FaultKind;
	/** What happened, in words ("connection reset", "503"). */
	said: string;
	/** Seconds the answer asked to wait (Retry-After of a 503). */
	retryAfter?: number;
}

/** What one attempt came to, as a door hands it to the send loop: the API's answer, or the error thrown instead. */
export type Outcome = { response: IN8nHttpFullResponse } | { error: unknown };

/** An attempt's outcome classified, with the secrets of the run's credential withheld before anything reads it (`withheldFrom`, below), its rate-limit headers read. */
export function answerOf(outcome: Outcome, credentials: ICredentialDataDecryptedObject | undefined): Answer {
	const answer = withheldFrom('response' in outcome ? classifyResponse(outcome.response) : classifyThrown(outcome.error), withholdingOf(credentials));
	const rateLimit = rateLimitHeaders(answer.response?.headers);
	return rateLimit ? { ...answer, rateLimit } : answer;
}

/*
 * Withholding. docs/reference/contract.md: the API never repeats a secret it was sent; a client
 * that finds one in an answer, success or error, does not pass it on. Every answer of either door
 * passes `withheldFrom` (`answerOf`) before anything reads it: its body and headers, and the texts
 * of an error thrown instead, hold `[withheld]` where a secret of the credential was. What the
 * node outputs, a model reads, and every error is made from that.
 */

/** The credential's fields that hold secrets (its password fields): the key, and the ad networks' secrets it sends. */
export const SECRET_FIELDS = ['apiKey', 'chatnetApiKey', 'sparkAuthCodeSecret'] as const;

const WITHHELD = '[withheld]';

/** Shorter values are not looked for: no real secret is that short, and replacing them would garble answers. */
const MIN_SECRET_LENGTH = 8;

export type Withhold = <T>(value: T) => T;

const isPlain = (value: object) => {
	const prototype: unknown = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === Array.prototype || prototype === null;
};

/** How deep, and how many values, the check reads before it leaves the answer to the full walk (a cycle, a shared value): no answer is near either. */
const MAX_DEPTH = 64;
const MAX_VALUES = 1_000_000;

/** Replaces every secret of the credential in a value: a string, a Buffer, plain JSON data (keys too), deep; other objects as they are. */
export function withholding(credentials: ICredentialDataDecryptedObject | undefined): Withhold {
	const secrets: string[] = [];
	for (const name of SECRET_FIELDS) {
		const value = credentials?.[name];
		if (typeof value === 'string' && value.trim().length >= MIN_SECRET_LENGTH) secrets.push(value.trim());
	}
	if (!secrets.length) return (value) => value;
	const inText = (text: string) => secrets.some((secret) => text.includes(secret));
	// whether a value holds a secret anywhere, read without copying anything: most answers hold none, and are handed on as they came
	let read = 0;
	const holds = (value: unknown, depth: number): boolean => {
		if (typeof value === 'string') return inText(value);
		if (!value || typeof value !== 'object') return false;
		if (Buffer.isBuffer(value)) return inText(value.toString('utf8'));
		if (!isPlain(value)) return false;
		// past any answer's size (a cycle, a value shared many times): scrub's own walk decides
		if (depth > MAX_DEPTH || ++read > MAX_VALUES) return true;
		if (Array.isArray(value)) {
			for (const item of value) if (holds(item, depth + 1)) return true;
			return false;
		}
		for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key) && (inText(key) || holds((value as Record<string, unknown>)[key], depth + 1))) return true;
		return false;
	};
	const holdsSecret = (value: unknown) => {
		read = 0;
		return holds(value, 0);
	};
	const scrub = (value: unknown, seen: WeakSet<object>): unknown => {
		if (typeof value === 'string') return inText(value) ? secrets.reduce((text, secret) => text.split(secret).join(WITHHELD), value) : value;
		if (Buffer.isBuffer(value)) return inText(value.toString('utf8')) ? scrub(value.toString('utf8'), seen) : value;
		if (!value || typeof value !== 'object' || !isPlain(value) || seen.has(value)) return value;
		seen.add(value);
		// copied only where something changes: an answer without a secret is handed on as it came
		let changed = false;
		const kept = <V>(before: V, after: V) => {
			changed ||= after !== before;
			return after;
		};
		if (Array.isArray(value)) {
			const items = value.map((item) => kept(item, scrub(item, seen)));
			return changed ? items : value;
		}
		const entries = Object.entries(value).map(([key, item]) => [kept(key, scrub(key, seen) as string), kept(item, scrub(item, seen))]);
		return changed ? Object.fromEntries(entries) : value;
	};
	return (value) => (holdsSecret(value) ? (scrub(value, new WeakSet()) as typeof value) : value);
}

/** Each credential's withholding, made at its first answer: a node run reads its credential once (send.ts `credentialOfRun`). */
const withholds = new WeakMap<ICredentialDataDecryptedObject, Withhold>();
const withholdNothing: Withhold = (value) => value;

export function withholdingOf(credentials: ICredentialDataDecryptedObject | undefined): Withhold {
	if (!credentials) return withholdNothing;
	let withhold = withholds.get(credentials);
	if (!withhold) withholds.set(credentials, (withhold = withholding(credentials)));
	return withhold;
}

/** The answer with its secrets withheld: the response's body and headers, or every text of the error (not its node). */
export function withheldFrom<A extends { response: IN8nHttpFullResponse } | { error: unknown } | object>(answer: A, withhold: Withhold): A {
	const response = 'response' in answer ? (answer.response as IN8nHttpFullResponse | undefined) : undefined;
	const error = 'error' in answer ? answer.error : undefined;
	if (error && typeof error === 'object') {
		const e = error as Record<string, unknown>;
		for (const key of new Set([...Object.keys(e), 'message', 'stack'])) if (key !== 'node' && e[key] !== undefined) e[key] = withhold(e[key]);
	}
	if (!response) return answer;
	// n8n's headers are an AxiosHeaders object: its own properties are the headers
	const plain = { ...response.headers };
	const headers = withhold(plain);
	const body = withhold(response.body);
	// nothing withheld: the answer as it came, uncopied
	if (headers === plain && body === response.body) return answer;
	const cleaned: IN8nHttpFullResponse = { ...response, body, headers: headers !== plain ? headers : response.headers };
	return { ...answer, response: cleaned };
}

/** An answer the API gave (requests run with `ignoreHttpStatusErrors`, so every status arrives here). */
export function classifyResponse(response: IN8nHttpFullResponse): Answer {
	const status = response.statusCode;
	if (status >= 200 && status < 300) {
		// a text body where JSON was asked for (a proxy's page): the call may have taken effect
		if (typeof response.body === 'string' && response.body.trim() !== '') return { kind: 'failed', response };
		return headerOf(response.headers, 'Idempotent-Replayed') === 'true' ? { kind: 'succeeded', response, replayed: true } : { kind: 'succeeded', response };
	}
	const retryAfter = parseRetryAfter(headerOf(response.headers, 'retry-after'));
	if (status === 429) return { kind: 'rateLimited', response, retryAfter };
	if (status === 502 || status === 503 || status === 504) return { kind: 'fault', fault: { kind: 'status', said: `${status}`, retryAfter }, response };
	return { kind: 'failed', response };
}

const CODES: Record<string, { kind: FaultKind; said: string }> = {
	ECONNREFUSED: { kind: 'unreached', said: 'connection refused' },
	ECONNRESET: { kind: 'reset', said: 'connection reset' },
	EPIPE: { kind: 'reset', said: 'connection reset' },
	ERR_SOCKET_CONNECTION_TIMEOUT: { kind: 'timeout', said: 'no connection in time' },
	ECONNABORTED: { kind: 'timeout', said: 'no answer in time' },
	ETIMEDOUT: { kind: 'timeout', said: 'no answer in time' },
	ESOCKETTIMEDOUT: { kind: 'timeout', said: 'no answer in time' },
	EAI_AGAIN: { kind: 'unreached', said: 'the API host name did not resolve' },
};

/** A request that threw instead of answering: a transient fault when the network error behind it is one. */
export function classifyThrown(error: unknown): Answer {
	const fault = faultOf(error);
	return fault ? { kind: 'fault', fault, error } : { kind: 'failed', error };
}

/** The network fault behind an error (n8n wraps a request's network error in a NodeApiError), if it is one. */
export function faultOf(error: unknown): Fault | undefined {
	// n8n keeps the network error as the NodeApiError's cause (or errorResponse, when it is not an Error of this realm)
	const queue: unknown[] = [error];
	const seen = new Set<unknown>();
	while (queue.length) {
		const e = queue.shift();
		if (!e || typeof e !== 'object' || seen.has(e)) continue;
		seen.add(e);
		const { code, httpCode, message, cause, errorResponse, reason } = e as Record<string, unknown>;
		const known = (typeof code === 'string' ? CODES[code] : undefined) ?? (typeof httpCode === 'string' ? CODES[httpCode] : undefined);
		if (known) return { ...known };
		if (typeof message === 'string' && /socket hang up/i.test(message)) return { kind: 'reset', said: 'connection closed without an answer' };
		if (typeof message === 'string' && /timeout of \d+ms exceeded/i.test(message)) return { kind: 'timeout', said: 'no answer in time' };
		queue.push(cause, errorResponse, reason);
	}
	return undefined;
}

/*
 * Every header the wire reads, read with the functions below: by its name in any case, the first of
 * several values.
 * - `Retry-After` of a 429 or a 503 (here, failure.ts): seconds, or an HTTP date;
 * - `X-RateLimit-Limit`, `-Remaining`, `-Reset`: the key's budget, read with the answer (pace.ts `rateLimitOf`);
 * - `Idempotency-Key` on a request: the user's own, or one stamped (idempotency.ts);
 * - `Idempotent-Replayed` of an answer to a POST (`classifyResponse`: a replay, except of the
 *   call's own earlier attempt, send.ts; what the operations' output says).
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

/** An answer's X-RateLimit-* headers as numbers (pace.ts `rateLimitOf` makes them the key's budget). */
export interface RateLimitHeaders {
	limit?: number;
	remaining: number;
	/** Seconds to the reset, or a unix time when that large; 0 (or none) for a token bucket. */
	reset?: number;
}

/** The X-RateLimit-* headers, each one that is not a number ≥ 0 left out; none without a Remaining. */
export function rateLimitHeaders(headers: Headers): RateLimitHeaders | undefined {
	const value = (name: string) => {
		const found = headerOf(headers, name);
		const n = found === undefined || found === '' ? NaN : Number(found);
		return Number.isFinite(n) && n >= 0 ? n : undefined;
	};
	const remaining = value('x-ratelimit-remaining');
	return remaining === undefined ? undefined : { limit: value('x-ratelimit-limit'), remaining, reset: value('x-ratelimit-reset') };
}

/** Seconds of a Retry-After header: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const at = Date.parse(value);
	return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}
