import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerOf, type Answer, type Outcome } from './answer';
import { deletedEarlier, rememberDelete, type Call, type Context } from './call';
import { givingUpText, notSentText } from './errorText';
import { answerError, faultError, passOn } from './failure';
import { KeyQueue, QueueCancelled, QueueWaitExceeded, turnIn, wait } from './keyQueue';
import { MAX_WAIT_SECONDS, RETRY_CAPACITY, shouldResend } from './resend';
import { nodeOf } from '../params';
import { CREDENTIAL_NAME } from '../requestDefaults';

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
 *   Idempotency-Key: call.ts stamps it); never after a timeout what its endpoint forbids (a
 *   boost, the batch operations, a POST no operation declares); never any other 4xx or a 500.
 *   After the answer's Retry-After, else an exponential backoff with jitter; at most
 *   MAX_FAULTED_ATTEMPTS attempts that end in a fault, within the item's wait budget shared with
 *   429s, and while the node run's retry budget lasts (a dead API then fails fast).
 * - A call made while a webhook waits for its answer is sent once.
 * - A DELETE answered 404 after one of its attempts (or an earlier run of the node in this
 *   execution, n8n's Retry On Fail) may have deleted it is done: it answers `alreadyGone`.
 * - At most "Max Requests in Flight" requests of one node run are open at once (RoutingNode
 *   starts every item together): the run's `NodeRun` (below), which also holds its retry budget
 *   and its credential, read once.
 * - Every request of every execution in this process that uses the same API key takes its turn
 *   in that key's queue (keyQueue.ts): in order of arrival, at the pace the API's rate-limit
 *   headers allow, held for a 429's Retry-After. A request may wait "Max Wait in Queue" for its
 *   turn; that wait is not a failure and does not count against MAX_WAIT_SECONDS.
 */

/**
 * What a call ends with: the API's answer (`replayed`: the API's first answer to an earlier
 * request, answer.ts), or, for a DELETE that an earlier attempt had done, that it is gone.
 */
export type Sent = { response: IN8nHttpFullResponse; replayed: boolean } | { gone: IDataObject };

/**
 * Sends one request under the node run's in-flight limit and in its turn in the key's queue.
 * `attempt` sends it once and hands back what came of it; whether it goes again is
 * `shouldResend`'s to say. Anything else ends the item with its explained error (failure.ts).
 */
export async function sendPolitely(ctx: Context, attempt: () => Promise<Outcome>, call: Call): Promise<Sent> {
	const nodeRun = nodeRunOf(ctx, call.node);
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
		if (answer.kind === 'succeeded') {
			nodeRun.succeeded();
			queue.answered(ticket, answer.rateLimit);
			if (call.deleteEntry) rememberDelete(call.deleteEntry);
			// a replay of this call's own earlier attempt, whose answer was lost, is none: this run made it
			return { response: answer.response, replayed: answer.replayed === true && !mayBeDone };
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
				queue.rateLimited(ticket, next.seconds, answer.rateLimit);
				waited += next.seconds;
				lastRateLimit = answer;
				continue;
			}
			queue.answered(ticket, answer.rateLimit);
			throw rateLimitError(ctx, answer, call, waited, next.seconds ?? 0, aborted);
		}
		if (answer.response?.headers) queue.answered(ticket, answer.rateLimit);
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

export const DEFAULT_MAX_IN_FLIGHT = 50;
/** How long a request may wait for its turn in the key's queue by default: a burst of many minutes of work stays under it. */
export const DEFAULT_MAX_QUEUE_WAIT_SECONDS = 1800;

/** One node run: its in-flight limit, its retry budget, its credential, and the key's shared queue (keyQueue.ts). */
export class NodeRun {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	/** The run's retry budget: a resend costs tokens, a success gives one back (a dead API fails fast). */
	private retryTokens = RETRY_CAPACITY;

	/** The run's credential (`credentialOfRun`), and what the wire takes from it, each read once. */
	private credentialRead?: Promise<ICredentialDataDecryptedObject>;

	private keyRead?: Promise<{ hash?: string; credentials?: ICredentialDataDecryptedObject }>;

	/** A context without the credential (none to hash): a queue of its own. */
	private ownQueue?: KeyQueue;

	constructor(
		private readonly max: number,
		readonly maxQueueWaitSeconds: number,
	) {}

	/** The credential, read by the run's first request or check (`credentialOfRun`, below). */
	read(ctx: Context): Promise<ICredentialDataDecryptedObject> {
		return (this.credentialRead ??= ctx.getCredentials(CREDENTIAL_NAME));
	}

	/**
	 * The credential, whose secrets are withheld from answers (answer.ts), and the key's queue: a hash
	 * of the API it points at, its base URL and key (the process's map of queues never holds the key),
	 * looked up for each request (one idle for a while is dropped from the map: keyQueue.ts), or a
	 * queue of the run's own.
	 */
	async credential(ctx: Context): Promise<{ credentials?: ICredentialDataDecryptedObject; queueOf: KeyQueue | string }> {
		this.keyRead ??= this.readKey(ctx);
		const { hash, credentials } = await this.keyRead;
		return { credentials, queueOf: hash ?? (this.ownQueue ??= new KeyQueue()) };
	}

	private async readKey(ctx: Context): Promise<{ hash?: string; credentials?: ICredentialDataDecryptedObject }> {
		const credentials = 'getCredentials' in ctx ? await this.read(ctx).catch(() => undefined) : undefined;
		if (!credentials) return {};
		const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '').toLowerCase();
		return { hash: createHash('sha256').update(`${baseUrl}\n${String(credentials.apiKey ?? '')}`).digest('hex'), credentials };
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

/**
 * One NodeRun per node run: RoutingNode hands every item of a run the same execute data. Tools
 * get their parent's (n8n passes the AI Agent's execute data to every tool it calls), so the
 * node's name is part of the key: each tool node keeps its own limit. A context without execute
 * data (list searches, the Trigger's lifecycle) is a run of its own. `node`: the one the call
 * was described with (call.ts `describeCall`), else read here.
 */
const nodeRuns = new WeakMap<object, Map<string, NodeRun>>();

export function nodeRunOf(ctx: Context, node: INode = nodeOf(ctx)): NodeRun {
	const data = 'getExecuteData' in ctx ? (ctx.getExecuteData() as object | undefined) : undefined;
	const owner = data ?? ctx;
	let byNode = nodeRuns.get(owner);
	if (!byNode) nodeRuns.set(owner, (byNode = new Map()));
	let nodeRun = byNode.get(node.name);
	if (!nodeRun) byNode.set(node.name, (nodeRun = data ? nodeRunFromOptions(ctx as IExecuteFunctions | IExecuteSingleFunctions) : new NodeRun(1, DEFAULT_MAX_QUEUE_WAIT_SECONDS)));
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

/**
 * The node's Storefront API credential, read once per node run. In n8n each `getCredentials` is a
 * database read, a decryption and a walk of the credential's fields (n8n's CredentialsHelper
 * `getDecrypted`), about a request's worth of CPU. RoutingNode reads it once per run for the
 * request pass and once per request for the Authorization header; the spending caps, the wire's
 * queue and what it withholds read it here, once per run (its NodeRun), instead of once per item
 * each. Callers only read the object they get: it is the run's.
 */
export const credentialOfRun = (ctx: Context): Promise<ICredentialDataDecryptedObject> => nodeRunOf(ctx).read(ctx);
