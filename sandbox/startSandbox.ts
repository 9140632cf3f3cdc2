import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { KEYS, startFakeApi, type FakeApiServer, type Realistic, type WebhookDialect } from '../fake-api';
import { seedDemo } from '../fake-api/demo';
import { OPENAI_BASE } from '../fake-api/openai';
import { capsInWords } from '../credentials/capChecks';
import { ensureN8n, installPackage, N8n, N8N_VERSION, OWNER, ROOT, waitFor } from '../scripts/lib/n8n';
import { startQueue, type Queue } from './queueMode';
import { CAPPED_CREDENTIAL_NAME, loadExample, loadExamples, MCP_EXAMPLE, OPENAI_CREDENTIAL_NAME, SANDBOX_CAPS, SANDBOX_NO_CAPS, UNCAPPED_CREDENTIAL_NAME } from './setup';

/**
 * The local sandbox behind `npm start` (sandbox/run.ts): the fake API with demo data, and
 * a real n8n with this package installed, an owner, the credentials and the example workflows
 * (what it sets up: setup.ts). The end-to-end tests start the same thing. In queue mode n8n is a
 * main process, a worker and a webhook processor on throwaway Postgres and Redis (queueMode.ts);
 * in dev mode `tsc --watch` feeds n8n's hot reload of the nodes.
 */

export interface SandboxOptions {
	/**
	 * n8n's user folder (data survives restarts). Default .cache/sandbox. Queue mode uses its
	 * queue/ subfolder instead, emptied at each start.
	 */
	dir?: string;
	/** n8n's port (queue mode: n8n main's). */
	n8nPort?: number;
	apiPort?: number;
	/** Queue mode: the webhook processor's port (default: a free one). */
	webhookPort?: number;
	/** Queue mode: Postgres, Redis, n8n main, one worker and one webhook processor. */
	queue?: boolean;
	/** Dev mode: `tsc --watch` into the installed package and n8n's hot reload (N8N_DEV_RELOAD). */
	dev?: boolean;
	/** Which n8n to run (default N8N_VERSION; not in queue mode). */
	n8nVersion?: string;
	/** The fake API's realistic mode: rate limit and latency (fake-api/core.ts REALISTIC; docs/reliability.md, "Rate limits"). */
	realistic?: boolean | Partial<Realistic>;
	/** The fake API's fault rate (fake-api/core.ts FaultRate; docs/reliability.md, "Faults"). */
	faults?: number;
	/** How the fake API signs and shapes webhook deliveries (fake-api/webhooks.ts WEBHOOK_DIALECTS; default plain). */
	dialect?: WebhookDialect;
	/** Rebuild dist/ before installing it into n8n (npm start has just built it). */
	build?: boolean;
	log?: (line: string) => void;
}

export interface Sandbox {
	api: FakeApiServer;
	/** The editor and the REST API (queue mode: n8n main). */
	n8n: N8n;
	/** Queue mode: n8n main, the worker and the webhook processor. */
	queue?: Queue;
	/** N8N_WEBHOOK_URL: where the trigger's webhooks are served (queue mode: the webhook processor). */
	webhookUrl: string;
	/** The published MCP example's server (streamable HTTP and SSE): `<webhook address>mcp/<path>`. */
	mcpUrl: string;
	/** n8n's log (queue mode: main's, with the worker's and the processor's beside it). */
	logFile: string;
	/** Dev mode: the installed package folder that `tsc --watch` compiles into. */
	watching?: string;
	credentialId: string;
	/** The Storefront credential with spending caps (CAPPED_CREDENTIAL_NAME, SANDBOX_CAPS). */
	cappedCredentialId: string;
	openAiCredentialId: string;
	/** Example workflow ids by workflow name. */
	workflows: Map<string, string>;
	stop(): Promise<void>;
}

/**
 * Publishes the MCP example (unless `id` is undefined: already published) so that any MCP client
 * can connect at once, and waits until n8n serves it: n8n registers the trigger's routes just
 * after activation answers, and until then they answer 404.
 */
async function publishMcpExample(n8n: N8n, id: string | undefined, mcpUrl: string) {
	if (id) await n8n.activate(id);
	await waitFor('n8n to serve the MCP server', async () => {
		const res = await fetch(mcpUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
			body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
			signal: AbortSignal.timeout(5000),
		}).catch(() => undefined);
		await res?.body?.cancel();
		return res !== undefined && res.status !== 404;
	}, 30_000, () => n8n.log);
}

