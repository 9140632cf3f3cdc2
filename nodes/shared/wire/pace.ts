import type { IDataObject } from 'n8n-workflow';

import type { Clock } from './clock';

/**
 * The pace of one API key in this process, learnt from the answers (keyLimiter.ts asks it when
 * the head of its queue may go):
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
 * - Until an answer says what the budget is, one request at a time.
 */

type Mode = 'unknown' | 'none' | 'window' | 'bucket';

/** Requests a window lets go at once before pacing starts: a few, so a small run is not slowed. */
const BURST = 4;
/** Jitter on a wake, at most this share of the wait and this many ms. */
const JITTER_SHARE = 0.02;
const JITTER_MAX_MS = 250;

export class Pace {
	private mode: Mode = 'unknown';

	/** Requests sent, answers received, and requests the API refused (429), since the start. */
	private sent = 0;

	private answers = 0;

	private refusals = 0;

	private limit = 0;

	/** The last answer's Remaining (less what was sent after its request), when it came, and how many requests had been sent by then. */
	private remaining = 0;

	private seenAt = 0;

	private sentAtSeen = 0;

	private windowEnd = 0;

	private windowLength = 0;

	/** The last answer taken: its Remaining as the API said it, and its ticket. */
	private lastRemaining = 0;

	private lastTicket = 0;

	/** Turns that may go now within a window, earned at the pace of what is left over the time left, at most BURST. */
	private credit = BURST;

	private creditAt = 0;

	/** A token bucket's refill, per ms, and the answers it is measured from. */
	private refill?: number;

	private samples: Array<{ at: number; remaining: number; used: number }> = [];

	/** Without headers: how many may be in flight (halved by a 429), the successes since it last grew, and the requests sent up to the last cut. */
	private inFlightWindow = Infinity;

	private successes = 0;

	private cutAfter = 0;

	private peakInFlight = 0;

	private heldUntil = 0;

	constructor(private readonly clock: Pick<Clock, 'random'>) {}

	/** A request goes: its ticket, its place among the requests this process sent. */
	sending(): number {
		if (this.mode === 'window') this.credit -= 1;
		this.sent += 1;
		this.peakInFlight = Math.max(this.peakInFlight, this.inFlight());
		return this.sent;
	}

	/** The request with this ticket was answered (not with a 429). */
	answered(ticket: number, headers: IDataObject | undefined, now: number) {
		this.observe(ticket, headers, now);
		this.answers += 1;
		if (this.mode === 'none') this.widen();
	}

	/** A 429 to the request with this ticket: every request waits `seconds` (with jitter); without headers, fewer go at once. */
	refused(ticket: number, seconds: number, headers: IDataObject | undefined, now: number) {
		this.observe(ticket, headers, now);
		this.answers += 1;
		this.refusals += 1;
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
	}

	/** A request given its turn that got no answer (a reset, a timeout): it may or may not have counted. */
	unanswered() {
		this.answers += 1;
	}

	/** Ms until the next request may go: 0 now, Infinity until an answer comes. */
	delay(now: number): number {
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
			this.heldUntil = this.windowEnd + this.jitter(this.windowLength);
			return this.heldUntil - now;
		}
		const rate = left / (this.windowEnd - now);
		this.credit = Math.min(BURST, this.credit + (now - this.creditAt) * rate);
		this.creditAt = now;
		return this.credit >= 1 ? 0 : (1 - this.credit) / rate;
	}

	/** Whether nothing is in flight and no hold or window is left to remember at `now`: forgetting this pace loses nothing. */
	settled(now: number): boolean {
		return this.inFlight() === 0 && now >= this.heldUntil && (this.mode !== 'window' || now >= this.windowEnd);
	}

	private inFlight = () => this.sent - this.answers;

	private sentSinceSeen = () => this.sent - this.sentAtSeen;

	/** What is left as of now: `remaining`, less whatever is sent from here on. */
	private spent(now: number, remaining = 0) {
		this.remaining = remaining;
		this.seenAt = now;
		this.sentAtSeen = this.sent;
	}

	private observe(ticket: number, headers: IDataObject | undefined, now: number) {
		const budget = budgetOf(headers, now);
		if (budget) this.observeBudget(budget, now, ticket);
		else if (this.mode === 'unknown') this.mode = 'none';
	}

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

	private jitter(waitMs: number) {
		return this.clock.random() * Math.min(JITTER_MAX_MS, waitMs * JITTER_SHARE);
	}
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
