import type { Clock } from '../../nodes/shared/wire/keyQueue';

/**
 * An injected clock for the wire's queue (nodes/shared/wire/keyQueue.ts): time moves only when a
 * test moves it, firing each timer at its own time, so the moment a request gets its turn is
 * exact. random() is 0.5 unless a test says otherwise, so every wake that should have jitter shows
 * it (0 would hide it). `lagMs`: every timer fires that much late, as on a busy event loop.
 */
export class FakeClock implements Clock {
	t = 1_800_000_000_000;

	private timers: Array<{ at: number; resolve: () => void }> = [];

	constructor(
		private readonly randomValue = 0.5,
		private readonly lagMs = 0,
	) {}

	now = () => this.t;

	random = () => this.randomValue;

	async sleep(ms: number, signal?: AbortSignal) {
		await new Promise<void>((resolve) => {
			const timer = { at: this.t + ms + this.lagMs, resolve };
			this.timers.push(timer);
			signal?.addEventListener('abort', () => {
				this.timers = this.timers.filter((x) => x !== timer);
				resolve();
			});
		});
	}

	/** Moves time to `until`, firing each timer at its own time. */
	async advanceTo(until: number) {
		await settle();
		for (;;) {
			const next = this.timers.filter((x) => x.at <= until).sort((a, b) => a.at - b.at)[0];
			if (!next) break;
			this.t = Math.max(this.t, next.at);
			this.timers = this.timers.filter((x) => x !== next);
			next.resolve();
			await settle();
		}
		this.t = until;
		await settle();
	}

	advance = async (ms: number) => await this.advanceTo(this.t + ms);
}

export const settle = async () => {
	for (let i = 0; i < 20; i++) await Promise.resolve();
};
