import { createHash } from 'node:crypto';
import { getEventListeners } from 'node:events';

import { rateLimitHeaders, type RateLimitHeaders } from '../../nodes/shared/wire/answer';
import { KeyQueue, KeyQueues, QueueCancelled, QueueWaitExceeded, wait } from '../../nodes/shared/wire/keyQueue';
import { FakeClock } from './fake-clock';

/**
 * The shared per-key queue and its pace (nodes/shared/wire/keyQueue.ts) on an injected clock
 * (fake-clock.ts): the times at which requests get their turn are exact, so waiting (or not) for a
 * Retry-After, a window's reset or a paced slot is asserted to the millisecond, without the wall
 * clock. The clock's random() is 0.5 unless a test says otherwise, so every wake that should have
 * jitter shows it (0 would hide it).
 * A turn that must not come is checked by what has settled, never by awaiting it: a broken queue
 * fails an assertion that says what went wrong, not Jest's timeout.
 */

/** An answer's rate-limit headers as the wire reads them with the answer (answer.ts `rateLimitHeaders`). */
const window = (remaining: number, resetSeconds: number, limit = 100) =>
	rateLimitHeaders({
		'X-RateLimit-Limit': String(limit),
		'X-RateLimit-Remaining': String(remaining),
		'X-RateLimit-Reset': String(resetSeconds),
	});

/** Queues `count` requests and records when (clock time) each gets its turn, by its number, with its ticket. */
function queue(keyQueue: KeyQueue, clock: FakeClock, count: number, maxWaitMs = 3_600_000) {
	const granted: Array<{ n: number; at: number; ticket: number }> = [];
	const turns = Array.from({ length: count }, async (_, n) => {
		const ticket = await keyQueue.turn({ maxWaitMs });
		granted.push({ n, at: clock.now(), ticket });
	});
	return { granted, turns };
}

/** The first request of a key, answered with these headers. */
async function firstAnswer(keyQueue: KeyQueue, headers?: RateLimitHeaders) {
	const ticket = await keyQueue.turn({ maxWaitMs: 60_000 });
	keyQueue.answered(ticket, headers);
	return ticket;
}

test('the first request of a key goes alone; once its answer states the budget, the others follow in order of arrival', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const { granted } = queue(keyQueue, clock, 6);
	await clock.advance(0);
	expect(granted.map((g) => g.n)).toEqual([0]);
	await clock.advance(50);
	expect(granted).toHaveLength(1);
	keyQueue.answered(granted[0].ticket, window(99, 10));
	await clock.advance(10_000);
	expect(granted.map((g) => g.n)).toEqual([0, 1, 2, 3, 4, 5]);
});

test('a fixed window another process spends too: never more than Remaining before Reset, what remains spread over the rest of the window, the rest after the reset', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const start = clock.now();
	// 10 of 20 left after this process's one request: someone else spent 9
	await firstAnswer(keyQueue, window(10, 10, 20));
	const more = queue(keyQueue, clock, 20);
	await clock.advance(9_999);
	// 10 left in a 10 s window: 10 turns, paced (a few at once, then one a second), none beyond
	const inWindow = more.granted.map((g) => g.at - start);
	expect(inWindow).toHaveLength(10);
	expect(inWindow.slice(0, 4)).toEqual([0, 0, 0, 0]);
	for (let i = 4; i < 10; i++) expect(inWindow[i] - inWindow[i - 1]).toBeGreaterThanOrEqual(900);
	// the window resets at 10 s: the next turns come then (plus the wake's jitter: half of 2% of 10 s), not before
	await clock.advanceTo(start + 10_099);
	expect(more.granted).toHaveLength(10);
	await clock.advanceTo(start + 10_100);
	expect(more.granted.length).toBeGreaterThan(10);
	expect(more.granted[10].at - start).toBe(10_100);
});

test('a 429 holds every request of the key for its Retry-After plus jitter, to the millisecond, and the refused one goes first', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	await firstAnswer(keyQueue);
	const waiting = queue(keyQueue, clock, 2);
	await clock.advance(0);
	expect(waiting.granted).toHaveLength(2);
	const refusedAt = clock.now();
	keyQueue.rateLimited(waiting.granted[0].ticket, 7);
	keyQueue.answered(waiting.granted[1].ticket);
	const order: string[] = [];
	void keyQueue.turn({ maxWaitMs: 60_000 }).then(() => order.push('new'));
	void keyQueue.turn({ first: true, maxWaitMs: 60_000 }).then(() => order.push(`resend at ${clock.now() - refusedAt}`));
	// the jitter: random 0.5 × 2% of 7 s
	await clock.advance(7_069);
	expect(order).toEqual([]);
	// the 429 halved the width to 1 and the other request's success widened it to 2: both go, the resend first
	await clock.advance(1);
	expect(order).toEqual(['resend at 7070', 'new']);
});

