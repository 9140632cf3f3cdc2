import type {
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { createHash } from 'crypto';
import { NodeOperationError } from 'n8n-workflow';

import {
	backoffSeconds,
	deletedEarlier,
	explainFault,
	faultOf,
	MAX_ATTEMPTS,
	rememberDelete,
	whyNotResent,
	type Fault,
	type ResendPolicy,
} from './faults';
import { hasKey, IDEMPOTENCY_HEADER, keyScope, requestKey } from './idempotency';
import { keyLimiter, KeyLimiter, QueueCancelled, QueueWaitExceeded, wait } from './keyLimiter';
import { CREDENTIAL_NAME } from './requestDefaults';

/**
 * The transport: how every request is sent, declarative (`politely`) or programmatic
 * (`sendPolitely`, apiRequest.ts). Rate limits, faults and concurrency, handled without tuning
 * (docs/reliability.md).
 *
 * - A 429 means the API did nothing, so every request (boosts included) waits the answer's
 *   `Retry-After` and is sent again, until the waits of one item would add up to more than
 *   MAX_WAIT_SECONDS; then the 429 is reported, explained.
 * - A transient fault (reset, timeout, 502/503/504) is resent when that is safe (faults.ts),
 *   within the same per-item wait budget and the run's retry budget.
 * - At most "Max Requests in Flight" requests of one node run are open at once (RoutingNode
 *   starts every item together).
 * - Every request of every execution in this process that uses the same API key takes its turn
 *   in that key's queue (keyLimiter.ts): in order of arrival, at the pace the API's rate-limit
 *   headers allow, held for a 429's Retry-After. A request may wait "Max Wait in Queue" for its
 *   turn; that wait is not a failure and does not count against MAX_WAIT_SECONDS.
 */

export const DEFAULT_MAX_IN_FLIGHT = 50;
export const MAX_WAIT_SECONDS = 60;
/** How long a request may wait for its turn in the key's queue by default: a burst of many minutes of work stays under it. */
export const DEFAULT_MAX_QUEUE_WAIT_SECONDS = 1800;

/** The run-wide retry budget (the standard retry mode of large cloud SDKs): 100 resends after answered faults, 50 after timeouts or resets, refilled by successes. */
export const RETRY_CAPACITY = 500;
const RETRY_COST = 5;
const TIMEOUT_RETRY_COST = 10;

type Context = IExecuteFunctions | IExecuteSingleFunctions | IExecutePaginationFunctions | ILoadOptionsFunctions | IHookFunctions;

/** One node run: its in-flight limit, its retry budget, and the key's shared queue (keyLimiter.ts). */
class Run {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	/** The run's retry budget: a resend costs tokens, a success gives one back (a dead API fails fast). */
	private retryTokens = RETRY_CAPACITY;

	/** The key's limiter, once the credential is read (the first request of the run reads it). */
	key?: KeyLimiter;

	/** The rate-limit headers of each item's last answer (by item index, or by context for a programmatic call), for `sendPolitely`. */
	readonly answers = new Map<unknown, IDataObject>();

	private keyLookup?: Promise<KeyLimiter>;

	constructor(
		private readonly max: number,
		readonly maxQueueWaitSeconds: number,
	) {}

	async keyLimiter(ctx: Context): Promise<KeyLimiter> {
		this.keyLookup ??= apiKeyHash(ctx).then((hash) => (this.key = hash ? keyLimiter(hash) : new KeyLimiter()));
		return await this.keyLookup;
	}

	/** A slot; `first`: ahead of the queue (a request that was refused and goes again). */
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

	/** Takes the tokens of one resend after `fault`; false when the run has spent its budget. */
	spendRetry(fault: Fault) {
		const cost = fault.kind === 'status' ? RETRY_COST : TIMEOUT_RETRY_COST;
		if (this.retryTokens < cost) return false;
		this.retryTokens -= cost;
		return true;
	}

	succeeded() {
		this.retryTokens = Math.min(RETRY_CAPACITY, this.retryTokens + 1);
	}
}

/** The API the credential points at, as a hash of its base URL and key: the key itself is never held. */
async function apiKeyHash(ctx: Context): Promise<string | undefined> {
	if (!('getCredentials' in ctx)) return undefined;
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
		const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '').toLowerCase();
		return createHash('sha256').update(`${baseUrl}\n${String(credentials.apiKey ?? '')}`).digest('hex');
	} catch {
		return undefined;
	}
}

/**
 * One Run per node run: RoutingNode hands every item of a run the same execute data. Tools
 * get their parent's (n8n passes the AI Agent's execute data to every tool it calls), so the
 * node's name is part of the key: each tool node keeps its own limit. A context without execute
 * data (list searches, the Trigger's lifecycle) is a run of its own.
 */
const runs = new WeakMap<object, Map<string, Run>>();

function runOf(ctx: Context): Run {
	const data = 'getExecuteData' in ctx ? (ctx.getExecuteData() as object | undefined) : undefined;
	const owner = data ?? ctx;
	let byNode = runs.get(owner);
	if (!byNode) runs.set(owner, (byNode = new Map()));
	const node = ctx.getNode().name;
	let run = byNode.get(node);
	if (!run) byNode.set(node, (run = data ? newRun(ctx as IExecuteFunctions | IExecuteSingleFunctions) : new Run(1, DEFAULT_MAX_QUEUE_WAIT_SECONDS)));
	return run;
}

