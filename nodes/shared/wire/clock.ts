/** The clock the wire waits on: keyQueue.ts's queue and pace.ts's jitter (tests give one of their own). */
export interface Clock {
	now(): number;
	random(): number;
	/** Resolves after `ms`, or early when `signal` aborts; never rejects. */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
