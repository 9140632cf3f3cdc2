import type {
	IDataObject,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Call, Context } from './call';
import { answerOf, headersOf, withoutHeader, type Answer, type Outcome } from './answer';
import { givingUpText, notSentText } from './errorText';
import { answerError, faultError, passOn } from './failure';
import { nodeRunOf } from './nodeRun';
import { MAX_WAIT_SECONDS, shouldResend } from './resend';
import { KeyQueue, QueueCancelled, QueueWaitExceeded, turnIn, wait } from './keyQueue';

export { DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_QUEUE_WAIT_SECONDS } from './nodeRun';

/**
 * How every request is sent, whichever door it came in by (request.ts), as the Call the door
 * described: each attempt's outcome is classified once (answer.ts `answerOf`), and `shouldResend`
 * alone decides from it whether it goes again (docs/reliability.md, "Faults"; anchored on the retry
 * rules of large payment and cloud API clients; the server steers it with Retry-After).
 *
 * - A 429 means the API did nothing, so every request (boosts included) waits the answer's
 *   Retry-After (1, 2, 4… s without one) and is sent again, until the waits of one item would add
 *   up to more than MAX_WAIT_SECONDS; then the 429 is reported, explained. These resends are not
 *   counted among MAX_FAULTED_ATTEMPTS.
 * - A transient fault (answer.ts: a connection refused or a host name that did not resolve, a
 *   reset, a timeout, a 502/503/504) is resent, every method, POST included (every POST carries an
 *   Idempotency-Key: request.ts stamps it); never after a timeout what its endpoint forbids (a
 *   boost, the batch operations, a POST no operation declares); never any other 4xx or a 500.
 *   After the answer's Retry-After, else an exponential backoff with jitter; at most
 *   MAX_FAULTED_ATTEMPTS attempts that end in a fault, within the item's wait budget shared with
 *   429s, and while the node run's retry budget lasts (a dead API then fails fast).
 * - A call made while a webhook waits for its answer is sent once.
 * - A DELETE answered 404 after one of its attempts (or an earlier run of the node in this
 *   execution, n8n's Retry On Fail) may have deleted it is done: it answers `alreadyGone`.
 * - At most "Max Requests in Flight" requests of one node run are open at once (RoutingNode
 *   starts every item together).
 * - Every request of every execution in this process that uses the same API key takes its turn
 *   in that key's queue (keyQueue.ts): in order of arrival, at the pace the API's rate-limit
 *   headers allow, held for a 429's Retry-After. A request may wait "Max Wait in Queue" for its
 *   turn; that wait is not a failure and does not count against MAX_WAIT_SECONDS.
 */




/** What a call ends with: the API's answer, or, for a DELETE that an earlier attempt had done, that it is gone. */
export type Sent = { response: IN8nHttpFullResponse } | { gone: IDataObject };

/**
 * Sends one request under the node run's in-flight limit and in its turn in the key's queue.
 * `attempt` sends it once and hands back what came of it; whether it goes again is
 * `shouldResend`'s to say. Anything else ends the item with its explained error (failure.ts).
 */
