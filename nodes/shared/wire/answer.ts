import type { ICredentialDataDecryptedObject, IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { withheldFrom, withholdingOf } from './withheld';

/**
 * What came back for one attempt of a request, classified once (`answerOf`, in the send loop,
 * send.ts), which decides from it alone:
 *
 * - `succeeded`: a 2xx with a JSON body (or none).
 * - `rateLimited`: a 429. The API did nothing; waited out and sent again.
 * - `fault`: a transient fault, answered (502, 503, 504) or not (`unreached`: a connection refused
 *   or a host name that did not resolve; a reset; a timeout): resent when its endpoint allows
 *   (send.ts `shouldResend`).
 * - `failed`: any other answer (a 4xx, a 500, a 2xx that is not JSON) or an error that is no fault.
 */
export type Answer =
	| { kind: 'succeeded'; response: IN8nHttpFullResponse }
	| { kind: 'rateLimited'; response: IN8nHttpFullResponse; retryAfter?: number }
	| { kind: 'fault'; fault: Fault; response?: IN8nHttpFullResponse; error?: unknown }
	| { kind: 'failed'; response?: IN8nHttpFullResponse; error?: unknown };

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

/** An attempt's outcome classified, with the secrets of the run's credential withheld before anything reads it (`withheldFrom`, below). */
export function answerOf(outcome: Outcome, credentials: ICredentialDataDecryptedObject | undefined): Answer {
	return withheldFrom('response' in outcome ? classifyResponse(outcome.response) : classifyThrown(outcome.error), withholdingOf(credentials));
}

/** An answer the API gave (requests run with `ignoreHttpStatusErrors`, so every status arrives here). */
export function classifyResponse(response: IN8nHttpFullResponse): Answer {
	const status = response.statusCode;
	if (status >= 200 && status < 300) {
		// a text body where JSON was asked for (a proxy's page): the call may have taken effect
		if (typeof response.body === 'string' && response.body.trim() !== '') return { kind: 'failed', response };
		return { kind: 'succeeded', response };
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

/** The answer's headers, where there was an answer (what it says of the rate limit goes to the key's queue). */
export const headersOf = (answer: Answer): IDataObject | undefined => ('response' in answer ? (answer.response?.headers as IDataObject | undefined) : undefined);

/*
 * Every header the wire reads, read with the functions below: by its name in any case, the first of
 * several values.
 * - `Retry-After` of a 429 or a 503 (here, failure.ts): seconds, or an HTTP date;
 * - `X-RateLimit-Limit`, `-Remaining`, `-Reset`: the API key's rate-limit budget (`rateLimitOf`, for keyQueue.ts's pace);
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
