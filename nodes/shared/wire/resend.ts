import type { IDataObject } from 'n8n-workflow';

import type { Fault } from './answer';
import type { Said } from './failure';

/**
 * What the node resends by itself after a transient fault (docs/reliability.md, "Faults"),
 * anchored on the retry rules of large payment and cloud API clients.
 *
 * - Resent: every method, POST included (every POST carries an Idempotency-Key: idempotency.ts).
 *   Never what the operation declares must not be (a boost after a timeout); never any other 4xx
 *   or a 500.
 * - When: after the answer's Retry-After, else after an exponential backoff with jitter; at most
 *   MAX_ATTEMPTS attempts, within the item's wait budget shared with 429s, and while the node
 *   run's retry budget lasts (send.ts: a dead API then fails fast).
 */

export const MAX_ATTEMPTS = 3;

/** One request as the wire sends it: what decides whether it may be resent, and the words of its error. */
export interface Call extends Said {
	method: string;
	/** Why this request is never resent after a timeout, as its operation declares it (Boost Post: boost.ts). */
	noResendAfterTimeout?: string;
	/** A DELETE: what it answers when an earlier attempt, whose answer was lost, had deleted it (the retry then finds nothing). */
	alreadyGone?: IDataObject;
	/** Names a DELETE across the node's runs in this execution (n8n's Retry On Fail runs the node again). */
	deleteKey?: string;
}

/** Why a fault is not resent, or undefined when it may be. */
export function whyNotResent(call: Call, fault: Fault): string | undefined {
	if (fault.kind === 'timeout' && call.noResendAfterTimeout) return `It was not sent again: ${call.noResendAfterTimeout}`;
	return undefined;
}

/** Seconds before resend `retry` (1, 2, ...): 0.25 s doubling, capped at 4 s, with jitter (half to all of it). */
export const backoffSeconds = (retry: number) => Math.min(4, 0.25 * 2 ** (retry - 1)) * (0.5 + Math.random() * 0.5);

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

/** What a DELETE answers when an earlier attempt (whose answer was lost) had deleted it: `{deleted, <idName>}` as the store deletes answer, with a note. */
export function alreadyDeleted(idName?: string, id?: string): IDataObject {
	return {
		deleted: true,
		...(idName ? { [idName]: id } : {}),
		alreadyDeleted: true,
		note: 'Deleted: an earlier attempt of this item reached the API but its answer was lost, and the next attempt found nothing left to delete.',
	};
}
