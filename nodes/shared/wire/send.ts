import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IN8nHttpFullResponse,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { createHash } from 'crypto';
import { NodeOperationError } from 'n8n-workflow';

import { answerOf, headersOf, withoutHeader, type Answer, type Fault, type Outcome } from './answer';
import { givingUpText, notSentText } from './errorText';
import { answerError, faultError, passOn, type ErrorHints } from './failure';
import { KeyQueue, QueueCancelled, QueueWaitExceeded, turnIn, wait } from './keyQueue';
import { withActionNames } from '../actionNames';
import { credentialOfRun, nodeOf } from '../params';

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

/** Every context a request is sent from (an operation's item and its pagination context, a custom operation, a list search, the Trigger). */
export type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

/** One request as the wire sends it, described once by either door (request.ts `describeCall`). */
export interface Call extends ErrorHints {
	method: string;
	/** Why this request is not resent after a timeout: its endpoint's word, or, for a POST that has none, UNDECLARED_POST. */
	noResendAfterTimeout?: string;
	/** A DELETE: what it answers when an earlier attempt, whose answer was lost, had deleted it (the retry then finds nothing). */
	alreadyGone?: IDataObject;
	/** A DELETE's entry in the memory of DELETEs sent: its run, node and URL, the same when n8n's Retry On Fail runs the node again. */
	deleteEntry?: string;
	/** A call made while a webhook waits for its answer: in the key's queue within this time, and sent once. */
	whileWebhookWaits?: { maxQueueWaitMs: number };
}

export const DEFAULT_MAX_IN_FLIGHT = 50;
/** How long a request may wait for its turn in the key's queue by default: a burst of many minutes of work stays under it. */
export const DEFAULT_MAX_QUEUE_WAIT_SECONDS = 1800;

/** Attempts of one request that may end in a transient fault (a 429 does not count). */
export const MAX_FAULTED_ATTEMPTS = 3;
/** The Retry-After and backoff one item may wait in all. */
export const MAX_WAIT_SECONDS = 60;

/** The run-wide retry budget (the standard retry mode of large cloud SDKs): 100 resends after answered faults, 50 after timeouts or resets, refilled by successes. */
export const RETRY_CAPACITY = 500;
/** What a resend takes from it: after an answered fault, after a timeout or reset. */
const RETRY_COST = 5;
const TIMEOUT_RETRY_COST = 10;

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

/** One node run: its in-flight limit, its retry budget, and the key's shared queue (keyQueue.ts). */
class NodeRun {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	/** The run's retry budget: a resend costs tokens, a success gives one back (a dead API fails fast). */
	private retryTokens = RETRY_CAPACITY;

	/** What the run takes from the credential, read by its first request. */
	private credentialRead?: ReturnType<typeof readCredential>;

	/** A context without the credential (none to hash): a queue of its own. */
	private ownQueue?: KeyQueue;

	constructor(
		private readonly max: number,
		readonly maxQueueWaitSeconds: number,
	) {}

	/**
	 * The credential, whose secrets are withheld from answers (answer.ts), and the key's queue: its
	 * hash, looked up for each request (one idle for a while is dropped from the process's map:
	 * keyQueue.ts), or a queue of the run's own.
	 */
	async credential(ctx: Context): Promise<{ credentials?: ICredentialDataDecryptedObject; queueOf: KeyQueue | string }> {
		this.credentialRead ??= readCredential(ctx);
		const { hash, credentials } = await this.credentialRead;
		return { credentials, queueOf: hash ?? (this.ownQueue ??= new KeyQueue()) };
	}

	/** A slot; `first`: ahead of the queue (a request sent again, after a 429 or a fault). */
	async acquire(first = false) {
		if (this.active < this.max) {
			this.active += 1;
			return;
		}
		await new Promise<void>((resolve) => (first ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
	}

	/** Hands the slot to the next waiting request, or frees it. */
	release() {
		const next = this.waiting.shift();
		if (next) next();
		else this.active -= 1;
	}

	get retryTokensLeft() {
		return this.retryTokens;
	}

	/** Takes the tokens of one resend (shouldResend says how many it costs and whether they are there). */
	spendRetry(cost: number) {
		this.retryTokens -= cost;
	}

	succeeded() {
		this.retryTokens = Math.min(RETRY_CAPACITY, this.retryTokens + 1);
	}
}

/** The credential (its secrets to withhold), and the API it points at (a hash of its base URL and key: the process's map of queues never holds the key). */
async function readCredential(ctx: Context): Promise<{ hash?: string; credentials?: ICredentialDataDecryptedObject }> {
	const credentials = 'getCredentials' in ctx ? await credentialOfRun(ctx).catch(() => undefined) : undefined;
	if (!credentials) return {};
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '').toLowerCase();
	return { hash: createHash('sha256').update(`${baseUrl}\n${String(credentials.apiKey ?? '')}`).digest('hex'), credentials };
}

/**
 * One NodeRun per node run: RoutingNode hands every item of a run the same execute data. Tools
 * get their parent's (n8n passes the AI Agent's execute data to every tool it calls), so the
 * node's name is part of the key: each tool node keeps its own limit. A context without execute
 * data (list searches, the Trigger's lifecycle) is a run of its own.
 */
const nodeRuns = new WeakMap<object, Map<string, NodeRun>>();

function nodeRunOf(ctx: Context): NodeRun {
	const data = 'getExecuteData' in ctx ? (ctx.getExecuteData() as object | undefined) : undefined;
	const owner = data ?? ctx;
	let byNode = nodeRuns.get(owner);
	if (!byNode) nodeRuns.set(owner, (byNode = new Map()));
	const node = nodeOf(ctx).name;
	let nodeRun = byNode.get(node);
	if (!nodeRun) byNode.set(node, (nodeRun = data ? nodeRunFromOptions(ctx as IExecuteFunctions | IExecuteSingleFunctions) : new NodeRun(1, DEFAULT_MAX_QUEUE_WAIT_SECONDS)));
	return nodeRun;
}

function nodeRunFromOptions(ctx: IExecuteFunctions | IExecuteSingleFunctions): NodeRun {
	const options = ('getItemIndex' in ctx
		? ctx.getNodeParameter('requestOptions', {})
		: ctx.getNodeParameter('requestOptions', 0, {})) as IDataObject | undefined;
	const number = (value: unknown, fallback: number, min: number) => {
		const n = Number(value);
		return Number.isFinite(n) && n >= min ? n : fallback;
	};
	return new NodeRun(Math.floor(number(options?.maxInFlight, DEFAULT_MAX_IN_FLIGHT, 1)), number(options?.maxQueueWait, DEFAULT_MAX_QUEUE_WAIT_SECONDS, 0));
}