function newRun(ctx: IExecuteFunctions | IExecuteSingleFunctions): Run {
	const options = ('getItemIndex' in ctx
		? ctx.getNodeParameter('requestOptions', {})
		: ctx.getNodeParameter('requestOptions', 0, {})) as IDataObject | undefined;
	const number = (value: unknown, fallback: number, min: number) => {
		const n = Number(value);
		return Number.isFinite(n) && n >= min ? n : fallback;
	};
	return new Run(Math.floor(number(options?.maxInFlight, DEFAULT_MAX_IN_FLIGHT, 1)), number(options?.maxQueueWait, DEFAULT_MAX_QUEUE_WAIT_SECONDS, 0));
}

/** The answer a request is waiting for: RoutingNode runs one request of an item at a time, a programmatic call one per context. */
const answerSlot = (ctx: Context) => ('getItemIndex' in ctx ? ctx.getItemIndex() : ctx);

/** Keeps an answer's headers for `sendPolitely`, which hands what they say of the rate limit to the key's queue (keyLimiter.ts). */
export function noteRateLimitHeaders(ctx: Context, headers: IDataObject | undefined) {
	runOf(ctx).answers.set(answerSlot(ctx), headers ?? {});
}

function takeAnswer(run: Run, ctx: Context): IDataObject | undefined {
	const slot = answerSlot(ctx);
	const headers = run.answers.get(slot);
	run.answers.delete(slot);
	return headers;
}

/** Retry-After of each 429 error, set where the error is made (errors.ts). */
const retryAfters = new WeakMap<object, number | undefined>();

export function noteRateLimit(error: object, retryAfter: string | undefined) {
	retryAfters.set(error, parseRetryAfter(retryAfter));
}

/** Seconds of a Retry-After header: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const at = Date.parse(value);
	return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

interface Described {
	description?: string | null;
}

/** Says on the reported 429 what the node already did. */
function explainGivingUp(error: Described, waited: number, seconds: number, cancelled: boolean) {
	const did = cancelled
		? 'The execution was cancelled while the node waited for the rate limit.'
		: waited > 0
			? `The node had already waited ${Math.round(waited)} seconds for this item and sent it again; it waits up to ${MAX_WAIT_SECONDS} seconds per item, then stops.`
			: `The node waits out a Retry-After of up to ${MAX_WAIT_SECONDS} seconds per item by itself; this one (${Math.round(seconds)} s) is longer.`;
	error.description = [error.description, did].filter(Boolean).join(' ');
}

/** The error of a request that never got its turn in the key's queue. */
function notSent(ctx: Context, error: unknown, run: Run): Error {
	if (error instanceof QueueWaitExceeded) {
		return new NodeOperationError(ctx.getNode(), `The request waited more than ${run.maxQueueWaitSeconds} seconds for its turn under the API's rate limit`, {
			description: `Nothing was sent to the API for this item. Other executions using the same API key were ahead of it in the queue. Raise "Max Wait in Queue" in the node's Request Options (now ${run.maxQueueWaitSeconds} seconds), or spread the work out.`,
		});
	}
	return new NodeOperationError(ctx.getNode(), 'The execution was cancelled before this request was sent', {
		description: 'Nothing was sent to the API for this item.',
	});
}

/**
 * Sends one request under the node run's in-flight limit and in its turn in the key's queue
 * (keyLimiter.ts), waiting out 429s and resending after a transient fault when `policy` says the
 * request may be resent (faults.ts). `send` throws the explained NodeApiError for a failed answer.
 */
