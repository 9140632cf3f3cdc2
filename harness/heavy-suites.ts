import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * The suites that load the machine by themselves (n8n in queue mode: five n8n processes, Postgres
 * and Redis; one n8n taking events as fast as it answers them) take turns, while Jest's workers run
 * the other suites beside them: what they assert depends on timing (answers within the API's 10 s,
 * Bull's job locks) that two of them sharing 2 cores would not keep.
 *
 * The queue suite (five n8n processes, Postgres, Redis, and Bull's locks of a few seconds) never
 * runs beside another of them; the other two (`shared`: one n8n under load; `npm start -- --queue`,
 * three n8n processes, Postgres and Redis that boot and run a few events) may run beside each
 * other, as each already runs beside any other real-n8n suite: in CI they come last, where they
 * waited for each other.
 *
 * The turn is a flock(1) held by a child process for as long as the suite runs: the kernel
 * releases it when that child ends, so a Jest worker that dies or is killed cannot leave it held.
 * Take it first thing in beforeAll (whose timeout must allow for the wait: up to the longest heavy
 * suite) and give it back last thing in afterAll.
 */
export const HEAVY_SUITE_WAIT_MS = 20 * 60_000;

export async function heavySuiteTurn(suite: string, { shared = false } = {}): Promise<() => Promise<void>> {
	const lock = path.join(os.tmpdir(), 'n8n-nodes-storefront.heavy-suite.lock');
	const started = Date.now();
	const holder = spawn('flock', [shared ? '--shared' : '--exclusive', '--timeout', String(HEAVY_SUITE_WAIT_MS / 1000), lock, 'sh', '-c', 'echo held; exec cat'], {
		stdio: ['pipe', 'pipe', 'inherit'],
	});
	const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
	await new Promise<void>((resolve, reject) => {
		holder.stdout.once('data', () => resolve());
		holder.once('error', reject);
		holder.once('exit', (code) => reject(new Error(`${suite}: no turn among the heavy suites within ${HEAVY_SUITE_WAIT_MS / 60_000} minutes (flock exited ${code}; lock ${lock})`)));
	});
	const waited = Date.now() - started;
	if (waited > 2000) console.log(`${suite}: waited ${(waited / 1000).toFixed(0)} s for its turn among the heavy suites`);
	return async () => {
		holder.stdin.end(); // cat ends, and with it the lock
		await exited;
	};
}