/** The MCP Server Trigger's path in the MCP example. */
function mcpPath() {
	const trigger = loadExample('mcp-server-store-tools.json', '').nodes.find((n: { type: string }) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
	return String(trigger.parameters.path);
}

/**
 * `tsc --watch` compiling the sources into the installed copy of the package, the folder n8n's
 * hot reload watches. Not into dist/: `npm run build` (and every test suite that starts n8n)
 * empties dist/, which would pull the nodes from under the running n8n.
 */
async function watchSources(packageDir: string, log: (line: string) => void) {
	const tsc = spawn(
		process.execPath,
		[require.resolve('typescript/bin/tsc', { paths: [ROOT] }), '-p', path.join(ROOT, 'tsconfig.json'), '--watch', '--preserveWatchOutput', '--outDir', path.join(packageDir, 'dist')],
		{ cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
	);
	let output = '';
	await new Promise<void>((resolve, reject) => {
		tsc.once('exit', (code) => reject(new Error(`tsc --watch exited with ${code}:\n${output}`)));
		tsc.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			for (const line of chunk.toString().split('\n')) if (line.trim()) log(`tsc: ${line.trim()}`);
			if (output.includes('Watching for file changes')) resolve();
		});
	});
	return async () => {
		if (tsc.exitCode !== null || tsc.signalCode !== null) return;
		const exited = new Promise((r) => tsc.once('exit', r));
		tsc.kill('SIGTERM');
		await exited;
	};
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const log = options.log ?? (() => undefined);
	// workers do not hot-reload: they would keep running the old nodes
	if (options.queue && options.dev) throw new Error('dev mode runs a single n8n: --dev and --queue do not combine');
	const dir = options.dir ?? path.join(ROOT, '.cache', 'sandbox');
	fs.mkdirSync(dir, { recursive: true });

	const api = await startFakeApi({ port: options.apiPort ?? 0, realistic: options.realistic, faults: options.faults ?? false, webhookDialect: options.dialect });
	// last started, first stopped
	const stops: Array<() => Promise<void>> = [async () => await api.close()];
	const stop = async () => {
		for (const step of stops.splice(0).reverse()) await step();
	};
	try {
		await seedDemo(api);
		log(`fake API with demo data on ${api.url}`);

		let n8n: N8n;
		let queue: Queue | undefined;
		let watching: string | undefined;
		if (options.queue) {
			log('starting Postgres, Redis, n8n main, a worker and a webhook processor...');
			queue = await startQueue({
				dir: path.join(dir, 'queue'),
				workers: 1,
				webhookProcessors: 1,
				ports: { main: options.n8nPort, webhook: options.webhookPort },
				build: options.build,
			});
			stops.push(queue.stop);
			n8n = queue.main;
		} else {
			const bin = ensureN8n(options.n8nVersion);
			const packageDir = installPackage(dir, { build: options.build ?? true });
			if (options.dev) {
				stops.push(await watchSources(packageDir, log));
				watching = packageDir;
			}
			n8n = new N8n(bin, {
				userFolder: dir,
				port: options.n8nPort,
				logFile: path.join(dir, 'n8n.log'),
				env: options.dev ? { N8N_DEV_RELOAD: 'true' } : undefined,
			});
			stops.push(async () => await n8n.stop());
			log('starting n8n...');
			await n8n.start();
			await n8n.login();
		}
		const webhookUrl = `${(queue?.webhooks[0] ?? n8n).url}/`;
		const logFile = queue ? path.join(dir, 'queue', 'main.log') : path.join(dir, 'n8n.log');

		// the fake API's port may differ from the last run: keep the credentials pointing at it
		const present = await n8n.credentials();
		const credential = async (name: string, type: string, data: Record<string, unknown>) => {
			const existing = present.find((c) => c.name === name && c.type === type);
			const saved = existing
				? await n8n.rest<{ id: string }>('PATCH', `/rest/credentials/${existing.id}`, { name, type, data })
				: await n8n.rest<{ id: string }>('POST', '/rest/credentials', { name, type, data });
			return saved.id;
		};
		const credentialId = await credential(UNCAPPED_CREDENTIAL_NAME, 'storefrontApi', { apiKey: KEYS.full, baseUrl: `${api.url}/v1/`, ...SANDBOX_NO_CAPS });
		const cappedCredentialId = await credential(CAPPED_CREDENTIAL_NAME, 'storefrontApi', { apiKey: KEYS.full, baseUrl: `${api.url}/v1/`, ...SANDBOX_CAPS });
		// the scripted model takes any key
		const openAiCredentialId = await credential(OPENAI_CREDENTIAL_NAME, 'openAiApi', {
			apiKey: 'sk-sandbox-any-key',
			url: `${api.url}${OPENAI_BASE}`,
			organizationId: '',
			header: false,
		});

		// import each example once; later starts keep the user's edits
		const workflows = new Map<string, string>();
		const existing = await n8n.workflows();
		for (const { workflow } of loadExamples(credentialId, openAiCredentialId, cappedCredentialId)) {
			const found = existing.find((w) => w.name === workflow.name);
			workflows.set(workflow.name, found ? found.id : (await n8n.createWorkflow(workflow)).id);
		}
		const mcpUrl = `${webhookUrl}mcp/${mcpPath()}`;
		// the 1.x compatibility run (n8nVersion set) leaves it unpublished
		if (!options.n8nVersion || options.n8nVersion === N8N_VERSION) {
			const published = existing.find((w) => w.name === MCP_EXAMPLE && (w.active || w.activeVersionId));
			await publishMcpExample(n8n, published ? undefined : workflows.get(MCP_EXAMPLE)!, mcpUrl);
		}
		return { api, n8n, queue, webhookUrl, mcpUrl, logFile, watching, credentialId, cappedCredentialId, openAiCredentialId, workflows, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

export function banner(sandbox: Sandbox) {
	const { api, n8n, queue, watching } = sandbox;
	const mode = queue
		? `
  queue mode:   n8n main (editor, REST, activations), 1 worker (runs every execution), 1 webhook
                processor (receives the events), throwaway Postgres and Redis: nothing is kept,
                the next start begins empty and creates the owner, credentials and examples again
  package:      each process installed n8n-nodes-storefront ${queue.published.version} at boot from a local npm
                registry: main from N8N_COMMUNITY_PACKAGES (version + checksum), the worker and the
                webhook processor from main's record (N8N_REINSTALL_MISSING_PACKAGES; docs/installing.md)`
		: '';
	const dev = watching
		? `
  hot reload:   tsc --watch compiles nodes/ and credentials/ into ${watching}/dist;
                n8n reloads our nodes after each compile (N8N_DEV_RELOAD) and the open editor
                shows the change; a new icon or a new node in package.json needs a restart`
		: '';
	return `
  n8n editor:   ${n8n.url}
  webhooks:     ${sandbox.webhookUrl}webhook/... (${queue ? 'the webhook processor' : 'n8n'}; the trigger registers this address)
  login:        ${OWNER.email} / ${OWNER.password}
  credentials:  "${UNCAPPED_CREDENTIAL_NAME}" → fake API ${api.url}/v1/ (key ${KEYS.full}), Limit Spending off;
                "${CAPPED_CREDENTIAL_NAME}" → the same, Limit Spending on:
                ${capsInWords(SANDBOX_CAPS)}
                (the three AI agent examples use it)
  chat model:   "${OPENAI_CREDENTIAL_NAME}" → ${api.url}${OPENAI_BASE}, a scripted model: open
                "Store assistant", click "Open chat" and send any message; it lists the pages,
                checks and boosts the best post (Paused) with our tools and reports what they returned
  examples:     ${[...sandbox.workflows.keys()].join('\n                ')}${mode}${dev}
  MCP server:   ${sandbox.mcpUrl} (streamable HTTP or SSE, no auth: "${MCP_EXAMPLE}", published)

  Demo data: store accounts store_hosted (hostedstore) and store_plugin (pluginstore); ad
  connections on socialnet, searchnet, pronet, videonet and microblog with campaigns, ads,
  posts and an audience. The examples hold these IDs where the files say YOUR_STORE_ACCOUNT_ID
  and so on (their Settings nodes). Publish "Record every published post as a marketing
  activity" (the Publish button at the top right; in n8n 1.x the Active switch), then send it
  a signed event:
    curl -s -X POST ${api.url}/__control/emit -H 'content-type: application/json' \\
      -d '{"event":"post.published","data":{"post":{"id":"post_1","caption":"New drop","permalink":"https://socialnet.example.com/p/1"}}}'
  n8n's log: ${sandbox.logFile}${queue ? ' (worker1.log, webhook1.log beside it)' : ''}

  Press Ctrl-C to stop ${queue ? 'n8n, Postgres, Redis' : watching ? 'tsc, n8n' : 'n8n'} and the fake API.`;
}
