/** What the delivery log said of a run: a delivery of the event answered 2xx since, or none. */
export type LogVerdict = 'acknowledged' | 'run';

/** What a process knows of one event it started; times are deliveries' times on the API's clock (the signed `t`, else the envelope's). */
export interface Remembered {
	/** The time of the delivery that last started the workflow. */
	startedAt: number;
	/** The latest time of any delivery of the event verified here: the API gives each attempt a new one, so a delivery not later than this is a copy. */
	seenAt: number;
	/** The log's verdict on the run at `startedAt`, once read, so that copies cost no further read. */
	verdict?: LogVerdict;
}

/**
 * Remembers, per trigger, the event ids that started the workflow in this process (see
 * Remembered), so a repeat can be told from a copy and checked against the API's delivery log
 * around the run. Bounded: the oldest ids go first.
 */
export class ReplayGuard {
	private readonly seen = new Map<string, Remembered & { until: number }>();

	constructor(private readonly maxEntries = 10_000) {}

	/** What is known of this id, if remembered and not expired. */
	recall(scope: string, eventId: string, now = Date.now()): Remembered | undefined {
		const entry = this.seen.get(`${scope}\u0000${eventId}`);
		if (!entry || entry.until <= now) return undefined;
		return { startedAt: entry.startedAt, seenAt: entry.seenAt, ...(entry.verdict ? { verdict: entry.verdict } : {}) };
	}

	/** Records that the id starts the workflow now; `startedAt` is the delivery's time. */
	remember(scope: string, eventId: string, startedAt: number, ttlMs: number, now = Date.now()) {
		const key = `${scope}\u0000${eventId}`;
		this.seen.delete(key);
		this.seen.set(key, { until: now + ttlMs, startedAt, seenAt: startedAt });
		while (this.seen.size > this.maxEntries) {
			const oldest = this.seen.keys().next().value as string;
			this.seen.delete(oldest);
		}
	}

	/** Records a later delivery time seen, or the log's verdict on the run (a remembered id only). */
	note(scope: string, eventId: string, { seenAt, verdict }: { seenAt?: number; verdict?: LogVerdict }) {
		const entry = this.seen.get(`${scope}\u0000${eventId}`);
		if (!entry) return;
		if (seenAt !== undefined && seenAt > entry.seenAt) entry.seenAt = seenAt;
		if (verdict) entry.verdict = verdict;
	}
}