test('wakes have jitter: two processes held to the same reset do not send at the same instant', async () => {
	const times = [];
	for (const random of [0, 1]) {
		const clock = new FakeClock(random);
		const keyQueue = new KeyQueue(clock);
		await firstAnswer(keyQueue, window(0, 10));
		const start = clock.now();
		const { granted } = queue(keyQueue, clock, 1);
		await clock.advance(11_000);
		times.push(granted[0].at - start);
	}
	expect(times[0]).toBe(10_000);
	expect(times[1]).toBe(10_000 + 200); // 2% of the 10 s window, at most 250 ms
});

test('the wait bound: a request still queued after Max Wait in Queue fails without being sent; the queue goes on', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	await firstAnswer(keyQueue, window(0, 30));
	const start = clock.now();
	const outcomes: Record<string, unknown> = {};
	void keyQueue.turn({ maxWaitMs: 5_000 }).then(
		() => (outcomes.short = `granted at ${clock.now() - start}`),
		(e: unknown) => (outcomes.short = e),
	);
	void keyQueue.turn({ maxWaitMs: 60_000 }).then(() => (outcomes.long = `granted at ${clock.now() - start}`));
	await clock.advance(4_999);
	expect(outcomes).toEqual({});
	await clock.advance(1);
	expect(outcomes.short).toBeInstanceOf(QueueWaitExceeded);
	expect(outcomes.long).toBeUndefined();
	// the window's end (30 s) plus the wake's jitter (half of 250 ms)
	await clock.advance(30_000);
	expect(outcomes.long).toBe('granted at 30125');
});

test('cancelling the execution takes its request out of the queue', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	await firstAnswer(keyQueue, window(0, 30));
	const controller = new AbortController();
	const cancelled = keyQueue.turn({ signal: controller.signal, maxWaitMs: 60_000 }).then(
		() => 'granted',
		(e: unknown) => e,
	);
	await clock.advance(1_000);
	controller.abort();
	expect(await cancelled).toBeInstanceOf(QueueCancelled);
});

test('a token bucket (Reset 0 while tokens are left): its tokens at once, then a hold for Reset, then paced at the refill it measured', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const bucket = (remaining: number, reset: number) => rateLimitHeaders({ 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': String(remaining), 'X-RateLimit-Reset': String(reset) });
	await firstAnswer(keyQueue, bucket(4, 0));
	const start = clock.now();
	const { granted } = queue(keyQueue, clock, 30);
	await clock.advance(0);
	expect(granted).toHaveLength(4);
	// the bucket is empty, a token every 200 ms: the last answer says 1 s to the next (whole seconds, rounded up)
	for (let i = 0; i < 3; i++) keyQueue.answered(granted[i].ticket, bucket(0, 1));
	keyQueue.answered(granted[3].ticket, bucket(0, 1));
	await clock.advance(999);
	expect(granted).toHaveLength(4);
	await clock.advance(1);
	expect(granted).toHaveLength(5);
	// 1 s of refill: 5 tokens, the request took one
	keyQueue.answered(granted[4].ticket, bucket(4, 0));
	await clock.advance(0);
	expect(granted).toHaveLength(9);
	for (let i = 5; i < 9; i++) keyQueue.answered(granted[i].ticket, bucket(0, 1));
	// from here a token every 200 ms as measured, not a wait of a whole Reset each time
	const before = granted.length;
	await clock.advance(1_000);
	expect(granted.length - before).toBeGreaterThanOrEqual(4);
	expect(granted.length - before).toBeLessThanOrEqual(5);
	expect(granted[granted.length - 1].at - start).toBeLessThanOrEqual(2_000);
});

test('no rate-limit headers: every request at once, until a 429 halves how many go at once', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	await firstAnswer(keyQueue);
	const first = queue(keyQueue, clock, 8);
	await clock.advance(0);
	expect(first.granted).toHaveLength(8);
	for (let i = 0; i < 7; i++) keyQueue.answered(first.granted[i].ticket);
	keyQueue.rateLimited(first.granted[7].ticket, 1);
	const second = queue(keyQueue, clock, 8);
	await clock.advance(1_010);
	// 8 were in flight: 4 may be now, the resend included
	expect(second.granted).toHaveLength(4);
});

