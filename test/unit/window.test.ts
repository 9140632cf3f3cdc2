import { rateLimitHeaders } from '../../nodes/shared/wire/answer';
import { KeyQueue, type Clock } from '../../nodes/shared/wire/keyQueue';
import { Pace } from '../../nodes/shared/wire/pace';
import { FakeClock } from './fake-clock';

/**
 * A fixed window shared by every process using the key (nodes/shared/wire/window.ts), issue 60:
 * alone, a process spends what is left at once; once another spender shows, it spreads it. First
 * asked directly (keyQueue.ts `Pace`, to the millisecond, random() 0.5), then through the queue on an
 * injected clock against a simulated API window, with every wake late as on a busy event loop.
 */

const T = 1_800_000_000_000;
/** An answer's rate-limit headers as the wire reads them with the answer (answer.ts `rateLimitHeaders`). */
const window = (remaining: number, resetSeconds: number, limit = 100) =>
	rateLimitHeaders({
		'X-RateLimit-Limit': String(limit),
		'X-RateLimit-Remaining': String(remaining),
		'X-RateLimit-Reset': String(resetSeconds),
	});
const pace = () => new Pace({ random: () => 0.5 });

describe('alone or shared', () => {
	test('alone (no answer counts more spent than this process sent): half of what is left at once, the rest once an answer to that half shows no one else, none beyond it', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(99, 10), T);
		const half = Array.from({ length: 50 }, () => (expect(p.delay(T + 5)).toBe(0), p.sending()));
		expect(p.delay(T + 5)).toBe(Infinity);
		// the last of the half answered: 49 left
		p.answered(half[49], window(49, 10), T + 100);
		for (let i = 0; i < 49; i++) {
			expect(p.delay(T + 100)).toBe(0);
			p.sending();
		}
		// the window spent: held until its end
		expect(p.delay(T + 100)).toBe(9_900 + 0.5 * 200);
	});

	test('alone, what the window\'s first answer said is left counts, less each request sent since: a later answer counting some of those as still to come does not hold the rest back', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(99, 10), T);
		const half = Array.from({ length: 50 }, () => p.sending());
		p.answered(half[49], window(49, 10), T + 100);
		const rest = Array.from({ length: 20 }, () => p.sending());
		// the first of the rest answered once the API had counted all 20: 29 left, 19 sent after it
		p.answered(rest[0], window(29, 10), T + 150);
		for (let i = 0; i < 29; i++) {
			expect(p.delay(T + 150)).toBe(0);
			p.sending();
		}
		expect(p.delay(T + 150)).toBe(9_850 + 0.5 * 200);
	});

	test('alone, the answer to the last of the half shows another spender: the rest is spread, not sent', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(99, 10), T);
		const half = Array.from({ length: 50 }, () => p.sending());
		// an earlier answer cannot tell: the API may not have counted all of the half yet
		p.answered(half[1], window(78, 10), T + 100);
		expect(p.delay(T + 100)).toBe(Infinity);
		// the last of the half: all 51 counted, and 21 more someone else sent
		p.answered(half[49], window(28, 10), T + 200);
		for (let i = 0; i < 4; i++) {
			expect(p.delay(T + 200)).toBe(0);
			p.sending();
		}
		expect(p.delay(T + 200)).toBeGreaterThan(0);
	});

	test('another spender shows (Remaining fell by more than this process sent): what is left is spread from then on, a few at once', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(99, 10), T);
		const sent = Array.from({ length: 10 }, () => p.sending());
		// 80 left after this process's 11 requests: someone else spent 9
		p.answered(sent[0], window(80, 10), T + 100);
		for (let i = 0; i < 4; i++) {
			expect(p.delay(T + 100)).toBe(0);
			p.sending();
		}
		// 80, less the 13 sent after the answered request: 67 over the 9.9 s left
		expect(p.delay(T + 100)).toBeCloseTo(9_900 / 67, 6);
	});

	test('a 429 to a request of this window: someone else spends it; the next window is spread too, the one after alone again', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(99, 10), T);
		p.rateLimited(p.sending(), 1, undefined, T + 100);
		const w1 = T + 10_000;
		for (let i = 0; i < 4; i++) {
			expect(p.delay(w1)).toBe(0);
			p.sending();
		}
		expect(p.delay(w1)).toBeGreaterThan(0);
		// the 4 answered, no one else spending: 96 left of this window, ending at w1 + 10,050
		for (let t = 3; t <= 6; t++) p.answered(t, window(102 - t, 10), w1 + 50);
		// the next window, alone: its first request goes alone, then half of what its answer says is left
		const w2 = w1 + 10_050;
		expect(p.delay(w2)).toBe(0);
		p.sending();
		expect(p.delay(w2)).toBe(Infinity);
		p.answered(7, window(99, 10), w2 + 50);
		for (let i = 0; i < 50; i++) {
			expect(p.delay(w2 + 50)).toBe(0);
			p.sending();
		}
		expect(p.delay(w2 + 50)).toBe(Infinity);
	});
});

