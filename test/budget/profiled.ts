import { Session } from 'node:inspector/promises';

import { profiled as profiledBy } from '../../scripts/lib/cpuProfile';

/**
 * Runs `work` under V8's CPU profiler (this process's inspector) and writes its profile alone to
 * `.cache/prof/<name>.cpuprofile`, so the profile holds the measured run, not Jest's start or the
 * node's first load. Sampling every 100 µs.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
	const session = new Session();
	session.connect();
	try {
		return await profiledBy(async (method, params) => await session.post(method as never, params as never), name, 100, work);
	} finally {
		session.disconnect();
		console.log(`profile: .cache/prof/${name}.cpuprofile`);
	}
}
