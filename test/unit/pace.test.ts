import { rateLimitHeaders } from '../../nodes/shared/wire/answer';
import { Pace, rateLimitOf } from '../../nodes/shared/wire/pace';

/**
 * The pace of one key (nodes/shared/wire/keyQueue.ts `Pace`) asked directly: what an answer's headers say
 * (rateLimitOf), and the delay and settled state after a given history of sends, answers and 429s,
 * to the millisecond. key-queue.test.ts covers the queue that asks it; these pin the arithmetic
 * the queue's once-a-second re-checks would blur. random() is 0.5: every jitter shows.
 */

const T = 1_800_000_000_000;
/** An answer's rate-limit headers as the wire reads them with the answer (answer.ts `rateLimitHeaders`). */
const window = (remaining: number, resetSeconds: number, limit?: number) =>
	rateLimitHeaders({
		...(limit === undefined ? {} : { 'X-RateLimit-Limit': String(limit) }),
		'X-RateLimit-Remaining': String(remaining),
		'X-RateLimit-Reset': String(resetSeconds),
	});
/** What the headers say, read as the wire reads them. */
const budgetOf = (headers: object | undefined, now: number) => rateLimitOf(rateLimitHeaders(headers), now);
const pace = () => new Pace({ random: () => 0.5 });

describe('rateLimitOf: what an answer\'s headers say', () => {
	test('a header without a usable number says nothing: absent, null, empty, not a number, negative', () => {
		for (const remaining of [undefined, null, '', 'soon', '-1', Infinity]) {
			expect(budgetOf({ 'X-RateLimit-Remaining': remaining as never, 'X-RateLimit-Reset': '30' }, T)).toBeUndefined();
		}
		expect(budgetOf(undefined, T)).toBeUndefined();
	});

	test('names in any case, the first of repeated values, Remaining in whole requests', () => {
		expect(budgetOf({ 'x-ratelimit-remaining': ['7.9', '3'], 'X-RATELIMIT-LIMIT': '10', 'X-RateLimit-Reset': '30' }, T)).toEqual({ limit: 10, remaining: 7, resetAt: T + 30_000 });
	});

	test('Reset in seconds from now, or as a unix time once larger than 1e9; none, 0 or past: no reset', () => {
		expect(rateLimitOf(window(5, 1e9), T)?.resetAt).toBe(T + 1e12);
		expect(rateLimitOf(window(5, T / 1000 + 30), T)?.resetAt).toBe(T + 30_000);
		expect(rateLimitOf(window(5, T / 1000), T)?.resetAt).toBeUndefined();
		expect(rateLimitOf(window(5, T / 1000 - 30), T)?.resetAt).toBeUndefined();
		expect(rateLimitOf(window(5, 0), T)).toEqual({ limit: undefined, remaining: 5, resetAt: undefined });
		expect(budgetOf({ 'X-RateLimit-Remaining': '5' }, T)).toEqual({ limit: undefined, remaining: 5, resetAt: undefined });
		expect(budgetOf({ 'X-RateLimit-Remaining': '5', 'X-RateLimit-Reset': '' }, T)?.resetAt).toBeUndefined();
	});
});

