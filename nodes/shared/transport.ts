import type {
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

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
 *   starts every item together). A 429 pauses the whole run for its Retry-After and halves the
 *   window; successes widen it again by one per window's worth (additive increase,
 *   multiplicative decrease), so a run settles near the API's rate instead of sending requests
 *   that are bound to be refused.
 */

export const DEFAULT_MAX_IN_FLIGHT = 50;
export const MAX_WAIT_SECONDS = 60;

/** The run-wide retry budget (the standard retry mode of large cloud SDKs): 100 resends after answered faults, 50 after timeouts or resets, refilled by successes. */
export const RETRY_CAPACITY = 500;
const RETRY_COST = 5;
const TIMEOUT_RETRY_COST = 10;

type Context = IExecuteFunctions | IExecuteSingleFunctions | IExecutePaginationFunctions | ILoadOptionsFunctions | IHookFunctions;

class Limiter {
	private active = 0;

	private window: number;

	private successes = 0;

	private readonly waiting: Array<() => void> = [];

	private pausedUntil = 0;

	private lastCut = 0;

	/** The run's retry budget: a resend costs tokens, a success gives one back (a dead API fails fast). */
	private retryTokens = RETRY_CAPACITY;

	constructor(private readonly max: number) {
		this.window = max;
	}

	/** A slot; `first`: ahead of the queue (a request that was refused and goes again). */
	async acquire(first = false) {
		if (this.active < this.window) {
			this.active += 1;
			return;
		}
		await new Promise<void>((resolve) => (first ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
	}

	/** Hands the slot to the next waiting request, or frees it. */
	release() {
		const next = this.active <= this.window ? this.waiting.shift() : undefined;
		if (next) next();
		else this.active -= 1;
	}

	/** Waits out a Retry-After another request of this run received. */
	async paused(signal?: AbortSignal) {
		while (Date.now() < this.pausedUntil && !signal?.aborted) await wait(this.pausedUntil - Date.now(), signal);
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
		this.successes += 1;
		if (this.window >= this.max || this.successes < this.window) return;
		this.window += 1;
		this.successes = 0;
		while (this.active < this.window && this.waiting.length) {
			this.active += 1;
			this.waiting.shift()!();
		}
	}

	/** The API said no request is left until `until` (ms): the run's next requests wait, the window stays. */
	holdUntil(until: number) {
		this.pausedUntil = Math.max(this.pausedUntil, until);
	}

	rateLimited(sentAt: number, seconds: number) {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
		// requests already in flight when the window was cut tell nothing new
		if (sentAt < this.lastCut) return;
		this.window = Math.max(1, Math.floor(this.window / 2));
		this.successes = 0;
		this.lastCut = Date.now();
	}
}

/**
 * One limiter per node run: RoutingNode hands every item of a run the same execute data. Tools
 * get their parent's (n8n passes the AI Agent's execute data to every tool it calls), so the
 * node's name is part of the key: each tool node keeps its own limit.
 */
const limiters = new WeakMap<object, Map<string, Limiter>>();

function limiterOf(ctx: Context): Limiter {
	const run = 'getExecuteData' in ctx ? (ctx.getExecuteData() as object | undefined) : undefined;
	if (!run) return new Limiter(1);
	let byNode = limiters.get(run);
	if (!byNode) limiters.set(run, (byNode = new Map()));
	const node = ctx.getNode().name;
	let limiter = byNode.get(node);
	if (!limiter) byNode.set(node, (limiter = new Limiter(maxInFlight(ctx as IExecuteFunctions | IExecuteSingleFunctions))));
	return limiter;
}

function maxInFlight(ctx: IExecuteFunctions | IExecuteSingleFunctions): number {
	const options = ('getItemIndex' in ctx
		? ctx.getNodeParameter('requestOptions', {})
		: ctx.getNodeParameter('requestOptions', 0, {})) as IDataObject | undefined;
	const value = Number(options?.maxInFlight);
	return Number.isFinite(value) && value >= 1 ? Math.floor(value) : DEFAULT_MAX_IN_FLIGHT;
}

/** n8n's sleep; stops early when the execution is cancelled (an n8n 1.x sleep without the signal is raced). */
async function wait(ms: number, signal?: AbortSignal) {
	if (!signal) return await sleep(ms);
	if (signal.aborted) return;
	let stop!: () => void;
	const aborted = new Promise<void>((resolve) => (stop = resolve));
	signal.addEventListener('abort', stop, { once: true });
	await Promise.race([sleep(ms, signal).then(undefined, () => undefined), aborted]);
	signal.removeEventListener('abort', stop);
}

/**
 * `X-RateLimit-Remaining: 0` on any answer: the node run's next requests wait for
 * `X-RateLimit-Reset` (seconds, or a unix time when the number is that large) instead of being
 * sent to be refused. At most MAX_WAIT_SECONDS ahead.
 */
export function noteRateLimitHeaders(ctx: Context, headers: IDataObject | undefined) {
	const until = rateLimitHold(headers, Date.now());
	if (until !== undefined) limiterOf(ctx).holdUntil(until);
}

/** When the run may send again after an answer with these headers (ms since the epoch), or undefined when it need not wait. */
export function rateLimitHold(headers: IDataObject | undefined, now: number): number | undefined {
	const value = (name: string) => {
		const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
		return found === undefined || found === null || found === '' ? undefined : Number(Array.isArray(found) ? found[0] : found);
	};
	if (value('x-ratelimit-remaining') !== 0) return undefined;
	const reset = value('x-ratelimit-reset');
	if (reset === undefined || !Number.isFinite(reset) || reset <= 0) return undefined;
	const until = reset > 1e9 ? reset * 1000 : now + reset * 1000;
	return until > now ? Math.min(until, now + MAX_WAIT_SECONDS * 1000) : undefined;
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

/**
 * Sends one request under the node run's in-flight limit, waiting out 429s (see above) and
 * resending after a transient fault when `policy` says the request may be resent (faults.ts).
 * `send` throws the explained NodeApiError for a failed answer.
 */
export async function sendPolitely<T>(ctx: Context, send: () => Promise<T>, policy?: ResendPolicy): Promise<T> {
	const limiter = limiterOf(ctx);
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	let waited = 0;
	let faults = 0;
	// an earlier attempt of this DELETE may have deleted it (its answer was a fault)
	let mayBeDone = false;
	for (let attempt = 0; ; attempt++) {
		await limiter.acquire(attempt > 0);
		await limiter.paused(signal);
		// a request still queued for a slot when the execution was cancelled is never sent
		if (signal?.aborted) {
			limiter.release();
			throw new NodeOperationError(ctx.getNode(), 'The execution was cancelled before this request was sent', {
				description: 'Nothing was sent to the API for this item.',
			});
		}
		const sentAt = Date.now();
		const outcome = await send().then((value) => ({ value }), (error: unknown) => ({ error }));
		limiter.release();
		if ('value' in outcome) {
			limiter.succeeded();
			rememberDelete(policy?.deleteKey);
			return outcome.value;
		}
		const { error } = outcome;
		if (!error || typeof error !== 'object') throw error;
		if (retryAfters.has(error)) {
			// a server that sends no Retry-After: 1, 2, 4, ... seconds
			const seconds = retryAfters.get(error) ?? 2 ** attempt;
			if (waited + seconds > MAX_WAIT_SECONDS || signal?.aborted) {
				explainGivingUp(error as Described, waited, seconds, Boolean(signal?.aborted));
				throw error;
			}
			limiter.rateLimited(sentAt, seconds);
			waited += seconds;
			// the pause first, then the queue again (ahead of the requests not yet sent)
			await limiter.paused(signal);
			if (signal?.aborted) {
				explainGivingUp(error as Described, waited, seconds, true);
				throw error;
			}
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
						: !limiter.spendRetry(fault)
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
