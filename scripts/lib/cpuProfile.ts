import fs from 'node:fs';
import path from 'node:path';

import { ROOT } from './n8n';

/** An inspector session's `post` (node:inspector's own, or a DevTools protocol socket's). */
type Post = (method: string, params?: object) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Runs `work` under V8's CPU profiler of the session `post` talks to, sampling every `intervalUs`,
 * and writes the profile alone to `.cache/prof/<name>.cpuprofile` (open it in Chrome's DevTools,
 * Performance tab): the measured run, not the process's start. Returns the work's result.
 */
export async function profiled<T>(post: Post, name: string, intervalUs: number, work: () => Promise<T>): Promise<T> {
	await post('Profiler.enable');
	await post('Profiler.setSamplingInterval', { interval: intervalUs });
	await post('Profiler.start');
	try {
		return await work();
	} finally {
		const { profile } = (await post('Profiler.stop')) as { profile: unknown };
		const file = path.join(ROOT, '.cache', 'prof', `${name}.cpuprofile`);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, JSON.stringify(profile));
	}
}