describe('a fixed window', () => {
	test('what is left is spread over the rest of the window: after the burst, the next turn comes as credit is earned, to the millisecond', () => {
		const p = pace();
		p.sending();
		// 11 left over 10 s: 4 at once first
		p.answered(1, window(11, 10), T);
		expect(p.delay(T)).toBe(0);
		for (let i = 0; i < 4; i++) p.sending();
		// the burst spent: 7 left over 10 s, a turn every 10/7 s
		expect(p.delay(T)).toBeCloseTo(10_000 / 7, 6);
		// 500 ms later, 7 left over 9.5 s: the credit earned since (500 ms of it) is taken off the wait
		expect(p.delay(T + 500)).toBeCloseTo(9_500 / 7 - 500, 6);
	});

	test('at the window\'s very end a new window starts: no hold for the jitter of a reset already reached', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(3, 1, 10), T);
		for (let i = 0; i < 3; i++) p.sending();
		// the 3 are answered: nothing in flight when the new window starts, 10 of 10 to spend
		for (let t = 2; t <= 4; t++) p.answered(t, window(3 - (t - 1), 1, 10), T + 10);
		expect(p.delay(T + 1000)).toBe(0);
	});

	test('an answer without headers in a window (an error page) changes nothing: still held until the window ends', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(0, 30), T);
		p.sending();
		p.answered(2, undefined, T + 10);
		expect(p.delay(T + 10)).toBe(30_000 - 10 + 0.5 * 250);
	});

	test('a 429 in a window spends it: after the Retry-After, nothing more until the window ends', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(10, 30), T);
		p.sending();
		p.rateLimited(2, 1, undefined, T + 100);
		// held 1 s (and its jitter: half of 2% of it); then the window, spent, holds until its end plus jitter
		expect(p.delay(T + 100)).toBe(1000 + 10);
		expect(p.delay(T + 1200)).toBe(30_000 - 1200 + 0.5 * 250);
	});

	test('a 429\'s own headers are read: Remaining 0 with a Reset holds past a shorter Retry-After', () => {
		const p = pace();
		p.sending();
		p.rateLimited(1, 1, window(0, 30), T);
		expect(p.delay(T + 2000)).toBe(30_000 - 2000 + 0.5 * 250);
	});
});

describe('the first answers set the mode', () => {
	test('the key\'s first answer says 0 left until 30 s: held until then, as a window', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(0, 30), T);
		expect(p.delay(T + 10)).toBe(30_000 - 10 + 0.5 * 250);
	});

	test('answers without headers first, then one that says 0 left until 30 s: from then on a window', () => {
		const p = pace();
		p.sending();
		p.answered(1, undefined, T);
		p.sending();
		p.answered(2, window(0, 30), T);
		expect(p.delay(T + 10)).toBe(30_000 - 10 + 0.5 * 250);
	});

	test('a token bucket that starts answering with a Reset in the future is a window from then on', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(4, 0, 5), T);
		expect(p.settled(T + 10)).toBe(true);
		p.sending();
		p.answered(2, window(3, 30, 5), T + 10);
		// a window is remembered until it ends
		expect(p.settled(T + 20)).toBe(false);
	});
	test('the key\'s first answer says nothing left and a Reset of 0 (an empty token bucket): one request at a time until a refill shows', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(0, 0, 5), T);
		expect(p.delay(T)).toBe(0);
		p.sending();
		expect(p.delay(T)).toBe(Infinity);
	});

	test('a window, then a token bucket: the bucket has nothing of the window to remember', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(3, 30, 5), T);
		p.sending();
		p.answered(2, window(4, 0, 5), T + 10);
		expect(p.settled(T + 20)).toBe(true);
	});

	test('a window, then a token bucket, then a window again: requests sent in between do not spend the window\'s burst', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(5, 10, 10), T);
		expect(p.delay(T)).toBe(0);
		const t2 = p.sending();
		p.answered(t2, window(4, 0, 10), T + 10);
		for (let i = 0; i < 3; i++) p.sending();
		const t6 = p.sending();
		p.answered(t6, window(6, 10, 10), T + 20);
		// 3 of the window's 4 at once are left (one went before the bucket): the next goes now
		expect(p.delay(T + 20)).toBe(0);
	});
});

