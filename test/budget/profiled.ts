import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Runs `work` under V8's CPU profiler (this process's inspector) and writes its profile alone to
 * `.cache/prof/<name>.cpuprofile` (open it in Chrome's DevTools, Performance tab), so the profile
 * holds the measured run, not Jest's start or the node's first load. Sampling every 100 µs.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.setSamplingInterval', { interval: 100 });
	await session.post('Profiler.start');
	try {
		return await work();
	} finally {
		const { profile } = await session.post('Profiler.stop');
		session.disconnect();
		const dir = path.join(__dirname, '../../.cache/prof');
		fs.mkdirSync(dir, { recursive: true });
		const file = path.join(dir, `${name}.cpuprofile`);
		fs.writeFileSync(file, JSON.stringify(profile));
		console.log(`profile: ${file}`);
	}
}
