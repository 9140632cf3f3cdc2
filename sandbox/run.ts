/**
 * `npm start` (after scripts/start.js has installed and built, it runs this file's build by its path,
 * importing nothing of sandbox/): the sandbox until Ctrl-C.
 * `--queue`: n8n in queue mode (main, a worker, a webhook processor, Postgres, Redis).
 * `--dev` (`npm run dev`): tsc --watch and n8n's hot reload of our nodes.
 * `--realistic` (or FAKE_API_REALISTIC=1): the fake API rate-limits each key and answers with latency.
 * `--faults=0.05` (or FAKE_API_FAULTS=0.05): 5% of first attempts fault (lost answers, 503, 502 HTML, resets).
 * `--dialect timestamped` (or `--dialect=…`, or FAKE_API_DIALECT=…): how the fake API signs and shapes
 *   webhook deliveries: plain (default), timestamped (t=…,v1=…; type, created) or flat (objects at the top level).
 * Ports: N8N_PORT (default 5678), FAKE_API_PORT (4010), WEBHOOK_PROCESSOR_PORT (queue mode,
 * 5690); data folder: SANDBOX_DIR (.cache/sandbox).
 */
import os from 'node:os';

import { parseFixedWindow, WEBHOOK_DIALECTS, type WebhookDialect } from '../fake-api';
import { banner, startSandbox, type Sandbox } from './startSandbox';

const say = (line: string) => console.log(`[sandbox] ${line}`);

async function main() {
	const args = process.argv.slice(2);
	const at = args.findIndex((a) => a === '--dialect' || a.startsWith('--dialect='));
	const dialect = (at === -1 ? process.env.FAKE_API_DIALECT || undefined : args[at].startsWith('--dialect=') ? args[at].slice('--dialect='.length) : args[at + 1]) as WebhookDialect | undefined;
	if (at !== -1) args.splice(at, args[at].startsWith('--dialect=') ? 1 : 2);
	if ((at !== -1 && !dialect) || (dialect !== undefined && !WEBHOOK_DIALECTS.includes(dialect))) {
		console.error(`[sandbox] unknown dialect ${String(dialect)} (known: ${WEBHOOK_DIALECTS.join(', ')})`);
		process.exit(2);
	}
	const unknown = args.filter((a) => a !== '--queue' && a !== '--dev' && a !== '--realistic' && !/^--faults=[\d.]+$/.test(a) && !a.startsWith('--rate-limit='));
	if (unknown.length) {
		console.error(`[sandbox] unknown argument ${unknown.join(' ')} (known: --queue, --dev, --realistic, --rate-limit=100/10s, --faults=RATE)`);
		process.exit(2);
	}
	// --rate-limit=100/10s (or FAKE_API_RATE_LIMIT): a fixed window per key, with the rate-limit headers
	const rateLimitText = args.find((a) => a.startsWith('--rate-limit='))?.slice('--rate-limit='.length) ?? process.env.FAKE_API_RATE_LIMIT;
	const fixedWindow = rateLimitText ? parseFixedWindow(rateLimitText) : undefined;
	if (rateLimitText && !fixedWindow) {
		console.error(`[sandbox] --rate-limit=${rateLimitText}: write it as REQUESTS/SECONDSs, e.g. --rate-limit=100/10s`);
		process.exit(2);
	}
	const queue = args.includes('--queue');
	const dev = args.includes('--dev');
	const realistic = fixedWindow ? { fixedWindow } : args.includes('--realistic') || ['1', 'true'].includes(process.env.FAKE_API_REALISTIC ?? '');
	const faults = Number(/^--faults=([\d.]+)$/.exec(args.find((a) => a.startsWith('--faults=')) ?? '')?.[1] ?? process.env.FAKE_API_FAULTS ?? 0) || undefined;
	const what = queue ? 'n8n, Postgres, Redis and the fake API' : dev ? 'tsc, n8n and the fake API' : 'n8n and the fake API';
	const starting = startSandbox({
		dir: process.env.SANDBOX_DIR || undefined,
		n8nPort: Number(process.env.N8N_PORT ?? 5678),
		apiPort: Number(process.env.FAKE_API_PORT ?? 4010),
		webhookPort: Number(process.env.WEBHOOK_PROCESSOR_PORT ?? 5690),
		queue,
		dev,
		realistic,
		faults,
		dialect,
		build: false,
		log: say,
	});
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say(`stopping ${what}...`);
		// Ctrl-C during the start: let it finish, then stop what it started (n8n runs detached)
		await (await starting.catch(() => undefined))?.stop();
		say('stopped; nothing left running.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	let sandbox: Sandbox;
	try {
		sandbox = await starting;
	} catch (error) {
		console.error(`[sandbox] could not start: ${(error as Error).message}`);
		process.exit(1);
	}
	if (stopping) return;
	console.log(banner(sandbox));
	const limit = sandbox.api.realistic;
	if (limit?.fixedWindow) say(`fake API rate limit: ${limit.fixedWindow.requests} requests per ${limit.fixedWindow.seconds} s per key (a fixed window, X-RateLimit-* headers, then 429 with Retry-After), ${limit.latencyMs} ± ${limit.jitterMs} ms per answer`);
	else if (limit) say(`fake API in realistic mode: ${limit.ratePerSecond} requests/s per key (bursts of ${limit.burst}, then 429 with Retry-After), ${limit.latencyMs} ± ${limit.jitterMs} ms per answer`);
	const faultRate = sandbox.api.faultRate;
	if (faultRate) say(`fake API faults: ${faultRate.rate * 100}% of first attempts (lost answers, 503, 502 HTML pages, resets); the nodes retry them`);
	if (sandbox.api.webhooks.dialect !== 'plain') say(`fake API webhook deliveries in the ${sandbox.api.webhooks.dialect} dialect (docs/trigger.md)`);
	const startedAt = Number(process.env.SANDBOX_STARTED_AT);
	say(startedAt ? `ready, ${Math.round((Date.now() - startedAt) / 1000)} s after npm start (load average ${os.loadavg()[0].toFixed(1)})` : 'ready');
}

void main();