export async function sendPolitely(ctx: Context, attempt: () => Promise<Outcome>, call: Call): Promise<Sent> {
	const nodeRun = nodeRunOf(ctx);
	const { credentials, queueOf } = await nodeRun.credential(ctx);
	// the key's queue (keyQueue.ts): looked up at the request's first turn, kept for its later ones
	let queue: KeyQueue | string = queueOf;
	// a call made while a webhook waits for its answer takes its turn within the time it has
	const maxWaitMs = call.whileWebhookWaits?.maxQueueWaitMs ?? nodeRun.maxQueueWaitSeconds * 1000;
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	let waited = 0;
	let faults = 0;
	let lastRateLimit: Extract<Answer, { kind: 'rateLimited' }> | undefined;
	// an earlier attempt of this DELETE may have deleted it (its answer was a fault)
	let mayBeDone = false;
	for (let attempts = 1; ; attempts++) {
		const again = attempts > 1;
		await nodeRun.acquire(again);
		let turn: { queue: KeyQueue; ticket: number };
		try {
			// a request answered 429 goes again ahead of those not yet sent, after the key's hold
			turn = await turnIn(queue, { first: again, signal, maxWaitMs });
		} catch (error) {
			nodeRun.release();
			if (lastRateLimit && error instanceof QueueCancelled) throw rateLimitError(ctx, lastRateLimit, call, waited, 0, true);
			const { message, description } = notSentText(error instanceof QueueWaitExceeded, maxWaitMs / 1000);
			throw new NodeOperationError(ctx.getNode(), message, { description });
		}
		queue = turn.queue;
		const { ticket } = turn;
		// classified once, and before anything reads it no secret of the credential goes on from it, success or error
		const answer = answerOf(await attempt(), credentials);
		nodeRun.release();
		const headers = headersOf(answer);
		if (answer.kind === 'succeeded') {
			nodeRun.succeeded();
			queue.answered(ticket, headers);
			if (call.deleteEntry) rememberDelete(call.deleteEntry);
			// the API replays this call's own earlier attempt, whose answer was lost: this run made it
			return { response: mayBeDone ? withoutHeader(answer.response, 'Idempotent-Replayed') : answer.response };
		}
		if (answer.kind === 'fault') {
			faults += 1;
			if (answer.fault.kind !== 'unreached') {
				mayBeDone = true;
				rememberDelete(call.deleteEntry);
			}
		}
		const aborted = Boolean(signal?.aborted);
		const next = shouldResend(call, answer, { attempts, faults, waited, tokens: nodeRun.retryTokensLeft, aborted });
		if (answer.kind === 'rateLimited') {
			if (next.resend) {
				queue.rateLimited(ticket, next.seconds, headers);
				waited += next.seconds;
				lastRateLimit = answer;
				continue;
			}
			queue.answered(ticket, headers);
			throw rateLimitError(ctx, answer, call, waited, next.seconds ?? 0, aborted);
		}
		if (headers) queue.answered(ticket, headers);
		else queue.unanswered();
		if (answer.kind === 'failed') {
			if (call.alreadyGone && answer.response?.statusCode === 404 && (mayBeDone || deletedEarlier(call.deleteEntry))) return { gone: call.alreadyGone };
			throw answer.response ? answerError(ctx.getNode(), answer.response, call) : passOn(ctx.getNode(), answer.error);
		}
		if (!next.resend) throw faultError(ctx.getNode(), answer, { attempts, waited, method: call.method, why: next.why }, call);
		nodeRun.spendRetry(next.cost);
		waited += next.seconds;
		await wait(next.seconds * 1000, signal);
	}
}

/** The 429 an item stops at, with what the node already did. */
function rateLimitError(ctx: Context, answer: Extract<Answer, { kind: 'rateLimited' }>, call: Call, waited: number, retryAfter: number, cancelled: boolean) {
	const error = answerError(ctx.getNode(), answer.response, call);
	error.description = [error.description, givingUpText(waited, retryAfter, cancelled, MAX_WAIT_SECONDS)].filter(Boolean).join(' ');
	return error;
}

/**
 * DELETEs of this process whose outcome was success or unknown, by run, node and URL: when n8n's
 * Retry On Fail runs the node again in the same execution, a 404 for one of them means "already
 * deleted" (by the earlier run), not a mistyped ID. Bounded: the oldest entries go first.
 */
const deletes = new Map<string, true>();
const MAX_DELETES = 20_000;

export function rememberDelete(entry: string | undefined) {
	if (!entry) return;
	deletes.delete(entry);
	deletes.set(entry, true);
	if (deletes.size > MAX_DELETES) deletes.delete(deletes.keys().next().value as string);
}

export const deletedEarlier = (entry: string | undefined) => Boolean(entry && deletes.has(entry));