/**
 * Issue 44, finding 6: one keyQueue per (Base URL, key) was kept for the life of the process (a key
 * from an expression, or many credentials, grew the map without bound). The process's map drops a
 * keyQueue with nothing queued or in flight and nothing to remember, once idle for a while.
 */
describe('the keyQueues of a process stay few', () => {
	const hash = (i: number) => createHash('sha256').update(`https://api.example.com\nsk_${i}`).digest('hex');
	/** Key `i`'s one request, answered without rate-limit headers. */
	async function useOnce(keyQueues: KeyQueues, i: number) {
		const keyQueue = keyQueues.get(hash(i));
		keyQueue.answered(await keyQueue.turn({ maxWaitMs: 60_000 }));
	}

	test('100,000 keys used once (a request each, answered with a 60 s window), 10 ms apart: the map never holds more than the last few minutes of keys, and one key after they are idle leaves 1', async () => {
		const clock = new FakeClock();
		const keyQueues = new KeyQueues(clock);
		let largest = 0;
		for (let i = 0; i < 100_000; i++) {
			const keyQueue = keyQueues.get(hash(i));
			const ticket = await keyQueue.turn({ maxWaitMs: 60_000 });
			keyQueue.answered(ticket, window(59, 60, 60));
			largest = Math.max(largest, keyQueues.size);
			clock.t += 10;
		}
		console.log(`keyQueues: 100,000 keys used once, 10 ms apart: at most ${largest} held at once`);
		// 100 keys a second, dropped 2 minutes after their window ends (60 s), swept each minute: at most ~4 minutes of keys
		expect(largest).toBeLessThanOrEqual(24_000);
		clock.t += 10 * 60_000;
		keyQueues.get(hash(-1));
		expect(keyQueues.size).toBe(1);
	}, 60_000);

	test('a few keys: the map is swept each minute, to the millisecond, and drops what is idle by then', async () => {
		const clock = new FakeClock();
		const keyQueues = new KeyQueues(clock);
		const start = clock.now();
		const use = async (i: number) => await useOnce(keyQueues, i);
		clock.t = start + 1;
		await use(1);
		// a sweep 60,001 ms after the map was made: nothing idle yet
		clock.t = start + 60_001;
		await use(2);
		expect(keyQueues.size).toBe(2);
		// 60,000 ms after that sweep, key 1 has been unused for exactly its 120,000 ms: dropped
		clock.t = start + 120_001;
		await use(3);
		expect(keyQueues.size).toBe(2);
	});

	test('a flood of new keys between two sweeps: the map is swept once it has doubled, and drops the keys idle by then', async () => {
		const clock = new FakeClock();
		const keyQueues = new KeyQueues(clock);
		const start = clock.now();
		const use = async (i: number) => await useOnce(keyQueues, i);
		for (let i = 0; i < 100; i++) await use(i);
		// a sweep just before those 100 are idle: the next one by time would be a minute later
		clock.t = start + 119_500;
		await use(100);
		clock.t = start + 125_000;
		for (let i = 101; i < 501; i++) await use(i);
		// swept when the map reached 300 (twice the 100 after the last sweep, plus 100): the first 100 gone
		expect(keyQueues.size).toBe(401);
	});

	test('a keyQueue is kept while a request waits or is in flight, or a 429 hold or a window is to be remembered; the same keyQueue is found again', async () => {
		const clock = new FakeClock();
		const keyQueues = new KeyQueues(clock);
		const held = keyQueues.get(hash(1));
		held.rateLimited(await held.turn({ maxWaitMs: 60_000 }), 3600);
		const window1 = keyQueues.get(hash(2));
		window1.answered(await window1.turn({ maxWaitMs: 60_000 }), window(10, 1800));
		const inFlight = keyQueues.get(hash(3));
		await inFlight.turn({ maxWaitMs: 60_000 });
		const idle = keyQueues.get(hash(4));
		idle.answered(await idle.turn({ maxWaitMs: 60_000 }));
		clock.t += 15 * 60_000;
		keyQueues.get(hash(5));
		expect(keyQueues.size).toBe(4);
		expect(keyQueues.get(hash(1))).toBe(held);
		expect(keyQueues.get(hash(2))).toBe(window1);
		expect(keyQueues.get(hash(3))).toBe(inFlight);
		expect(keyQueues.get(hash(4))).not.toBe(idle);
		// once the window and the hold are over and the request answered, they go too
		inFlight.answered(1);
		clock.t += 60 * 60_000;
		keyQueues.get(hash(6));
		expect(keyQueues.size).toBe(1);
	});
});

