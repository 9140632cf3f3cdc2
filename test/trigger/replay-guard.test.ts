import { ReplayGuard } from '../../nodes/StorefrontTrigger/replayGuard';

/** The Trigger's memory of the events that started the workflow in this process (nodes/StorefrontTrigger/replayGuard.ts). */

describe('ReplayGuard', () => {
	test('remembers per scope when an id started the workflow, until it expires', () => {
		const guard = new ReplayGuard();
		expect(guard.recall('wf1', 'evt_1', 0)).toBeUndefined();
		guard.remember('wf1', 'evt_1', 42, 1000, 0);
		expect(guard.recall('wf1', 'evt_1', 500)).toEqual({ startedAt: 42, seenAt: 42 });
		expect(guard.recall('wf2', 'evt_1', 500)).toBeUndefined();
		expect(guard.recall('wf1', 'evt_1', 1500)).toBeUndefined();
		guard.remember('wf1', 'evt_1', 77, 1000, 1500);
		expect(guard.recall('wf1', 'evt_1', 1600)).toEqual({ startedAt: 77, seenAt: 77 });
	});
	test('keeps the latest delivery time seen and the log\'s verdict until the id starts the workflow again', () => {
		const guard = new ReplayGuard();
		guard.remember('s', 'evt_1', 100, 10_000, 0);
		guard.note('s', 'evt_1', { seenAt: 300 });
		guard.note('s', 'evt_1', { seenAt: 200, verdict: 'acknowledged' });
		expect(guard.recall('s', 'evt_1', 1)).toEqual({ startedAt: 100, seenAt: 300, verdict: 'acknowledged' });
		guard.remember('s', 'evt_1', 400, 10_000, 1);
		expect(guard.recall('s', 'evt_1', 2)).toEqual({ startedAt: 400, seenAt: 400 });
		guard.note('s', 'evt_unknown', { seenAt: 1 });
		expect(guard.recall('s', 'evt_unknown', 2)).toBeUndefined();
	});
	test('is bounded: the oldest ids are forgotten first', () => {
		const guard = new ReplayGuard(3);
		for (const id of ['a', 'b', 'c', 'd']) guard.remember('s', id, 0, 10_000, 0);
		expect(guard.recall('s', 'd', 1)?.startedAt).toBe(0);
		expect(guard.recall('s', 'a', 1)).toBeUndefined();
	});
});
