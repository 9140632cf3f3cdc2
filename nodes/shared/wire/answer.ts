import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { headerOf, parseRetryAfter } from './headers';

/**
 * What came back for one attempt of a request, classified once, as a value both doors
 * (requestHook.ts, apiRequest.ts) hand to `sendPolitely` (send.ts), which decides from it alone:
 *
 * - `succeeded`: a 2xx with a JSON body (or none).
 * - `rateLimited`: a 429. The API did nothing; waited out and sent again.
 * - `fault`: a transient fault, answered (502, 503, 504) or not (unreached: a refused connection or a host name that did not
 *   resolve; reset; timeout): resent
 *   when the request's policy allows (resend.ts).
 * - `failed`: any other answer (a 4xx, a 500, a 2xx that is not JSON) or an error that is no fault.
 */
export type Answer =
	| { kind: 'succeeded'; response: IN8nHttpFullResponse }
	| { kind: 'rateLimited'; response: IN8nHttpFullResponse; retryAfter?: number }
	| { kind: 'fault'; fault: Fault; response?: IN8nHttpFullResponse; error?: unknown }
	| { kind: 'failed'; response?: IN8nHttpFullResponse; error?: unknown };

/** `unreached`: nothing reached the API (a refused connection, a host name that did not resolve). */
export type FaultKind = 'unreached' | 'reset' | 'timeout' | 'status';

export interface Fault {
	kind: FaultKind;
	/** What happened, in words ("connection reset", "503"). */
	said: string;
	/** Seconds the answer asked to wait (Retry-After of a 503). */
	retryAfter?: number;
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
