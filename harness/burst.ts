import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { KEYS, type FakeApiServer } from '../fake-api';
import { tsProcessArgs } from './child';

/**
 * A burst as n8n makes one (docs/reliability.md, "Bursts"): `executions` executions of Commerce →
 * Page → Get on `items` items each, started at the same moment and spread over `processes` n8n
 * processes (each a child process running n8n-core, sharing nothing but the API), against the
 * fake API's fixed-window limit. What it reports: failed executions, the time from the start to
 * the last answer against the limit's floor, and the share of requests the API refused.
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
}

export async function runBurst(api: FakeApiServer, options: BurstOptions): Promise<BurstResult> {
	const window = api.realistic?.fixedWindow;
	if (!window) throw new Error('runBurst needs the fake API in fixed-window mode');
	api.resetStats();
	api.clearRequests();
	// the children need a moment to load n8n-core: all start together, a few seconds from now
	const startAt = Date.now() + 4000 + options.processes * 1000;
	const perProcess = Array.from({ length: options.processes }, (_, p) => Math.floor(options.executions / options.processes) + (p < options.executions % options.processes ? 1 : 0));
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
			return JSON.parse(stdout) as { failed: number; errors: string[]; lastEndMs: number };
		}),
	);
	const requests = api.requests.length;
	const refused = api.stats.rateLimited;
	const total = options.executions * options.items;
	const first = Math.min(...api.requests.map((q) => q.at ?? Infinity));
	// from the first request the API received: how long the children took to load n8n-core is not the limiter's
	const wallMs = Math.max(...outputs.map((o) => o.lastEndMs)) - first;
	// the first window's requests go at once; every further `requests` waits a window
	const floorMs = (Math.max(0, total - window.requests) / window.requests) * window.seconds * 1000;
	return {
		failed: outputs.reduce((n, o) => n + o.failed, 0),
		errors: [...new Set(outputs.flatMap((o) => o.errors))],
		requests,
		refused,
		refusedShare: requests ? refused / requests : 0,
		wallMs,
		floorMs,
		ratioToFloor: floorMs ? wallMs / floorMs : 0,
	};
}