test('no rate-limit headers: after a 429 halved it, the number in flight widens by one once as many succeed', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	await firstAnswer(keyQueue);
	const first = queue(keyQueue, clock, 8);
	await clock.advance(0);
	for (let i = 0; i < 7; i++) keyQueue.answered(first.granted[i].ticket);
	keyQueue.rateLimited(first.granted[7].ticket, 1);
	const second = queue(keyQueue, clock, 20);
	await clock.advance(1_010);
	expect(second.granted).toHaveLength(4);
	// 4 successes at a width of 4: 5 may be in flight, none is: the next 5 go
	for (const g of second.granted) keyQueue.answered(g.ticket);
	await clock.advance(0);
	expect(second.granted).toHaveLength(9);
	// 4 more successes at a width of 5 do not widen it again: 1 is in flight, 4 go
	for (const g of second.granted.slice(4, 8)) keyQueue.answered(g.ticket);
	await clock.advance(0);
	expect(second.granted).toHaveLength(13);
});

test('a request that got no answer (a reset, a timeout) frees its place: the next request of the key does not wait for that answer', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	// the key's first request, nothing known of its budget: one at a time
	const ticket = await keyQueue.turn({ maxWaitMs: 60_000 });
	const next = queue(keyQueue, clock, 1, 10_000);
	await clock.advance(100);
	expect(next.granted).toHaveLength(0);
	keyQueue.unanswered();
	expect(ticket).toBe(1);
	await clock.advance(0);
	expect(next.granted.map((g) => g.at - clock.now())).toEqual([0]);
});

test('a window rolls over with requests still on their way: they are counted as spent in the new window until an answer says', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const start = clock.now();
	// 3 of 5 left for the next second
	await firstAnswer(keyQueue, window(3, 1, 5));
	const { granted } = queue(keyQueue, clock, 10);
	await clock.advance(0);
	expect(granted).toHaveLength(3);
	// none of the 3 is answered when the window ends (1 s, and the wake's jitter: half of 2% of it): of the new window's 5, 2 may go
	await clock.advanceTo(start + 1_009);
	expect(granted).toHaveLength(3);
	await clock.advanceTo(start + 1_010);
	expect(granted).toHaveLength(5);
	await clock.advanceTo(start + 2_009);
	expect(granted).toHaveLength(5);
});

test('Reset in whole seconds: the window ends at the earliest end its answers allow, not a later one', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const start = clock.now();
	// Reset 1 at 0 ms: the window ends by 1 s; the answers at 100 and 500 ms round up to 1.1 and 1.5 s
	await firstAnswer(keyQueue, window(5, 1, 10));
	await clock.advance(100);
	await firstAnswer(keyQueue, window(4, 1, 10));
	await clock.advance(400);
	await firstAnswer(keyQueue, window(0, 1, 10));
	const { granted } = queue(keyQueue, clock, 1);
	await clock.advanceTo(start + 999);
	expect(granted).toHaveLength(0);
	// the wake at the window's end has its jitter: half of 2% of the 1 s window
	await clock.advanceTo(start + 1_010);
	expect(granted.map((g) => g.at - start)).toEqual([1_010]);
});

test('an answer overtaken by a later one says nothing new: the later answer\'s Remaining stands', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const start = clock.now();
	await firstAnswer(keyQueue, window(10, 10, 20));
	const pair = queue(keyQueue, clock, 2);
	await clock.advance(0);
	const [early, late] = pair.granted.map((g) => g.ticket);
	// the later request's answer comes first (6 left); the earlier one's, arriving after it, says 1 left
	keyQueue.answered(late, window(6, 10, 20));
	keyQueue.answered(early, window(1, 10, 20));
	const { granted } = queue(keyQueue, clock, 8);
	await clock.advance(0);
	// 6 left: the 2 turns of burst still unused go at once (the earlier answer's 1, less the request sent after it, would hold them)
	expect(granted.map((g) => g.at - start)).toEqual([0, 0]);
});

