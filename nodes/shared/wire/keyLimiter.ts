import type { IDataObject } from 'n8n-workflow';

import { budgetOf, QueueCancelled, QueueWaitExceeded, systemClock, type Budget, type Clock } from './rateLimitBudget';

export { budgetOf, QueueCancelled, QueueWaitExceeded, wait, type Clock } from './rateLimitBudget';

/**
 * One fair queue per API key in each n8n process (docs/reliability.md, "Bursts"). n8n starts one
 * execution per webhook event and a module is loaded once per process, so every execution and
 * node of a process that uses the same API (base URL and key) shares this limiter. Requests get
 * their turn in order of arrival, at the pace the API's answers allow:
 *
 * - `X-RateLimit-Remaining` with a `-Reset` in the future: a fixed window shared by every process
 *   using the key. What remains is spread over the rest of the window (a process's own requests
 *   lower Remaining in its next answer, other processes' too, so each takes its share), and
 *   nothing more is sent once it is spent until the window resets.
 * - `Remaining` with a `Reset` of 0: a token bucket. Its refill rate is measured from how
 *   Remaining moves against what this process sent, and requests go as tokens come.
 * - No headers: as many at once as n8n starts, halved on each 429 and widened again by successes.
 * - A 429 holds every request of the key for its Retry-After. Every wake at a reset or after a
 *   Retry-After has jitter, so processes do not all send at the same instant.
 *
 * The first request of a key goes alone: until an answer says what the budget is, a burst of
 * executions would otherwise spend it all at once.
 */

interface Waiter {
	grant(ticket: number): void;
	fail(error: Error): void;
	deadline: number;
}

type Mode = 'unknown' | 'none' | 'window' | 'bucket';

/** Requests a window lets go at once before pacing starts: a few, so a small run is not slowed. */
const BURST = 4;
/** Jitter on a wake, at most this share of the wait and this many ms. */
const JITTER_SHARE = 0.02;
const JITTER_MAX_MS = 250;

export class KeyLimiter {
	private readonly queue: Waiter[] = [];

	private mode: Mode = 'unknown';

	/** Requests sent, answers received, and requests the API refused (429), since the start. */
	private sent = 0;

	private answers = 0;

	private refusals = 0;

	private limit = 0;

	/** The last answer's Remaining, when it came, and how many requests had been sent by then. */
	private remaining = 0;

	private seenAt = 0;

	private sentAtSeen = 0;

	private windowEnd = 0;

	/** The last answer taken: its Remaining as the API said it, and its ticket. */
	private lastRemaining = 0;

	private lastTicket = 0;

	private windowLength = 0;

	/** Pacing within a window: turns that may go now, earned at the pace of what is left over the time left, at most BURST. */
	private credit = BURST;

	private creditAt = 0;

	/** A token bucket's refill, per ms, and the answers it is measured from. */
	private refill?: number;

	private samples: Array<{ at: number; remaining: number; used: number }> = [];

	/** Without headers: how many may be in flight (halved by a 429), and when it was last cut. */
	private inFlightWindow = Infinity;

	private successes = 0;

	/** Requests sent up to the last cut: a 429 to one of them says nothing about the cut window. */
	private cutAfter = 0;

	private peakInFlight = 0;

	private heldUntil = 0;

	private pumping = false;

	private interrupt?: AbortController;

	constructor(private readonly clock: Clock = systemClock) {}

