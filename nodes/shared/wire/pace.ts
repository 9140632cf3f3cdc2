import type { RateLimitHeaders } from './answer';
import { FixedWindow, type RateLimit } from './window';

/** The clock the queue waits on, and its pace's jitter (tests give one of their own). */
export interface Clock {
	now(): number;
	random(): number;
	/** Resolves after `ms`, or early when `signal` aborts; never rejects. */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The pace of one API key in this process, learnt from the answers (its KeyQueue asks it when
 * the head of the queue may go):
 *
 * - `X-RateLimit-Remaining` with a `-Reset` in the future: a fixed window shared by every process
 *   using the key (window.ts). Nothing more is sent once it is spent until the window resets;
 *   what remains goes at once while this process spends the window alone, else it is spread over
 *   the rest of the window (each process's requests lower Remaining in the next answer any
 *   process gets, so each takes its share).
 * - `Remaining` with a `Reset` of 0: a token bucket. Its refill rate is measured from how
 *   Remaining moves against what this process sent, and requests go as tokens come.
 * - No headers: as many at once as n8n starts, halved on each 429 and widened again by successes.
 * - A 429 holds every request of the key for its Retry-After. Every wake at a reset or after a
 *   Retry-After has jitter, so processes do not all send at the same instant.
 * - Until an answer says what the budget is, one request at a time.
 */

type Mode = 'unknown' | 'none' | 'window' | 'bucket';

/** Jitter on a wake, at most this share of the wait and this many ms. */
const JITTER_SHARE = 0.02;
const JITTER_MAX_MS = 250;

export class Pace {
	private mode: Mode = 'unknown';

	/** Requests sent, answers received, and requests answered 429 (rate-limited), since the start. */
	private sent = 0;

	private answers = 0;

	private rateLimits = 0;

	private limit = 0;

	/** A token bucket's last answer: its Remaining (less what was sent after its request), when it came, and how many requests had been sent by then. */
	private remaining = 0;

	private seenAt = 0;

	private sentAtSeen = 0;

	private readonly window = new FixedWindow();

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

	/** The head of the queue's turn: its ticket when it may go now (`sending`), else the ms until it may (`delay`). */
	take(now: number): { ticket: number } | { wait: number } {
		const wait = this.delay(now);
		return wait <= 0 ? { ticket: this.sending() } : { wait };
	}

	/** A request goes: its ticket, its place among the requests this process sent. */
	sending(): number {
		if (this.mode === 'window') this.window.sending();
		this.sent += 1;
		this.peakInFlight = Math.max(this.peakInFlight, this.inFlight());
		return this.sent;
	}

	/** The request with this ticket was answered (not with a 429). */
	answered(ticket: number, headers: RateLimitHeaders | undefined, now: number) {
		this.observe(ticket, headers, now);
		this.answers += 1;
		if (this.mode === 'none') this.widen();
	}

	/** A 429 to the request with this ticket: every request waits `seconds` (with jitter); without headers, fewer go at once. */
	rateLimited(ticket: number, seconds: number, headers: RateLimitHeaders | undefined, now: number) {
		this.observe(ticket, headers, now);
		this.answers += 1;
		this.rateLimits += 1;
		if (this.mode === 'none' && ticket > this.cutAfter) {
			this.inFlightWindow = Math.max(1, Math.floor(Math.min(this.inFlightWindow, this.peakInFlight) / 2));
			this.peakInFlight = 0;
			this.successes = 0;
			this.cutAfter = this.sent;
		}
		if (this.mode === 'window') this.window.rateLimited(ticket, this.sends());
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
		const wait = this.window.wait(now, this.sends());
		if (wait !== 'spent') return wait;
		this.heldUntil = this.window.end + this.jitter(this.window.length);
		return this.heldUntil - now;
	}

	/** Whether nothing is in flight and no hold or window is left to remember at `now`: forgetting this pace loses nothing. */
	settled(now: number): boolean {
		return this.inFlight() === 0 && now >= this.heldUntil && (this.mode !== 'window' || now >= this.window.end);
	}

	private inFlight = () => this.sent - this.answers;

	private sentSinceSeen = () => this.sent - this.sentAtSeen;

	private sends = () => ({ sent: this.sent, inFlight: this.inFlight() });

	private observe(ticket: number, headers: RateLimitHeaders | undefined, now: number) {
		const rateLimit = rateLimitOf(headers, now);
		if (rateLimit) this.observeRateLimit(rateLimit, now, ticket);
		else if (this.mode === 'unknown') this.mode = 'none';
	}

	private observeRateLimit(rateLimit: RateLimit, now: number, ticket: number) {
		if (rateLimit.limit) this.limit = rateLimit.limit;
		if (rateLimit.remaining > 0) this.mode = rateLimit.resetAt === undefined ? 'bucket' : 'window';
		else if (this.mode === 'unknown' || this.mode === 'none') this.mode = rateLimit.resetAt === undefined ? 'bucket' : 'window';
		if (this.mode === 'window') return this.window.answered(ticket, rateLimit, now, this.sends());
		// the answer counts its own request and those sent before it, maybe not those sent after: count them as not yet spent
		this.remaining = rateLimit.remaining - (this.sent - ticket);
		this.seenAt = now;
		this.sentAtSeen = this.sent;
		this.measureRefill(now, rateLimit, ticket);
	}

	/** The bucket's refill: how much Remaining rose, plus what this process used, over the longest recent span. */
	private measureRefill(now: number, rateLimit: RateLimit, ticket: number) {
		const used = ticket - this.rateLimits;
		this.samples = this.samples.filter((s) => s.at >= now - 10_000);
		const base = this.samples.find((s) => s.at <= now - 1000 && s.remaining < (this.limit || Infinity));
		if (base) {
			const rate = (rateLimit.remaining - base.remaining + used - base.used) / (now - base.at);
			if (rate > 0) this.refill = rate;
		}
		this.samples.push({ at: now, remaining: rateLimit.remaining, used });
		if (rateLimit.remaining === 0 && this.refill === undefined && rateLimit.resetAt !== undefined) this.heldUntil = Math.max(this.heldUntil, rateLimit.resetAt);
	}

	private widen() {
		if (!Number.isFinite(this.inFlightWindow)) return;
		this.successes += 1;
		if (this.successes < this.inFlightWindow) return;
		this.inFlightWindow += 1;
		this.successes = 0;
	}

	private jitter(waitMs: number) {
		return this.clock.random() * Math.min(JITTER_MAX_MS, waitMs * JITTER_SHARE);
	}
}

/**
 * The rate-limit budget an answer's headers state (read with the answer: answer.ts `rateLimitHeaders`;
 * Reset in seconds, or a unix time when that large), or undefined without them.
 */
export function rateLimitOf(headers: RateLimitHeaders | undefined, now: number): RateLimit | undefined {
	if (!headers) return undefined;
	const { reset } = headers;
	const resetAt = !reset ? undefined : reset > 1e9 ? reset * 1000 : now + reset * 1000;
	return { limit: headers.limit, remaining: Math.floor(headers.remaining), resetAt: resetAt !== undefined && resetAt > now ? resetAt : undefined };
}