describe('a window, answer by answer', () => {
	test('an answer at the very end of its window starts the next one at its own Reset', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(5, 1, 10), T);
		p.sending();
		// 2 left, reset in 30 s: the window ends at T + 31 s
		p.answered(2, window(2, 30, 10), T + 1000);
		p.sending();
		p.sending();
		expect(p.delay(T + 1000)).toBe(30_000 + 0.5 * 250);
	});

	test('an answer with more left than the last one is of a new window, even before the old one\'s end: its Reset counts', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(2, 30, 10), T);
		p.sending();
		p.answered(2, window(8, 30, 10), T + 1000);
		for (let i = 0; i < 8; i++) p.sending();
		expect(p.delay(T + 1000)).toBe(30_000 + 0.5 * 250);
	});

	test('an answer with as much left as the last one is of the same window: its end stays the earliest', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(5, 10, 10), T);
		p.sending();
		p.answered(2, window(5, 10, 10), T + 500);
		for (let i = 0; i < 5; i++) p.sending();
		expect(p.delay(T + 500)).toBe(9_500 + 0.5 * 200);
	});

	test('a window rolls over at the length the answers showed, with the limit as what is left', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(0, 30, 5), T);
		// the next window: 30 s long, 5 to spend
		expect(p.delay(T + 30_000)).toBe(0);
		for (let i = 0; i < 5; i++) p.sending();
		expect(p.delay(T + 30_000)).toBe(30_000 + 0.5 * 250);
	});

	test('in a rolled-over window the end is a guess (the last end plus the length seen): the window\'s first answer replaces it, later ones keep the earliest', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(0, 30, 5), T);
		expect(p.delay(T + 30_000)).toBe(0);
		// 4 left of 5, reset in 31 s: the guess (T + 60 s) may be early (a length learnt from a partial window), the answer's end is not
		p.answered(p.sending(), window(4, 31, 5), T + 30_100);
		// 3 left, reset in 30 s at T + 30.5 s: the window ends by T + 60.5 s
		p.answered(p.sending(), window(3, 30, 5), T + 30_500);
		for (let i = 0; i < 3; i++) p.sending();
		expect(p.delay(T + 30_500)).toBe(30_000 + 0.5 * 250);
	});
});