export async function sendPolitely<T>(ctx: Context, send: () => Promise<T>, policy?: ResendPolicy): Promise<T> {
	const run = runOf(ctx);
	const key = await run.keyLimiter(ctx);
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	let waited = 0;
	let faults = 0;
	let refusedBy: Described | undefined;
	// an earlier attempt of this DELETE may have deleted it (its answer was a fault)
	let mayBeDone = false;
	for (let attempt = 0; ; attempt++) {
		await run.acquire(attempt > 0);
		let ticket: number;
		try {
			// a request refused with 429 goes again ahead of those not yet sent, after the key's hold
			ticket = await key.turn({ first: attempt > 0, signal, maxWaitMs: run.maxQueueWaitSeconds * 1000 });
		} catch (error) {
			run.release();
			if (refusedBy && error instanceof QueueCancelled) {
				explainGivingUp(refusedBy, waited, 0, true);
				throw refusedBy;
			}
			throw notSent(ctx, error, run);
		}
		run.answers.delete(answerSlot(ctx));
		const outcome = await send().then((value) => ({ value }), (error: unknown) => ({ error }));
		run.release();
		const headers = takeAnswer(run, ctx);
		if ('value' in outcome) {
			key.answered(ticket, headers);
			run.succeeded();
			rememberDelete(policy?.deleteKey);
			return outcome.value;
		}
		const { error } = outcome;
		const rateLimited = Boolean(error && typeof error === 'object' && retryAfters.has(error));
		// a server that sends no Retry-After: 1, 2, 4, ... seconds
		const retryAfter = rateLimited ? (retryAfters.get(error as object) ?? 2 ** attempt) : 0;
		// an item that stops here does not hold the others for a Retry-After it will not wait for
		const givingUp = rateLimited && (waited + retryAfter > MAX_WAIT_SECONDS || Boolean(signal?.aborted));
		if (rateLimited && !givingUp) key.refused(ticket, retryAfter, headers);
		else if (headers) key.answered(ticket, headers);
		else key.unanswered();
		if (!error || typeof error !== 'object') throw error;
		if (rateLimited) {
			if (givingUp) {
				explainGivingUp(error as Described, waited, retryAfter, Boolean(signal?.aborted));
				throw error;
			}
			waited += retryAfter;
			refusedBy = error as Described;
			continue;
		}
		if (policy?.alreadyGone && (error as { httpCode?: unknown }).httpCode === '404' && (mayBeDone || deletedEarlier(policy.deleteKey))) {
			return policy.alreadyGone() as T;
		}
		const fault = faultOf(error);
		if (!fault || !policy) throw error;
		faults += 1;
		if (fault.kind !== 'refused') {
			mayBeDone = true;
			rememberDelete(policy.deleteKey);
		}
		const seconds = fault.retryAfter ?? backoffSeconds(faults);
		const why =
			whyNotResent(policy, fault) ??
			(signal?.aborted
				? 'The execution was cancelled.'
				: faults >= MAX_ATTEMPTS
					? undefined
					: waited + seconds > MAX_WAIT_SECONDS
						? `Waiting ${Math.round(seconds)} s more would pass the ${MAX_WAIT_SECONDS} s the node waits per item.`
						: !run.spendRetry(fault)
							? 'It stopped resending: so many requests of this run failed that the API looks down, and more attempts would only add load.'
							: undefined);
		if (why !== undefined || faults >= MAX_ATTEMPTS) {
			throw explainFault(ctx.getNode(), error, fault, { attempts: attempt + 1, waited, policy, why });
		}
		waited += seconds;
		await wait(seconds * 1000, signal);
	}
}

type RoutingRequest = Parameters<IExecutePaginationFunctions['makeRoutingRequest']>[0];

/** Marks a request never to be resent after a timeout (a boost: it may still be running at the API). */
export const NO_RESEND_AFTER_TIMEOUT = Symbol('no resend after a timeout');

/** The path values of a request (`{pageId: 'pg_1'}`), set where the path is filled: a DELETE found gone names its ID. */
export const PATH_VALUES = Symbol('path values');

type MarkedRequest = IHttpRequestOptions & { [NO_RESEND_AFTER_TIMEOUT]?: boolean; [PATH_VALUES]?: Record<string, string> };

/**
 * The context a paginator gets: every `makeRoutingRequest` sent politely, each POST with an
 * Idempotency-Key (made here, at sending, so each chunk of a bulk call has its own) and a
 * policy for resending after a fault.
 */
export function politely(ctx: IExecutePaginationFunctions): IExecutePaginationFunctions {
	const makeRoutingRequest = async (data: RoutingRequest) => {
		const request = data.options as MarkedRequest;
		const method = String(request.method ?? 'GET').toUpperCase();
		if (method === 'POST' && !hasKey(request)) {
			const key = requestKey(ctx as unknown as IExecuteSingleFunctions, ctx.getItemIndex(), request);
			data = { ...data, options: { ...request, headers: { ...request.headers, [IDEMPOTENCY_HEADER]: key } } };
		}
		const deleteKey = method === 'DELETE' ? `${keyScope(ctx as unknown as IExecuteSingleFunctions)}|${ctx.getNode().id ?? ctx.getNode().name}|${String(request.url)}` : undefined;
		const policy: ResendPolicy = {
			method,
			keyed: method === 'POST',
			noResendAfterTimeout: Boolean(request[NO_RESEND_AFTER_TIMEOUT]),
			deleteKey,
			alreadyGone: method === 'DELETE' ? () => [{ json: alreadyDeleted(request[PATH_VALUES]) }] : undefined,
		};
		return await sendPolitely(ctx, async () => await ctx.makeRoutingRequest(data), policy);
	};
	return Object.create(ctx, { makeRoutingRequest: { value: makeRoutingRequest } }) as IExecutePaginationFunctions;
}

/** What a DELETE answers when an earlier attempt (whose answer was lost) had deleted it: `{deleted, <idName>}` as the store deletes answer, with a note. */
export function alreadyDeleted(pathValues: Record<string, string> = {}): IDataObject {
	const ids = Object.entries(pathValues);
	const [idName, id] = ids[ids.length - 1] ?? [];
	return {
		deleted: true,
		...(idName ? { [idName]: id } : {}),
		alreadyDeleted: true,
		note: 'Deleted: an earlier attempt of this item reached the API but its answer was lost, and the next attempt found nothing left to delete.',
	};
}
