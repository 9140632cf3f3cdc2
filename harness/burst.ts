import { execFile, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { KEYS, type FakeApiServer } from '../fake-api';
import { tsProcessArgs } from './child';

/**
 * A burst as n8n makes one (docs/reliability.md, "Bursts"): `executions` executions of Commerce →
 * Page → Get on `items` items each, started at the same moment and spread over `processes` n8n
 * processes (each a child process running n8n-core, sharing nothing but the API), against the
 * fake API's fixed-window limit. What it reports: failed executions, the time from the first
 * request to the last answer against the limit's floor, the share of requests the API refused,
 * and where the time went: how far into its window the first request came (`phaseMs` is what was
 * left of that window: the API's windows are aligned on the clock, so the best a burst can do is
 * `phaseMs` plus a window for each further limit's worth), the windows that ended with budget
 * left, and how late the processes' event loops ran.
 */
export interface BurstResult {
	failed: number;
	errors: string[];
	requests: number;
	refused: number;
	refusedShare: number;
	wallMs: number;
	floorMs: number;
	ratioToFloor: number;
	phaseMs: number;
	/** What the API accepted and refused in each of its windows, from the first request's to the last's. */
	windows: Array<{ accepted: number; refused: number }>;
	/** Windows before the last in which the API accepted fewer than its limit, and how many fewer in all. */
	windowsShort: number;
	budgetLeft: number;
	/** The processes' event-loop delay: the highest p99 and max among them (ms). */
	loopDelayMs: { p99: number; max: number };
	/** The 1-minute load average when the burst started and when it ended. */
	loadAverage: [number, number];
}


export interface BurstOptions {
	processes: number;
	executions: number;
	items: number;
	pageId: string;
	/** n8n's HTTP Request node instead of ours: the path of n8n-nodes-base's HttpRequest.node.js. */
	httpRequestNode?: string;
	/** The node binary of the children (default: this process's). */
	nodeBin?: string;
	/** The repository (default: found from this file, which the bench runs compiled elsewhere). */
	root?: string;
	/** A CPU-bound process beside the burst, from before the children start until they end (another job on the machine). */
	cpuBeside?: boolean;
}

export async function runBurst(api: FakeApiServer, options: BurstOptions): Promise<BurstResult> {
	const window = api.realistic?.fixedWindow;
	if (!window) throw new Error('runBurst needs the fake API in fixed-window mode');
	const windowMs = window.seconds * 1000;
	const windowOf = (at: number) => Math.floor(at / windowMs);
	// a burst before this one (same key) may have spent the window this one would start in: start in a later one, at the same point of it
	const lastBefore = Math.max(0, ...api.requests.map((q) => q.at ?? 0));
	api.resetStats();
	api.clearRequests();
	const loadAtStart = os.loadavg()[0];
	// the children need a moment to load n8n-core: all start together, a few seconds from now
	let startAt = Date.now() + 4000 + options.processes * 1000;
	while (windowOf(startAt) <= windowOf(lastBefore)) startAt += windowMs;
	const perProcess = Array.from({ length: options.processes }, (_, p) => Math.floor(options.executions / options.processes) + (p < options.executions % options.processes ? 1 : 0));
	const beside = options.cpuBeside ? spawn(options.nodeBin ?? process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;
	const outputs = await Promise.all(
		perProcess.map(async (executions) => {
			const root = options.root ?? path.join(__dirname, '..');
			const { stdout } = await promisify(execFile)(options.nodeBin ?? process.execPath, tsProcessArgs(path.join(root, 'harness', 'burst.child.ts')), {
				env: {
					...process.env,
					N8N_LOG_LEVEL: 'silent',
					BURST_API_URL: api.url,
					BURST_API_KEY: KEYS.full,
					BURST_PAGE_ID: options.pageId,
					BURST_EXECUTIONS: String(executions),
					BURST_ITEMS: String(options.items),
					BURST_START_AT: String(startAt),
					...(options.httpRequestNode ? { BURST_NODE: 'http', BURST_HTTP_NODE: options.httpRequestNode } : {}),
				},
				cwd: root,
				timeout: 30 * 60_000,
				maxBuffer: 16 * 1024 * 1024,
			});
			return JSON.parse(stdout) as { failed: number; errors: string[]; lastEndMs: number; loopDelayMs?: { p99: number; max: number } };
		}),
	).finally(() => beside?.kill());
	const requests = api.requests.length;
	const refused = api.stats.rateLimited;
	const total = options.executions * options.items;
	const first = Math.min(...api.requests.map((q) => q.at ?? Infinity));
	// from the first request the API received: how long the children took to load n8n-core is not the limiter's
	const wallMs = Math.max(...outputs.map((o) => o.lastEndMs)) - first;
	// the first window's requests go at once; every further `requests` waits a window
	const floorMs = (Math.max(0, total - window.requests) / window.requests) * window.seconds * 1000;
	const windows = Array.from({ length: windowOf(Math.max(...api.requests.map((q) => q.at ?? 0))) - windowOf(first) + 1 }, () => ({ accepted: 0, refused: 0 }));
	for (const q of api.requests) windows[windowOf(q.at ?? first) - windowOf(first)][q.status === 429 ? 'refused' : 'accepted'] += 1;
	const short = windows.slice(0, -1).filter((w) => w.accepted < window.requests);
	const loops = outputs.map((o) => o.loopDelayMs ?? { p99: 0, max: 0 });
	return {
		failed: outputs.reduce((n, o) => n + o.failed, 0),
		errors: [...new Set(outputs.flatMap((o) => o.errors))],
		requests,
		refused,
		refusedShare: requests ? refused / requests : 0,
		wallMs,
		floorMs,
		ratioToFloor: floorMs ? wallMs / floorMs : 0,
		phaseMs: windowMs - (first % windowMs),
		windows,
		windowsShort: short.length,
		budgetLeft: short.reduce((n, w) => n + window.requests - w.accepted, 0),
		loopDelayMs: { p99: Math.max(...loops.map((l) => l.p99)), max: Math.max(...loops.map((l) => l.max)) },
		loadAverage: [loadAtStart, os.loadavg()[0]],
	};
}
