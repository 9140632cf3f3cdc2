import type { Answer, Fault } from './answer';
import type { Call } from './call';
import { withActionNames } from '../actionNames';

/**
 * Whether a request is sent again after an attempt, decided in one place (`shouldResend`) for
 * every request whichever door it came in by (docs/reliability.md, "Faults"), anchored on the
 * retry rules of large payment and cloud API clients; the server steers it with Retry-After.
 *
 * - A 429: the API did nothing; sent again after its Retry-After (1, 2, 4… s without one) while the
 *   item's waits stay within MAX_WAIT_SECONDS.
 * - A transient fault (answer.ts: nothing reached the API, a reset, a timeout, a 502/503/504):
 *   every method, POST included (every POST carries an Idempotency-Key: call.ts stamps it).
 *   Never after a timeout what must not be (call.ts: a boost, the batch operations, a POST no
 *   operation declares); never any other 4xx or a 500.
 * - When: after the answer's Retry-After, else after an exponential backoff with jitter; at most
 *   MAX_FAULTED_ATTEMPTS attempts that end in a fault (the 429s waited out come on top of them),
 *   within the item's wait budget shared with 429s, and while the node run's retry budget lasts
 *   (send.ts keeps it: a dead API then fails fast).
 * - A call made while a webhook waits for its answer is sent once.
 */

/** Attempts of one request that may end in a transient fault (a 429 does not count). */
export const MAX_FAULTED_ATTEMPTS = 3;
/** The Retry-After and backoff one item may wait in all. */
export const MAX_WAIT_SECONDS = 60;

/** What a resend takes from the node run's retry budget: after an answered fault, after a timeout or reset. */
const RETRY_COST = 5;
const TIMEOUT_RETRY_COST = 10;

/** Where the sending of one request stands after an attempt. */
export interface Attempt {
	/** Attempts made, this one included. */
	attempts: number;
	/** Transient faults among them. */
	faults: number;
	/** Seconds the item has waited already (Retry-After and backoff; not its turns in the key's queue). */
	waited: number;
	/** The node run's retry tokens left. */
	tokens: number;
	/** The execution was cancelled. */
	aborted: boolean;
}

/** Send it again after `seconds` (taking `cost` retry tokens), or not, and why when that needs saying; `seconds`: the wait asked for. */
export type Resend = { resend: true; seconds: number; cost: number } | { resend: false; seconds?: number; why?: string };

/** The one decision whether `call` goes again after the attempt that gave `answer`. */
export function shouldResend(call: Call, answer: Answer, at: Attempt): Resend {
	if (answer.kind === 'rateLimited') {
		const seconds = answer.retryAfter ?? 2 ** (at.attempts - 1);
		// an item that stops here does not hold the others for a Retry-After it will not wait for
		const resend = !call.whileWebhookWaits && at.waited + seconds <= MAX_WAIT_SECONDS && !at.aborted;
		return resend ? { resend, seconds, cost: 0 } : { resend, seconds };
	}
	if (answer.kind !== 'fault') return { resend: false };
	const { fault } = answer;
	const seconds = fault.retryAfter ?? backoffSeconds(at.faults);
	const cost = fault.kind === 'status' ? RETRY_COST : TIMEOUT_RETRY_COST;
	const why = (call.whileWebhookWaits ? 'It was sent once: the webhook call waits for its answer.' : undefined) ?? whyNotResent(call, fault) ?? whyStop(at, seconds, cost);
	return why !== undefined || at.faults >= MAX_FAULTED_ATTEMPTS ? { resend: false, seconds, why } : { resend: true, seconds, cost };
}

/** Why a fault is not resent, as the call's declaration says, or undefined when it may be. */
export function whyNotResent(call: Pick<Call, 'method' | 'noResendAfterTimeout'>, fault: Fault): string | undefined {
	// a declaration made while the operation files loaded names actions by stand-ins (actionNames.ts)
	if (fault.kind === 'timeout' && call.noResendAfterTimeout) return `It was not sent again: ${withActionNames(call.noResendAfterTimeout)}`;
	return undefined;
}

/** Why the node stops resending a fault it could resend, or undefined to go on (at MAX_FAULTED_ATTEMPTS it stops without saying more). */
function whyStop(at: Attempt, seconds: number, cost: number): string | undefined {
	if (at.aborted) return 'The execution was cancelled.';
	if (at.faults >= MAX_FAULTED_ATTEMPTS) return undefined;
	if (at.waited + seconds > MAX_WAIT_SECONDS) return `Waiting ${Math.round(seconds)} s more would pass the ${MAX_WAIT_SECONDS} s the node waits per item.`;
	if (at.tokens < cost) return 'It stopped resending: so many requests of this run failed that the API looks down, and more attempts would only add load.';
	return undefined;
}

/** Seconds before resend `retry` (1, 2, ...): 0.25 s doubling, capped at 4 s, with jitter (half to all of it). */
export const backoffSeconds = (retry: number) => Math.min(4, 0.25 * 2 ** (retry - 1)) * (0.5 + Math.random() * 0.5);
