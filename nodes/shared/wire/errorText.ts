import type { Fault } from './answer';

/**
 * The words of every error the wire reports: what happened and how to fix it. Pure text; the
 * errors themselves are made in failure.ts, from the body it reads. Codes only one node's endpoints send, and their
 * advice, come from that node (`ErrorAdvice`: StorefrontAds helpers/adsErrors.ts,
 * StorefrontCommerce helpers/storeErrors.ts), given with the operation or call.
 */

/** What an error's body says (failure.ts `parseErrorBody`): the API's code and text, the fields it names, the scope a key lacks. */
export interface ParsedError {
	code?: string;
	message?: string;
	details?: Array<{ field?: string; message?: string }>;
	requiredScope?: string;
}

export interface Explained {
	message: string;
	description: string;
}

/** A node's own explanation of an answer (its codes), or undefined to use the shared one. */
export type ErrorAdvice = (status: number, parsed: ParsedError, retryAfter?: string) => Explained | undefined;

export const apiSays = (parsed: ParsedError) => (parsed.message ? `The API said: ${parsed.message}` : '');

export const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');

/** What happened and how to fix it, for a failed call: the node's advice first, then the codes and statuses every endpoint shares. */
export function explainError(status: number, parsed: ParsedError, retryAfter?: string, advice?: ErrorAdvice): Explained {
	const own = advice?.(status, parsed, retryAfter);
	if (own) return own;
	switch (parsed.code) {
		case 'insufficient_scope': {
			const scope = parsed.requiredScope ?? /\b([a-z]+\.(?:read|write))\b/.exec(parsed.message ?? '')?.[1];
			return {
				message: scope ? `The API key lacks the "${scope}" scope` : 'The API key lacks a scope this call needs',
				description: scope
					? `Add the "${scope}" scope to the key (or create a key that has it) and update the Storefront API credential.`
					: joined('Use a key with the scope this call needs.', apiSays(parsed)),
			};
		}
		case 'idempotency_conflict':
			return {
				message: 'This Idempotency Key was already used with different fields',
				description:
					'An earlier run created something with the same key. Nothing new was created. Use a new key only if you really want a second one.',
			};
	}
	switch (status) {
		case 400: {
			const fields = (parsed.details ?? []).map((d) => [d.field, d.message].filter(Boolean).join(': ')).filter(Boolean);
			return {
				message: `The API rejected the request${fields.length ? `: ${fields.join('; ')}` : ''}`,
				description: joined(apiSays(parsed), 'Check the fields named above and run the node again.'),
			};
		}
		case 401:
			return {
				message: 'The API key was refused',
				description: 'Check the API key in the Storefront API credential: it may be mistyped, expired or revoked.',
			};
		case 403:
			return { message: 'The API key is not allowed to do this', description: apiSays(parsed) };
		case 404:
			return {
				message: parsed.message ? `Not found: ${parsed.message}` : 'The requested item was not found',
				description: 'Check the ID: it may be mistyped, deleted, or belong to another account.',
			};
		case 429:
			return {
				message: 'Too many requests: the API is rate limiting this key',
				description: joined(
					`Wait ${retryAfter ? `${retryAfter} seconds, as the API asked,` : 'a little'} and run again, or turn on "Retry On Fail" in the node settings with a wait of at least that long, or lower the request rate with batching.`,
					apiSays(parsed),
				),
			};
	}
	if (status >= 500) {
		// 502, 503 and 504 were already resent by the node (send.ts), which adds what it did
		const transient = status === 502 || status === 503 || status === 504;
		return {
			message: `The Storefront API had a server error`,
			description: joined(
				transient
					? 'The API or a proxy in front of it was unavailable.'
					: 'The problem is on the API side; try again in a few minutes. "Retry On Fail" in the node settings retries automatically, and safely: a retried create returns the first result and creates nothing twice.',
				apiSays(parsed),
			),
		};
	}
	return { message: `The Storefront API answered ${status}`, description: apiSays(parsed) };
}

export const NOT_JSON: Explained = {
	message: 'The Storefront API sent an answer that is not valid JSON',
	description: 'The call may or may not have taken effect. Check the result in the dashboard before you run it again.',
};