describe('a token bucket', () => {
	/** A bucket of 10: 5 left at T after one request, 2 left at T + 2 s after 5 more (one of them refused). */
	function measured() {
		const p = pace();
		p.sending();
		p.answered(1, window(5, 0, 10), T);
		const sent = Array.from({ length: 5 }, () => p.sending());
		p.rateLimited(sent[0], 0, undefined, T + 1000);
		p.answered(sent[4], window(2, 0, 10), T + 2000);
		return p;
	}

	test('the refill, measured from how Remaining moved against what this process used (a refused request used nothing), sets the wait to the millisecond', () => {
		const p = measured();
		// Remaining 5 → 2 while 4 requests were used (one refused): 1 token in 2 s
		expect(p.delay(T + 2000)).toBe(0);
		p.sending();
		p.sending();
		expect(p.delay(T + 2000)).toBe(2000);
		expect(p.delay(T + 2500)).toBe(1500);
	});

	test('a 429 without headers holds for its Retry-After; the bucket is then read from its last answer, less what was sent since (the refused request too)', () => {
		const p = measured();
		const ticket = p.sending();
		p.rateLimited(ticket, 1, undefined, T + 2000);
		expect(p.delay(T + 2000)).toBe(1000 + 0.5 * 20);
		// at the hold's end: 2 left at T + 2 s, 1 sent since, 1,010 ms of refill at 1 token per 2 s: 1.5 tokens
		expect(p.delay(T + 3010)).toBe(0);
	});

	test('the bucket holds at most its limit: after a long idle, 10 at once, then the refill\'s pace', () => {
		const p = measured();
		const later = T + 3_600_000;
		for (let i = 0; i < 10; i++) {
			expect(p.delay(later)).toBe(0);
			p.sending();
		}
		expect(p.delay(later)).toBe(2000);
	});

	test('the refill is measured over the last 10 s only, from an answer at least 1 s old', () => {
		const p = measured();
		// at T + 12 s the answer of T + 2 s is exactly 10 s old (kept), the one of T is not: 2 → 10 while 1 was used
		const ticket = p.sending();
		p.answered(ticket, window(10, 0, 10), T + 12_000);
		for (let i = 0; i < 10; i++) p.sending();
		expect(p.delay(T + 12_000)).toBeCloseTo(10_000 / 9, 6);
	});

	test('an answer from a full bucket measures nothing (its refill was capped): one request at a time until a refill is known', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(10, 0, 10), T);
		const t2 = p.sending();
		p.answered(t2, window(10, 0, 10), T + 2000);
		for (let i = 0; i < 10; i++) p.sending();
		expect(p.delay(T + 2000)).toBe(Infinity);
	});

	test('an answer less than 1 s old measures nothing: one request at a time until a refill is known', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(5, 0, 10), T);
		const t2 = p.sending();
		p.answered(t2, window(5, 0, 10), T + 500);
		for (let i = 0; i < 5; i++) p.sending();
		expect(p.delay(T + 500)).toBe(Infinity);
	});

	test('Remaining falling faster than this process uses it (another process) measures no refill', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(8, 0, 10), T);
		const t2 = p.sending();
		p.answered(t2, window(3, 0, 10), T + 2000);
		for (let i = 0; i < 3; i++) p.sending();
		expect(p.delay(T + 2000)).toBe(Infinity);
	});

	test('empty with a Reset and no refill known: held until the Reset; with a refill known, paced by it instead', () => {
		const unknown = pace();
		unknown.sending();
		unknown.answered(1, window(4, 0, 5), T);
		unknown.sending();
		unknown.answered(2, window(0, 5, 5), T + 100);
		expect(unknown.delay(T + 100)).toBe(5000);
		expect(unknown.settled(T + 5100)).toBe(true);
		const known = measured();
		const ticket = known.sending();
		known.answered(ticket, window(0, 5, 10), T + 2000);
		expect(known.delay(T + 2000)).toBe(2000);
	});

	test('empty with a Reset of 0 and no refill known: nothing to hold, settled once nothing is in flight', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(4, 0, 5), T);
		p.sending();
		p.answered(2, window(0, 0, 5), T + 100);
		expect(p.settled(T + 100)).toBe(true);
	});
});

describe('no rate-limit headers', () => {
	test('the 429s of one burst halve how many go at once once, not once each; a later burst\'s 429 halves it again', () => {
		const p = pace();
		p.sending();
		p.answered(1, undefined, T);
		const burst = Array.from({ length: 8 }, () => p.sending());
		// two of the burst refused (the second is the last sent before the cut): one cut, to 4
		p.rateLimited(burst[6], 0, undefined, T);
		p.rateLimited(burst[7], 0, undefined, T);
		for (const t of burst.slice(0, 3)) p.answered(t, undefined, T);
		// 3 in flight, 4 may be
		expect(p.delay(T)).toBe(0);
		// a request sent after the cut refused: halved again (4 were in flight), to 2
		const later = p.sending();
		p.rateLimited(later, 0, undefined, T);
		expect(p.delay(T)).toBe(Infinity);
		p.answered(burst[3], undefined, T);
		expect(p.delay(T)).toBe(Infinity);
		p.answered(burst[4], undefined, T);
		expect(p.delay(T)).toBe(0);
	});
});

describe('settled: nothing to remember', () => {
	test('not while a request is in flight, a hold lasts or a window is open; from the very millisecond each ends', () => {
		const p = pace();
		p.sending();
		expect(p.settled(T)).toBe(false);
		p.rateLimited(1, 2, undefined, T);
		const heldUntil = T + 2000 + 0.5 * 40;
		expect(p.settled(heldUntil - 1)).toBe(false);
		expect(p.settled(heldUntil)).toBe(true);
		p.sending();
		p.answered(2, window(5, 30), heldUntil);
		expect(p.settled(heldUntil + 29_999)).toBe(false);
		expect(p.settled(heldUntil + 30_000)).toBe(true);
	});
});
