import type { Answer, Fault } from './answer';
import type { Call } from './call';
import { withActionNames } from '../actionNames';

/** The one decision whether a request goes again, after each attempt (send.ts's loop asks it). */

/** Attempts of one request that may end in a transient fault (a 429 does not count). */
export const MAX_FAULTED_ATTEMPTS = 3;
/** The Retry-After and backoff one item may wait in all. */
export const MAX_WAIT_SECONDS = 60;

/** The run-wide retry budget (the standard retry mode of large cloud SDKs): 100 resends after answered faults, 50 after timeouts or resets, refilled by successes. */
export const RETRY_CAPACITY = 500;
/** What a resend takes from it: after an answered fault, after a timeout or reset. */
export const RETRY_COST = 5;
export const TIMEOUT_RETRY_COST = 10;

/** Where the sending of one request stands after an attempt. */
export interface Progress {
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
export function shouldResend(call: Call, answer: Answer, at: Progress): Resend {
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

/** Why a fault is not resent, as the call's endpoint says, or undefined when it may be. */
export function whyNotResent(call: Pick<Call, 'method' | 'noResendAfterTimeout'>, fault: Fault): string | undefined {
	// an endpoint's words made while the operation files loaded name actions by stand-ins (actionNames.ts)
	if (fault.kind === 'timeout' && call.noResendAfterTimeout) return `It was not sent again: ${withActionNames(call.noResendAfterTimeout)}`;
	return undefined;
}

/** Why the node stops resending a fault it could resend, or undefined to go on (at MAX_FAULTED_ATTEMPTS it stops without saying more). */
function whyStop(at: Progress, seconds: number, cost: number): string | undefined {
	if (at.aborted) return 'The execution was cancelled.';
	if (at.faults >= MAX_FAULTED_ATTEMPTS) return undefined;
	if (at.waited + seconds > MAX_WAIT_SECONDS) return `Waiting ${Math.round(seconds)} s more would pass the ${MAX_WAIT_SECONDS} s the node waits per item.`;
	if (at.tokens < cost) return 'It stopped resending: so many requests of this run failed that the API looks down, and more attempts would only add load.';
	return undefined;
}

/** Seconds before resend `retry` (1, 2, ...): 0.25 s doubling, capped at 4 s, with jitter (half to all of it). */
export const backoffSeconds = (retry: number) => Math.min(4, 0.25 * 2 ** (retry - 1)) * (0.5 + Math.random() * 0.5);