/** Said on a 429 the node stops waiting for: what it already did. */
export function givingUpText(waited: number, retryAfter: number, cancelled: boolean, maxWait: number): string {
	if (cancelled) return 'The execution was cancelled while the node waited for the rate limit.';
	if (waited > 0) return `The node had already waited ${Math.round(waited)} seconds for this item and sent it again; it waits up to ${maxWait} seconds per item, then stops.`;
	return `The node waits by itself when the API asks for a wait of up to ${maxWait} seconds per item; this one (${Math.round(retryAfter)} s) is longer.`;
}

/** A request that never got its turn in the key's queue. */
export function notSentText(waitedTooLong: boolean, maxQueueWait: number): Explained {
	if (waitedTooLong) {
		return {
			message: `The request waited more than ${maxQueueWait} seconds for its turn under the API's rate limit`,
			description: `Nothing was sent to the API for this item. Other executions using the same API key were ahead of it in the queue. Raise "Max Wait in Queue" in the node's Request Options (now ${maxQueueWait} seconds), or spread the work out.`,
		};
	}
	return { message: 'The execution was cancelled before this request was sent', description: 'Nothing was sent to the API for this item.' };
}

/** Whether the work may have happened after a fault, and whether running again is safe. */
function faultOutcome(method: string, fault: Fault): string {
	if (fault.kind === 'unreached') return 'Nothing reached the API.';
	switch (method.toUpperCase()) {
		case 'GET':
			return 'Nothing was changed: this call only reads.';
		case 'POST':
			// every POST carries an Idempotency-Key (idempotency.ts)
			return 'The API may or may not have done it. Running it again is safe: a repeat returns the first result and creates nothing new.';
		case 'DELETE':
			return 'The API may or may not have deleted it. Running it again is safe: the node treats "not found" after such an attempt as deleted.';
		default:
			return 'The API may or may not have applied it. Running it again is safe: it sets the same values again.';
	}
}

/** What the node did about a fault, and what it means: added to an answered 502/503/504's own words, or after `faultMessage`. */
export function faultText(fault: Fault, done: { attempts: number; waited: number; method: string; why?: string }): string {
	const tried =
		done.attempts > 1
			? `The node sent it ${done.attempts} times (waiting ${done.waited.toFixed(1)} s between attempts) and got a fault each time.`
			: (done.why ?? 'The node did not send it again.');
	return joined(tried, done.attempts > 1 ? done.why : undefined, faultOutcome(done.method, fault));
}

/** A fault without an answer: the connection failed, or no answer came in time. */
export function faultMessage(fault: Fault): Explained {
	return fault.kind === 'timeout'
		? { message: 'The Storefront API did not answer in time', description: 'No answer came within the timeout (Settings → Request Options → Timeout).' }
		: { message: `The Storefront API could not be reached (${fault.said})`, description: 'The connection failed before an answer came.' };
}

/**
 * A 409 idempotency_conflict of an item whose key was made from the triggering event
 * (idempotency.ts `eventOf`): an earlier execution of the same event did this work with a body that differs.
 */
export function repeatedEventText(action: string, eventId: string): Explained {
	return {
		message: `This event's "${action}" was already done by an earlier execution`,
		description:
			`n8n ran event ${eventId} before, and this node's request for this item then had other fields; the API kept the first result and made nothing now. ` +
			"A repeat of an event answers the first result only when it sends the same fields: keep values that change from run to run (the current time, $now, a random value) out of this node's fields, " +
			'or, if every execution must create anew, turn off "Once per Event" under Request Options (Add Option).',
	};
}

/*
 * A value that would leave its path segment (params.ts `checkedSegment`, `pathMoves`): refused before
 * anything is sent.
 */

/** What a refused path value is told, by its field's display name. */
export function segmentError(label: string, value: string, problem: 'empty' | 'moves'): Explained {
	if (problem === 'empty') return { message: `${label} is empty`, description: `Choose a value for "${label}" or map one from the input.` };
	return {
		message: `${label} "${value.slice(0, 100)}" is not a valid ID`,
		description:
			'An ID is one part of the request\'s address, so it cannot be empty, "." or "..", contain "/" or "\\", or be one of these URL-encoded (such as %2e%2e or %2F): the request would go to another endpoint. Nothing was sent. Use the ID as the API returns it.',
	};
}

/** What a path refused by the net is told (a value that reached the path without a field's check). */
export const movedPathError = (url: string): Explained => ({
	message: `The request path "${url.slice(0, 200)}" has an empty, "." or ".." part`,
	description: 'One of its IDs would send the request to another endpoint, so nothing was sent. Check the IDs given to the node: each must be the ID as the API returns it.',
});
