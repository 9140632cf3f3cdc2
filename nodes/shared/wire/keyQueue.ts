import { sleep } from 'n8n-workflow';

import type { RateLimitHeaders } from './answer';
import { Pace, type Clock } from './pace';

export type { Clock } from './pace';

/**
 * One fair queue per API key in each n8n process (docs/reliability.md, "Bursts"). n8n starts one
 * execution per webhook event and a module is loaded once per process, so every execution and
 * node of a process that uses the same API (base URL and key) shares this queue. Requests get
 * their turn in order of arrival, at the pace the API's answers allow (`Pace`, below). The first
 * request of a key goes alone: until an answer says what the budget is, a burst of executions
 * would otherwise spend it all at once.
 */


interface Waiter {
	grant(ticket: number): void;
	fail(error: Error): void;
	deadline: number;
}

export class KeyQueue {
	private readonly waiters: Waiter[] = [];

	private readonly pace: Pace;

	private pumping = false;

	private interrupt?: AbortController;

	/** When it was last asked for a turn or told of an answer (the clock's ms). */
	private usedAt: number;

	constructor(private readonly clock: Clock = systemClock) {
		this.pace = new Pace(clock);
		this.usedAt = clock.now();
	}

	/** Nothing queued, nothing in flight, no hold or window to remember, and unused for `idleMs`: it may be dropped. */
	idle(now: number, idleMs: number): boolean {
		return !this.waiters.length && !this.pumping && now - this.usedAt >= idleMs && this.pace.settled(now);
	}

	/**
	 * Waits for this request's turn; `first` puts it ahead of the queue (a request sent again after
	 * a 429). Answers the request's ticket, its place among the requests this process sent, which
	 * `answered`, `rateLimited` or `unanswered` then reports on.
	 */
	async turn(options: { first?: boolean; signal?: AbortSignal; maxWaitMs: number }): Promise<number> {
		const { signal } = options;
		if (signal?.aborted) throw new QueueCancelled('cancelled');
		this.usedAt = this.clock.now();
		return await new Promise<number>((resolve, reject) => {
			const onAbort = () => {
				this.remove(waiter);
				reject(new QueueCancelled('cancelled'));
			};
			const done = () => signal?.removeEventListener('abort', onAbort);
			const waiter: Waiter = {
				grant: (ticket) => (done(), resolve(ticket)),
				fail: (error) => (done(), reject(error)),
				deadline: this.clock.now() + options.maxWaitMs,
			};
			signal?.addEventListener('abort', onAbort, { once: true });
			if (options.first) this.waiters.unshift(waiter);
			else this.waiters.push(waiter);
			void this.pump();
		});
	}

	/** The request with this ticket was answered (not with a 429); its X-RateLimit-* headers (read: answer.ts) say what is left. */
	answered(ticket: number, headers?: RateLimitHeaders) {
		this.poke();
		this.pace.answered(ticket, headers, this.clock.now());
	}

	/** A 429 to the request with this ticket: every request of the key waits `seconds` (with jitter); without headers, fewer go at once. */
	rateLimited(ticket: number, seconds: number, headers?: RateLimitHeaders) {
		this.poke();
		this.pace.rateLimited(ticket, seconds, headers, this.clock.now());
	}

	/** A request given its turn that got no answer (a reset, a timeout): it may or may not have counted. */
	unanswered() {
		this.poke();
		this.pace.unanswered();
	}

	private remove(waiter: Waiter) {
		const at = this.waiters.indexOf(waiter);
		if (at >= 0) this.waiters.splice(at, 1);
	}

	/** Marks the queue used and wakes its pump, which reads the pace again once the report that woke it is in (a microtask later). */
	private poke() {
		this.usedAt = this.clock.now();
		this.interrupt?.abort();
	}

	/** Gives turns while the queue has waiters, sleeping until the next is due or an answer changes the picture. */
	private async pump() {
		if (this.pumping) return this.poke();
		this.pumping = true;
		try {
			for (;;) {
				if (!this.waiters.length) return;
				const now = this.clock.now();
				// a turn due now goes, even at its deadline (Max Wait in Queue 0: "go if the key is free")
				const turn = this.pace.take(now);
				if ('ticket' in turn) {
					this.waiters.shift()!.grant(turn.ticket);
					continue;
				}
				const delay = turn.wait;
				for (const waiter of this.waiters.filter((w) => w.deadline <= now)) {
					this.remove(waiter);
					waiter.fail(new QueueWaitExceeded('waited too long'));
				}
				if (!this.waiters.length) return;
				const deadline = Math.min(...this.waiters.map((w) => w.deadline));
				this.interrupt = new AbortController();
				// at most a second at a time: an n8n 1.x sleep cannot be cut short and would hold its timer
				await this.clock.sleep(Math.max(1, Math.min(delay, deadline - now, 1000)), this.interrupt.signal);
			}
		} finally {
			this.pumping = false;
			this.interrupt = undefined;
		}
	}
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

/** A turn that waited longer than the node allows (Request Options → Max Wait in Queue). */
export class QueueWaitExceeded extends Error {}
/** The execution was cancelled while the request waited for its turn. */
export class QueueCancelled extends Error {}

/** A queue unused this long, with nothing left to remember, is dropped; the map is swept at most this often (or when it doubles). */
const IDLE_MS = 120_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * The key queues of a process, by a hash of the API's base URL and key (the key itself is never
 * held). One per key ever used would grow without bound (a key from an expression, many
 * credentials): a queue with nothing queued or in flight and no hold or window left to
 * remember is dropped once idle for IDLE_MS; the next request of its key starts a new one, as
 * after a restart.
 */
export class KeyQueues {
	private readonly queues = new Map<string, KeyQueue>();

	private sweptAt: number;

	private sizeAfterSweep = 0;

	constructor(private readonly clock: Clock = systemClock) {
		this.sweptAt = clock.now();
	}

	get size() {
		return this.queues.size;
	}

	get(hash: string): KeyQueue {
		const now = this.clock.now();
		if (now - this.sweptAt >= SWEEP_EVERY_MS || this.queues.size >= 2 * this.sizeAfterSweep + 100) this.sweep(now);
		let queue = this.queues.get(hash);
		if (!queue) this.queues.set(hash, (queue = new KeyQueue(this.clock)));
		return queue;
	}

	private sweep(now: number) {
		for (const [hash, queue] of this.queues) if (queue.idle(now, IDLE_MS)) this.queues.delete(hash);
		this.sweptAt = now;
		this.sizeAfterSweep = this.queues.size;
	}
}

const queues = new KeyQueues();

/** The queue of the API key (with its base URL) that `apiKeyHash` digests (send.ts): one per key in this process. */
export function queueOfApiKey(apiKeyHash: string): KeyQueue {
	return queues.get(apiKeyHash);
}

/**
 * A turn in a key's queue (`queue.turn`): in the queue of the API key that `queue` digests
 * (`queueOfApiKey`, at a request's first turn), or in `queue` itself; the queue comes back with the
 * ticket, for the request's later turns.
 */
export async function turnIn(queue: KeyQueue | string, options: Parameters<KeyQueue['turn']>[0]): Promise<{ queue: KeyQueue; ticket: number }> {
	const keyQueue = typeof queue === 'string' ? queueOfApiKey(queue) : queue;
	return { queue: keyQueue, ticket: await keyQueue.turn(options) };
}
