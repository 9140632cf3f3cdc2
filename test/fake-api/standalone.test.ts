import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

import { KEYS } from '../../fake-api';
import { DEMO } from '../../fake-api/demo';
import { freePort, waitFor } from '../../scripts/lib/n8n';
import { ROOT, tsProcessArgs } from '../../harness/child';

/**
 * `npm run fake-api` (scripts/fake-api.ts) as a user starts it for an n8n of their own: with the
 * demo data of `npm start` unless `--empty`, and a banner that says which. Its own process, as
 * the script runs (its banner, its argument check).
 */

const SCRIPT = path.join(ROOT, 'scripts', 'fake-api.ts');
const running: ChildProcessWithoutNullStreams[] = [];

afterEach(async () => {
	for (const child of running.splice(0)) {
		if (child.exitCode !== null || child.signalCode !== null) continue;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill('SIGTERM');
		await exited;
	}
});

/** Starts the script with `args` and waits for its banner; returns the banner and the API's address. */
async function start(args: string[]) {
	const port = await freePort();
	// the script's path first: process.argv as in `node scripts/fake-api.js --empty`
	const child = spawn(process.execPath, [...tsProcessArgs(SCRIPT), SCRIPT, ...args], { cwd: ROOT, env: { ...process.env, FAKE_API_PORT: String(port), FAKE_API_EMPTY: '' } });
	running.push(child);
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await waitFor('the banner', () => output.includes('Press Ctrl-C to stop.') || (child.exitCode !== null && child.exitCode !== undefined) || undefined, 60_000, () => output);
	const get = async (route: string) => (await (await fetch(`http://127.0.0.1:${port}${route}`, { headers: { authorization: `Bearer ${KEYS.full}` } })).json()) as Record<string, Array<Record<string, unknown>>>;
	return { output, get, child };
}

test('started on its own it serves the demo data of npm start, and its banner says so', async () => {
	const { output, get } = await start([]);
	expect(output).toContain('Data: the demo data of npm start (npm run fake-api -- --empty starts empty)');
	expect((await get(`/v1/commerce/pages?accountId=${DEMO.store}`)).pages.map((p) => p.handle)).toEqual(['about-us', 'shipping', 'size-guide']);
	expect((await get(`/v1/commerce/redirects?accountId=${DEMO.store}`)).redirects).toEqual([expect.objectContaining({ path: '/about', target: '/pages/about-us' })]);
	const campaigns = (await get(`/v1/ads/campaigns`)).campaigns;
	expect(campaigns.map((c) => c.campaignName)).toContain('Summer sale');
});

test('--empty starts it with no store content and no campaigns, and its banner says so', async () => {
	const { output, get } = await start(['--empty']);
	expect(output).toContain('Data: EMPTY (started with --empty)');
	expect(output).not.toContain('Data: the demo data');
	expect((await get(`/v1/commerce/pages?accountId=${DEMO.store}`)).pages).toEqual([]);
	expect((await get(`/v1/ads/campaigns`)).campaigns).toEqual([]);
});

test('an unknown argument stops it with the arguments it knows', async () => {
	const { output, child } = await start(['--emtpy']);
	await waitFor('the exit', () => child.exitCode ?? undefined);
	expect(child.exitCode).toBe(2);
	expect(output).toContain('unknown argument --emtpy (known: --empty)');
});