test('idle: unused for the idle time since its last turn or answer, not a millisecond sooner, and only once nothing is left to remember', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const ticket = await keyQueue.turn({ maxWaitMs: 60_000 });
	// the answer comes 100 s after the turn: the idle time counts from the answer
	await clock.advance(100_000);
	keyQueue.answered(ticket);
	const answeredAt = clock.now();
	expect(keyQueue.idle(answeredAt + 119_999, 120_000)).toBe(false);
	expect(keyQueue.idle(answeredAt + 120_000, 120_000)).toBe(true);
	// a 429 counts as use, and its hold is remembered: idle once the idle time has passed since the refusal and the hold is over
	const refusedTicket = await keyQueue.turn({ maxWaitMs: 60_000 });
	await clock.advance(100_000);
	keyQueue.rateLimited(refusedTicket, 1);
	const refusedAt = clock.now();
	expect(keyQueue.idle(refusedAt + 119_999, 120_000)).toBe(false);
	expect(keyQueue.idle(refusedAt + 120_000, 120_000)).toBe(true);
	const next = keyQueue.turn({ maxWaitMs: 60_000 });
	await clock.advanceTo(refusedAt + 2_000);
	keyQueue.rateLimited(await next, 300);
	expect(keyQueue.idle(clock.now() + 120_000, 120_000)).toBe(false);
	expect(keyQueue.idle(clock.now() + 301_000, 120_000)).toBe(true);
});

test('a cancelled request never gets a turn: the next one in the queue is the next request sent', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const first = await firstAnswer(keyQueue, window(0, 30));
	const controller = new AbortController();
	const cancelled = keyQueue.turn({ signal: controller.signal, maxWaitMs: 60_000 }).then(
		() => 'granted',
		(e: unknown) => e,
	);
	const { granted } = queue(keyQueue, clock, 1);
	controller.abort();
	expect(await cancelled).toBeInstanceOf(QueueCancelled);
	await clock.advance(31_000);
	// the request behind it went as the next one the process sent: the cancelled one took no ticket (no place in flight)
	expect(granted.map((g) => g.ticket)).toEqual([first + 1]);
});

test('a request\'s turn leaves no listener on the execution\'s cancel signal, whether it was granted or waited too long', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	const controller = new AbortController();
	// no rate-limit headers: each turn comes at once
	await firstAnswer(keyQueue);
	const tickets = await Promise.all(Array.from({ length: 20 }, async () => await keyQueue.turn({ signal: controller.signal, maxWaitMs: 60_000 })));
	expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
	// a 429 holds the key for 30 s: the next turn waits, then gives up after its 1 s
	keyQueue.rateLimited(tickets[0], 30);
	const late = keyQueue.turn({ signal: controller.signal, maxWaitMs: 1_000 }).catch((e: unknown) => e);
	expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
	await clock.advance(1_000);
	expect(await late).toBeInstanceOf(QueueWaitExceeded);
	expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
});

test('the wait bound to the millisecond, between the queue\'s once-a-second re-checks: the earliest deadline among the waiting', async () => {
	const clock = new FakeClock();
	const keyQueue = new KeyQueue(clock);
	await firstAnswer(keyQueue, window(0, 30));
	const start = clock.now();
	const failedAt: Record<string, number> = {};
	void keyQueue.turn({ maxWaitMs: 20_000 }).catch(() => (failedAt.long = clock.now() - start));
	void keyQueue.turn({ maxWaitMs: 1_500 }).catch(() => (failedAt.short = clock.now() - start));
	await clock.advance(1_499);
	expect(failedAt).toEqual({});
	await clock.advance(1);
	expect(failedAt).toEqual({ short: 1_500 });
});

test('wait: ends on its time or at once when cancelled, and leaves no listener on the signal either way', async () => {
	const controller = new AbortController();
	await wait(5, controller.signal);
	expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
	const waiting = wait(60_000, controller.signal).then(() => 'ended');
	controller.abort();
	// (a wait that did not end fails here, saying so, long before its 60 s)
	expect(await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 20_000).unref())])).toBe('ended');
	expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
	await wait(60_000, controller.signal);
});