describe('a window\'s edges', () => {
	test('after a rollover, alone: one request first (requests sent late in the last window may have landed in this one), then what its answer says is left', () => {
		const p = pace();
		p.sending();
		p.answered(1, window(79, 1, 80), T);
		const late = Array.from({ length: 79 }, () => p.sending());
		// the API's window ended before this process's estimate of it: the 79 landed in the next one, which has 1 left
		for (const ticket of late) p.answered(ticket, window(1, 2, 80), T + 995);
		expect(p.delay(T + 1000)).toBe(0);
		p.sending();
		expect(p.delay(T + 1000)).toBe(Infinity);
		p.answered(81, window(0, 2, 80), T + 1050);
		expect(p.delay(T + 1050)).toBe(2_000 + 0.5 * 40);
	});

	test('a length learnt from a partial window does not start the next window early: its guessed end gives way to the window\'s first answer', () => {
		const p = pace();
		p.sending();
		// the key's first answer comes with 4 s left of a 10 s window, someone else having spent 10 of it
		p.answered(1, window(89, 4), T);
		const spent = Array.from({ length: 89 }, () => p.sending());
		p.answered(spent[88], window(0, 4), T + 100);
		expect(p.delay(T + 100)).toBe(3_900 + 0.5 * 80);
		// the next window, guessed to end at T + 8 s; its first answer says 10 s from T + 4.1 s
		expect(p.delay(T + 4_040)).toBe(0);
		p.answered(p.sending(), window(99, 10), T + 4_100);
		for (let i = 0; i < 99; i++) p.sending();
		expect(p.delay(T + 4_100)).toBe(10_000 + 0.5 * 200);
	});

	test('an answer to a request sent before the window rolled over, of the old window, says nothing of the new one', () => {
		const p = pace();
		p.sending();
		// someone else spent 4: shared
		p.answered(1, window(5, 10, 10), T);
		const old = p.sending();
		// the window rolls over with that request on its way: 9 of the new window's 10
		expect(p.delay(T + 10_000)).toBe(0);
		// its answer, of the old window: 0 left, 1 s to that window's end as the API rounds it
		p.answered(old, window(0, 1, 10), T + 10_050);
		for (let i = 0; i < 4; i++) {
			expect(p.delay(T + 10_050)).toBe(0);
			p.sending();
		}
		// 5 left over the 9.95 s to the window's guessed end (T + 20 s), not held for the old answer's 1 s
		expect(p.delay(T + 10_050)).toBeCloseTo(9_950 / 5, 6);
	});
});

/**
 * The API's fixed window as the fake API keeps it (fake-api/core.ts): windows aligned on the
 * clock, a request counted when it arrives, its answer `latencyMs` later with the headers of
 * that moment; a refused one gets the seconds to its window's end as Retry-After.
 */
function simulatedApi(clock: FakeClock, limit: number, seconds: number, latencyMs: number) {
	const length = seconds * 1000;
	const accepted = new Map<number, number>();
	let refused = 0;
	const windowOf = (at: number) => Math.floor(at / length) * length;
	const headers = (at: number) => window(Math.max(0, limit - (accepted.get(windowOf(at)) ?? 0)), Math.max(1, Math.ceil((windowOf(at) + length - at) / 1000)), limit);
	/** Sends `count` requests through `keyQueue` at once, as executions do; a refused one takes its turn again first. Resolves when all are answered. */
	async function burst(keyQueue: KeyQueue, count: number) {
		let lastAnswer = 0;
		await Promise.all(
			Array.from({ length: count }, async () => {
				for (let first = false; ; first = true) {
					const ticket = await keyQueue.turn({ first, maxWaitMs: 3_600_000 });
					const arrived = clock.now();
					const ok = (accepted.get(windowOf(arrived)) ?? 0) < limit;
					if (ok) accepted.set(windowOf(arrived), (accepted.get(windowOf(arrived)) ?? 0) + 1);
					await clock.sleep(latencyMs);
					lastAnswer = clock.now();
					if (ok) return keyQueue.answered(ticket, headers(lastAnswer));
					refused += 1;
					keyQueue.rateLimited(ticket, Math.max(1, Math.ceil((windowOf(arrived) + length - arrived) / 1000)), headers(lastAnswer));
				}
			}),
		);
		return lastAnswer;
	}
	return { burst, accepted, refused: () => refused };
}

/** A process's own view of the shared clock: its jitter draws `random`. */
const processClock = (clock: FakeClock, random: number): Clock => ({ now: clock.now, sleep: async (ms, signal) => await clock.sleep(ms, signal), random: () => random });

async function run(clock: FakeClock, work: Promise<unknown>, untilMs: number) {
	let done = false;
	void work.then(() => (done = true));
	while (!done && clock.now() < untilMs) await clock.advance(1_000);
	return done;
}

test('one process, every wake 2 s late (a busy event loop): each window\'s whole budget goes early in it, none is lost, none refused', async () => {
	const clock = new FakeClock(0.5, 2_000);
	// the first request 3 s into a window of 100 per 10 s
	clock.t = T + 3_000;
	const api = simulatedApi(clock, 100, 10, 80);
	expect(await run(clock, api.burst(new KeyQueue(clock), 1_600), T + 400_000)).toBe(true);
	expect(api.refused()).toBe(0);
	// 16 windows of 100: the first request's window and 15 more
	expect([...api.accepted.values()]).toEqual(Array(16).fill(100));
}, 60_000);

test('two processes spending one key at once: every window spent, at most 5% refused, and each gets its turns throughout', async () => {
	const clock = new FakeClock(0.5, 50);
	clock.t = T + 3_000;
	const api = simulatedApi(clock, 100, 10, 80);
	const ends: number[] = [];
	const both = Promise.all([0.2, 0.7].map(async (random) => ends.push(await api.burst(new KeyQueue(processClock(clock, random)), 800))));
	expect(await run(clock, both, T + 400_000)).toBe(true);
	const windows = [...api.accepted.values()];
	expect(windows.slice(0, -1).every((n) => n >= 95)).toBe(true);
	expect(api.refused()).toBeLessThanOrEqual(0.05 * 1_600);
	// neither waits for the other to finish: they end within two windows of each other
	expect(Math.abs(ends[0] - ends[1])).toBeLessThan(20_000);
}, 60_000);