	/**
	 * Waits for this request's turn; `first` puts it ahead of the queue (a request sent again after
	 * a 429). Answers the request's ticket, its place among the requests this process sent, which
	 * `answered`, `refused` or `unanswered` then reports on.
	 */
	async turn(options: { first?: boolean; signal?: AbortSignal; maxWaitMs: number }): Promise<number> {
		const { signal } = options;
		if (signal?.aborted) throw new QueueCancelled('cancelled');
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
			if (options.first) this.queue.unshift(waiter);
			else this.queue.push(waiter);
			void this.pump();
		});
	}

	/** The request with this ticket was answered (not with a 429); its X-RateLimit-* headers say what is left. */
	answered(ticket: number, headers?: IDataObject) {
		this.observe(ticket, headers);
		this.answers += 1;
		if (this.mode === 'none') this.widen();
		this.poke();
	}

	/** A 429 to the request with this ticket: every request of the key waits `seconds` (with jitter); without headers, fewer go at once. */
	refused(ticket: number, seconds: number, headers?: IDataObject) {
		this.observe(ticket, headers);
		this.answers += 1;
		this.refusals += 1;
		const now = this.clock.now();
		if (this.mode === 'none' && ticket > this.cutAfter) {
			this.inFlightWindow = Math.max(1, Math.floor(Math.min(this.inFlightWindow, this.peakInFlight) / 2));
			this.peakInFlight = 0;
			this.successes = 0;
			this.cutAfter = this.sent;
		}
		if (this.mode === 'window') {
			this.spent(now);
			this.lastRemaining = 0;
		}
		this.heldUntil = Math.max(this.heldUntil, now + seconds * 1000 + this.jitter(seconds * 1000));
		this.poke();
	}

	private observe(ticket: number, headers: IDataObject | undefined) {
		const now = this.clock.now();
		const budget = budgetOf(headers, now);
		if (budget) this.observeBudget(budget, now, ticket);
		else if (this.mode === 'unknown') this.mode = 'none';
	}

	/** A request given its turn that got no answer (a reset, a timeout): it may or may not have counted. */
	unanswered() {
		this.answers += 1;
		this.poke();
	}

	/** What is left as of now: `remaining`, less whatever is sent from here on. */
	private spent(now: number, remaining = 0) {
		this.remaining = remaining;
		this.seenAt = now;
		this.sentAtSeen = this.sent;
	}

	private inFlight = () => this.sent - this.answers;

	private sentSinceSeen = () => this.sent - this.sentAtSeen;

	private observeBudget(answer: Budget, now: number, ticket: number) {
		// the answer counts its own request and those sent before it, maybe not those sent after: count them as not yet spent
		const budget = { ...answer, remaining: answer.remaining - (this.sent - ticket) };
		if (budget.limit) this.limit = budget.limit;
		if (answer.remaining > 0) this.mode = budget.resetAt === undefined ? 'bucket' : 'window';
		else if (this.mode === 'unknown' || this.mode === 'none') this.mode = budget.resetAt === undefined ? 'bucket' : 'window';
		if (this.mode === 'window' && budget.resetAt !== undefined) {
			this.windowLength = Math.max(this.windowLength, budget.resetAt - now);
			// within a window Remaining only falls: more than the last answer said means a new window
			if (this.windowEnd <= now || budget.remaining > this.lastRemaining) this.windowEnd = budget.resetAt;
			else {
				// whole-second Resets round up: the earliest end an answer of this window allows is the closest
				this.windowEnd = Math.min(this.windowEnd, budget.resetAt);
				// an answer overtaken by a later one says nothing new
				if (ticket < this.lastTicket) return;
			}
		}
		this.lastRemaining = answer.remaining;
		this.lastTicket = ticket;
		this.spent(now, budget.remaining);
		if (this.mode === 'bucket') this.measureRefill(now, answer, ticket);
	}

	/** The bucket's refill: how much Remaining rose, plus what this process used, over the longest recent span. */
	private measureRefill(now: number, budget: Budget, ticket: number) {
		const used = ticket - this.refusals;
		this.samples = this.samples.filter((s) => s.at >= now - 10_000);
		const base = this.samples.find((s) => s.at <= now - 1000 && s.remaining < (this.limit || Infinity));
		if (base) {
			const rate = (budget.remaining - base.remaining + used - base.used) / (now - base.at);
			if (rate > 0) this.refill = rate;
		}
		this.samples.push({ at: now, remaining: budget.remaining, used });
		if (budget.remaining === 0 && this.refill === undefined && budget.resetAt !== undefined) this.heldUntil = Math.max(this.heldUntil, budget.resetAt);
	}

	private widen() {
		if (!Number.isFinite(this.inFlightWindow)) return;
		this.successes += 1;
		if (this.successes < this.inFlightWindow) return;
		this.inFlightWindow += 1;
		this.successes = 0;
	}

	/** Ms until the head of the queue may go: 0 now, Infinity until an answer comes. */
	private delay(now: number): number {
		if (now < this.heldUntil) return this.heldUntil - now;
		if (this.mode === 'unknown') return this.inFlight() === 0 ? 0 : Infinity;
		if (this.mode === 'none') return this.inFlight() < this.inFlightWindow ? 0 : Infinity;
		if (this.mode === 'bucket') {
			const tokens = Math.min(this.limit || Infinity, this.remaining + (this.refill ?? 0) * (now - this.seenAt)) - this.sentSinceSeen();
			if (tokens >= 1) return 0;
			if (this.refill) return (1 - tokens) / this.refill;
			// the refill is not known yet: one request at a time finds out
			return this.inFlight() === 0 ? 0 : Infinity;
		}
		if (now >= this.windowEnd) this.newWindow(now);
		const left = this.remaining - this.sentSinceSeen();
		if (left <= 0) {
			const until = this.windowEnd + this.jitter(this.windowLength);
			this.heldUntil = until;
			return until - now;
		}
		const rate = left / (this.windowEnd - now);
		this.credit = Math.min(BURST, this.credit + (now - this.creditAt) * rate);
		this.creditAt = now;
		return this.credit >= 1 ? 0 : (1 - this.credit) / rate;
	}

	/** The window's end has passed: a new one, as large as the limit, until an answer says more. */
	private newWindow(now: number) {
		const length = this.windowLength || 1000;
		while (this.windowEnd <= now) this.windowEnd += length;
		// requests still on their way may land in the new window: counted as spent until an answer says
		this.spent(now, (this.limit || 1) - this.inFlight());
		this.lastRemaining = this.limit || 1;
		this.credit = BURST;
		this.creditAt = now;
	}

	private grant() {
		const waiter = this.queue.shift()!;
		if (this.mode === 'window') this.credit -= 1;
		this.sent += 1;
		this.peakInFlight = Math.max(this.peakInFlight, this.inFlight());
		waiter.grant(this.sent);
	}

	private jitter(waitMs: number) {
		return this.clock.random() * Math.min(JITTER_MAX_MS, waitMs * JITTER_SHARE);
	}

	private remove(waiter: Waiter) {
		const at = this.queue.indexOf(waiter);
		if (at >= 0) this.queue.splice(at, 1);
	}

	private poke() {
		this.interrupt?.abort();
	}

	/** Gives turns while the queue has waiters, sleeping until the next is due or an answer changes the picture. */
	private async pump() {
		if (this.pumping) return this.poke();
		this.pumping = true;
		try {
			for (;;) {
				const now = this.clock.now();
				for (const waiter of this.queue.filter((w) => w.deadline <= now)) {
					this.remove(waiter);
					waiter.fail(new QueueWaitExceeded('waited too long'));
				}
				if (!this.queue.length) return;
				const delay = this.delay(now);
				if (delay <= 0) {
					this.grant();
					continue;
				}
				const deadline = Math.min(...this.queue.map((w) => w.deadline));
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

/** The limiters of this process, by a hash of the API's base URL and key (the key itself is never held). */
const limiters = new Map<string, KeyLimiter>();

export function keyLimiter(hash: string): KeyLimiter {
	let limiter = limiters.get(hash);
	if (!limiter) limiters.set(hash, (limiter = new KeyLimiter()));
	return limiter;
}
