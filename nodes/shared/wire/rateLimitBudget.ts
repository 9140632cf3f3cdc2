import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** The clock, the answers' rate-limit headers and the queue's errors, for keyLimiter.ts. */

export interface Clock {
	now(): number;
	random(): number;
	/** Resolves after `ms`, or early when `signal` aborts; never rejects. */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now(), random: () => Math.random(), sleep: async (ms, signal) => await wait(ms, signal) };

/** n8n's sleep, ending early on `signal` (an n8n 1.x sleep, which has no signal, is raced). */
export async function wait(ms: number, signal?: AbortSignal) {
	if (!signal) return await sleep(ms);
	if (signal.aborted) return;
	let stop!: () => void;
	const aborted = new Promise<void>((resolve) => (stop = resolve));
	signal.addEventListener('abort', stop, { once: true });
	await Promise.race([sleep(ms, signal).then(undefined, () => undefined), aborted]);
	signal.removeEventListener('abort', stop);
}

/** What one answer's X-RateLimit-* headers say about the key's budget. */
export interface Budget {
	limit?: number;
	remaining: number;
	/** When the budget resets (ms since the epoch); undefined for a Reset of 0 or none. */
	resetAt?: number;
}

/** The budget an answer's headers state (Reset in seconds, or a unix time when that large), or undefined without them. */
export function budgetOf(headers: IDataObject | undefined, now: number): Budget | undefined {
	const value = (name: string) => {
		const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
		const n = found === undefined || found === null || found === '' ? NaN : Number(Array.isArray(found) ? found[0] : found);
		return Number.isFinite(n) && n >= 0 ? n : undefined;
	};
	const remaining = value('x-ratelimit-remaining');
	if (remaining === undefined) return undefined;
	const reset = value('x-ratelimit-reset');
	const resetAt = !reset ? undefined : reset > 1e9 ? reset * 1000 : now + reset * 1000;
	return { limit: value('x-ratelimit-limit'), remaining: Math.floor(remaining), resetAt: resetAt !== undefined && resetAt > now ? resetAt : undefined };
}

/** A turn that waited longer than the node allows (Request Options → Max Wait in Queue). */
export class QueueWaitExceeded extends Error {}
/** The execution was cancelled while the request waited for its turn. */
export class QueueCancelled extends Error {}
