import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

/**
 * Transient faults: what the node resends by itself, and what it says when it stops
 * (docs/reliability.md, "Faults"). Anchored on the retry rules of large payment and cloud API clients.
 *
 * - A fault: the connection refused or reset, no answer in time, or 502, 503, 504.
 * - Resent: GET, PUT, PATCH, DELETE, and a POST that carries an Idempotency-Key (every POST
 *   the nodes make does). Never a boost after a timeout (reference: "do not retry on a
 *   timeout"); never any other 4xx or a 500.
 * - When: after the answer's Retry-After, else after an exponential backoff with jitter; at most
 *   MAX_ATTEMPTS attempts, within the item's wait budget shared with 429s, and while the node
 *   run's retry budget lasts (a dead API then fails fast instead of being sent every item again).
 */

export const MAX_ATTEMPTS = 3;

export type FaultKind = 'refused' | 'reset' | 'timeout' | 'status';

export interface Fault {
	kind: FaultKind;
	/** What happened, in words ("connection reset", "503 Service Unavailable"). */
	said: string;
	/** Seconds the answer asked to wait (Retry-After of a 503). */
	retryAfter?: number;
}

/** The transient HTTP answers, noted where the error is made (errors.ts). */
const statusFaults = new WeakMap<object, Fault>();

export function noteTransientStatus(error: object, status: number, retryAfter: number | undefined) {
	if (status === 502 || status === 503 || status === 504) statusFaults.set(error, { kind: 'status', said: `${status}`, retryAfter });
}

const CODES: Record<string, { kind: FaultKind; said: string }> = {
	ECONNREFUSED: { kind: 'refused', said: 'connection refused' },
	ECONNRESET: { kind: 'reset', said: 'connection reset' },
	EPIPE: { kind: 'reset', said: 'connection reset' },
	ERR_SOCKET_CONNECTION_TIMEOUT: { kind: 'timeout', said: 'no connection in time' },
	ECONNABORTED: { kind: 'timeout', said: 'no answer in time' },
	ETIMEDOUT: { kind: 'timeout', said: 'no answer in time' },
	ESOCKETTIMEDOUT: { kind: 'timeout', said: 'no answer in time' },
	EAI_AGAIN: { kind: 'refused', said: 'the API host name did not resolve' },
};

/** The fault behind an error (n8n wraps the network error of a request in a NodeApiError), if it is one. */
export function faultOf(error: unknown): Fault | undefined {
	if (!error || typeof error !== 'object') return undefined;
	const noted = statusFaults.get(error);
	if (noted) return noted;
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

/** What the request is, for the decision to resend it and for the words of a final error. */
export interface ResendPolicy {
	method: string;
	/** A POST with an Idempotency-Key. */
	keyed: boolean;
	/** A boost: never resent after a timeout (it may still be running at the API). */
	noResendAfterTimeout?: boolean;
	/** Items meaning "deleted" for a DELETE whose earlier attempt may have deleted it (the retry then finds nothing). */
	alreadyGone?: () => unknown;
	/** Names a DELETE across the node's runs in this execution (n8n's Retry On Fail runs the node again). */
	deleteKey?: string;
}

/** Why a fault is not resent, or undefined when it may be. */
export function whyNotResent(policy: ResendPolicy, fault: Fault): string | undefined {
	const method = policy.method.toUpperCase();
	if (method === 'POST' && !policy.keyed) return 'It was not sent again: a POST without an Idempotency-Key could create twice.';
	if (fault.kind === 'timeout' && policy.noResendAfterTimeout) {
		return 'It was not sent again: a boost can take minutes at the API, and the reference says not to resend one after a timeout. Look for the ad with Ad → Get Many before running it again; a run with the same fields is safe (same Idempotency-Key), a changed one is not.';
	}
	return undefined;
}

/** Seconds before resend `retry` (1, 2, ...): 0.25 s doubling, capped at 4 s, with jitter (half to all of it). */
export const backoffSeconds = (retry: number) => Math.min(4, 0.25 * 2 ** (retry - 1)) * (0.5 + Math.random() * 0.5);

/** Whether the work may have happened, and whether running again is safe. */
function outcome(policy: ResendPolicy, fault: Fault): string {
	if (fault.kind === 'refused') return 'Nothing reached the API.';
	switch (policy.method.toUpperCase()) {
		case 'GET':
			return 'Nothing was changed: this call only reads.';
		case 'POST':
			return policy.keyed
				? 'The API may or may not have done it. Running it again is safe: the Idempotency-Key returns the first result and creates nothing new.'
				: 'The API may or may not have done it: check before you run it again.';
		case 'DELETE':
			return 'The API may or may not have deleted it. Running it again is safe: the node treats "not found" after such an attempt as deleted.';
		default:
			return 'The API may or may not have applied it. Running it again is safe: it sets the same values again.';
	}
}

/**
 * The error an item ends with after its fault(s): the fault, the attempts, whether the work may
 * have happened. An answered 502/503/504 keeps its own (explained) error with this added.
 */
export function explainFault(node: INode, error: unknown, fault: Fault, done: { attempts: number; waited: number; policy: ResendPolicy; why?: string }): NodeApiError {
	const tried =
		done.attempts > 1
			? `The node sent it ${done.attempts} times (waiting ${done.waited.toFixed(1)} s between attempts) and got a fault each time.`
			: (done.why ?? 'The node did not send it again.');
	const next = [tried, done.attempts > 1 ? done.why : undefined, outcome(done.policy, fault)].filter(Boolean).join(' ');
	if (error instanceof NodeApiError && statusFaults.has(error)) {
		error.description = [error.description, next].filter(Boolean).join(' ');
		return error;
	}
	const timedOut = fault.kind === 'timeout';
	const message = timedOut ? 'The Storefront API did not answer in time' : `The Storefront API could not be reached (${fault.said})`;
	const description = `${timedOut ? 'No answer came within the timeout (Settings → Request Options → Timeout).' : 'The connection failed before an answer came.'} ${next}`;
	// n8n's NodeApiError constructor hands back a NodeApiError it is given unchanged: reword it in place
	if (error instanceof NodeApiError) return Object.assign(error, { message, description });
	return new NodeApiError(node, (error ?? {}) as JsonObject, { message, description, httpCode: 'none' });
}

/**
 * DELETEs of this process whose outcome was success or unknown, by execution, node and URL: when
 * n8n's Retry On Fail runs the node again in the same execution, a 404 for one of them means
 * "already deleted" (by the earlier run), not a mistyped ID. Bounded: the oldest entries go first.
 */
const deletes = new Map<string, true>();
const MAX_DELETES = 20_000;

export function rememberDelete(key: string | undefined) {
	if (!key) return;
	deletes.delete(key);
	deletes.set(key, true);
	if (deletes.size > MAX_DELETES) deletes.delete(deletes.keys().next().value as string);
}

export const deletedEarlier = (key: string | undefined) => Boolean(key && deletes.has(key));
