import type {
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IN8nHttpFullResponse,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { createHash } from 'crypto';
import { NodeOperationError } from 'n8n-workflow';

import { headersOf, type Answer } from './answer';
import type { Call } from './call';
import { givingUpText, notSentText } from './errorText';
import { answerError, faultError, passOn } from './failure';
import { withoutHeader } from './headers';
import { KeyQueue, QueueCancelled, QueueWaitExceeded, queueOfApiKey, wait } from './keyQueue';
import { deletedEarlier, rememberDelete } from './deletes';
import { MAX_WAIT_SECONDS, shouldResend } from './resend';
import { withheldFrom, withholding, type Withhold } from './withheld';
import { nodeOf } from '../params';
import { credentialOfRun } from '../runCredential';

/**
 * How every request is sent, by either door (requestHook.ts for the operations, apiRequest.ts for
 * programmatic calls), as the one Call both build (call.ts): each attempt's answer comes back
 * classified (answer.ts), and resend.ts's `shouldResend` decides from it whether it goes again
 * (docs/reliability.md).
 *
 * - A 429 means the API did nothing, so every request (boosts included) waits the answer's
 *   `Retry-After` and is sent again, until the waits of one item would add up to more than
 *   MAX_WAIT_SECONDS; then the 429 is reported, explained.
 * - A transient fault (a refused connection or a host name that did not resolve, a reset, a
 *   timeout, a 502/503/504: answer.ts) is resent when the call allows, within the same per-item
 *   wait budget and the run's retry budget (kept here, per node run).
 * - A DELETE answered 404 after one of its attempts (or an earlier run of the node in this
 *   execution, n8n's Retry On Fail) may have deleted it is done: it answers `alreadyGone` (deletes.ts).
 * - At most "Max Requests in Flight" requests of one node run are open at once (RoutingNode
 *   starts every item together).
 * - Every request of every execution in this process that uses the same API key takes its turn
 *   in that key's queue (keyQueue.ts): in order of arrival, at the pace the API's rate-limit
 *   headers allow, held for a 429's Retry-After. A request may wait "Max Wait in Queue" for its
 *   turn; that wait is not a failure and does not count against MAX_WAIT_SECONDS.
 */

export const DEFAULT_MAX_IN_FLIGHT = 50;
/** How long a request may wait for its turn in the key's queue by default: a burst of many minutes of work stays under it. */
export const DEFAULT_MAX_QUEUE_WAIT_SECONDS = 1800;

/** The run-wide retry budget (the standard retry mode of large cloud SDKs): 100 resends after answered faults, 50 after timeouts or resets (resend.ts's costs), refilled by successes. */
export const RETRY_CAPACITY = 500;

type Context = IExecuteFunctions | IExecuteSingleFunctions | IExecutePaginationFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

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
	 * The key's queue, looked up for each request: one idle for a while is dropped from the
	 * process's map (keyQueue.ts); and what withholds the credential's secrets from answers (withheld.ts).
	 */
	async credential(ctx: Context): Promise<{ queue: KeyQueue; withhold: Withhold }> {
		this.credentialRead ??= readCredential(ctx);
		const { hash, withhold } = await this.credentialRead;
		return { queue: hash ? queueOfApiKey(hash) : (this.ownQueue ??= new KeyQueue()), withhold };
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

/** The API the credential points at (a hash of its base URL and key: the process's map of queues never holds the key), and its secrets to withhold. */
async function readCredential(ctx: Context): Promise<{ hash?: string; withhold: Withhold }> {
	const credentials = 'getCredentials' in ctx ? await credentialOfRun(ctx).catch(() => undefined) : undefined;
	if (!credentials) return { withhold: withholding(undefined) };
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '').toLowerCase();
	return { hash: createHash('sha256').update(`${baseUrl}\n${String(credentials.apiKey ?? '')}`).digest('hex'), withhold: withholding(credentials) };
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

/** What a call ends with: the API's answer, or, for a DELETE that an earlier attempt had done, that it is gone. */
export type Sent = { response: IN8nHttpFullResponse } | { gone: IDataObject };

/** The 429 an item stops at, with what the node already did. */
function rateLimitError(ctx: Context, answer: Extract<Answer, { kind: 'rateLimited' }>, call: Call, waited: number, retryAfter: number, cancelled: boolean) {
	const error = answerError(ctx.getNode(), answer.response, call);
	error.description = [error.description, givingUpText(waited, retryAfter, cancelled, MAX_WAIT_SECONDS)].filter(Boolean).join(' ');
	return error;
}

/**
 * Sends one request under the node run's in-flight limit and in its turn in the key's queue
 * (keyQueue.ts). `attempt` sends it once and says what came back (answer.ts); whether it goes
 * again is `shouldResend`'s to say (resend.ts). Anything else ends the item with its explained
 * error (failure.ts).
 */
export async function sendPolitely(ctx: Context, attempt: () => Promise<Answer>, call: Call): Promise<Sent> {
	const nodeRun = nodeRunOf(ctx);
	const { queue, withhold } = await nodeRun.credential(ctx);
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
		let ticket: number;
		try {
			// a request answered 429 goes again ahead of those not yet sent, after the key's hold
			ticket = await queue.turn({ first: again, signal, maxWaitMs });
		} catch (error) {
			nodeRun.release();
			if (lastRateLimit && error instanceof QueueCancelled) throw rateLimitError(ctx, lastRateLimit, call, waited, 0, true);
			const { message, description } = notSentText(error instanceof QueueWaitExceeded, maxWaitMs / 1000);
			throw new NodeOperationError(ctx.getNode(), message, { description });
		}
		// before anything reads it: no secret of the credential goes on from an answer, success or error
		const answer = withheldFrom(await attempt(), withhold);
		nodeRun.release();
		const headers = headersOf(answer);
		if (answer.kind === 'succeeded') {
			queue.answered(ticket, headers);
			nodeRun.succeeded();
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
