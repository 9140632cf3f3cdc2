import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real n8n process with this package installed as a community package
 * (<user folder>/.n8n/nodes/node_modules/n8n-nodes-storefront), driven over its REST API.
 * Facts behind the settings: ../shared/RUNNING-N8N.md.
 */

/** The repository root (this file also runs compiled from .cache/fake-api/scripts/lib). */
export const ROOT = (() => {
	for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
		const pkg = path.join(dir, 'package.json');
		if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'n8n-nodes-storefront') return dir;
	}
	throw new Error('package root not found');
})();
export const OWNER = { email: 'owner@example.com', password: 'Sandbox-Pass-1', firstName: 'Store', lastName: 'Owner' };

/** The Node executable, n8n's executable and n8n's version (the driver adapts the few settings 1.x lacks). */
export interface N8nBin {
	node: string;
	n8n: string;
	version?: string;
}

/** The n8n the end-to-end suites run, and the latest 1.x that the compatibility suite runs. */
export const N8N_VERSION = '2.41.1';
export const N8N_1_VERSION = '1.123.81';

/** Installs (once per version, cached in .cache/) and locates Node 24 and n8n. */
export function ensureN8n(version = N8N_VERSION): N8nBin {
	const out = execFileSync('bash', [path.join(ROOT, 'scripts', 'install-n8n.sh'), version], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
		timeout: 15 * 60_000,
	});
	const value = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(out)?.[1] ?? '';
	return { node: path.join(value('NODE24'), 'node'), n8n: value('N8N_BIN'), version };
}

/**
 * Builds the package straight into the folder where n8n looks for community packages (or, with
 * `build: false`, copies the current dist/); returns that folder. Building there rather than into
 * dist/ lets suites that start n8n run side by side while another builds.
 */
export function installPackage(userFolder: string, { build = true } = {}) {
	const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-storefront');
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(target, 'package.json'));
	if (build) buildInto(path.join(target, 'dist'));
	else fs.cpSync(path.join(ROOT, 'dist'), path.join(target, 'dist'), { recursive: true });
	const nodesPkg = path.join(userFolder, '.n8n', 'nodes', 'package.json');
	fs.writeFileSync(nodesPkg, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { 'n8n-nodes-storefront': '*' } }));
	return target;
}

/** scripts/lib/up-to-date.js: plain CommonJS (npm start runs it before anything is built), found from the root wherever this file runs. */
const upToDate = () => createRequire(__filename)(path.join(ROOT, 'scripts', 'lib', 'up-to-date.js')) as { packageBuilt: (root: string) => boolean };

/**
 * What `npm run build` makes, in `outDir`: the compiled nodes and credentials, their icons and codex
 * files. A copy of dist/ when that is up to date (CI builds it before `npm test`): one compile, not one per suite.
 */
export function buildInto(outDir: string) {
	if (upToDate().packageBuilt(ROOT)) {
		fs.cpSync(path.join(ROOT, 'dist'), outDir, { recursive: true });
		return;
	}
	execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [ROOT] }), '-p', path.join(ROOT, 'tsconfig.json'), '--outDir', outDir], {
		cwd: ROOT,
		stdio: 'ignore',
	});
	const assets = (dir: string, keep: (name: string) => boolean) => {
		for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
			const rel = path.join(dir, entry.name);
			if (entry.isDirectory()) assets(rel, keep);
			else if (keep(entry.name)) {
				fs.mkdirSync(path.join(outDir, dir), { recursive: true });
				fs.copyFileSync(path.join(ROOT, rel), path.join(outDir, rel));
			}
		}
	};
	assets('icons', (n) => n.endsWith('.svg'));
	assets('nodes', (n) => n.endsWith('.json'));
	assets('credentials', (n) => n.endsWith('.svg'));
}

/**
 * Polls `probe` until it gives something other than undefined/false; on timeout the error
 * names what was awaited and ends with the tail of `log()` (n8n's output).
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000, log: () => string = () => ''): Promise<T> {
	const started = Date.now();
	for (;;) {
		const value = await probe();
		if (value !== undefined && value !== false) return value;
		if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}\n${log().slice(-2000)}`);
		await new Promise((r) => setTimeout(r, 150));
	}
}

/** One node of a workflow as n8n's REST API takes it, laid out left to right at `x`. */
export const workflowNode = (name: string, type: string, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
	id: name.toLowerCase().replace(/\W/g, '-'),
	name,
	type,
	typeVersion: 1,
	position: [x, 0],
	parameters,
	...extra,
});

/** Whether nothing listens on 127.0.0.1:`port` (a listen that succeeds, closed at once). */
async function canListen(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/**
 * The ports freePort() hands out: below the kernel's ephemeral range (Linux:
 * net.ipv4.ip_local_port_range, 32768-60999 by default; macOS starts at 49152), which every
 * listen(0) (each fake API a unit suite starts) and every outgoing connection draws from. A port
 * freePort() found free is bound by its server only seconds later (an n8n boot takes 10-60 s under
 * load; a restart keeps its port): taken from the ephemeral range, another process's listen(0)
 * could take it in between, and that n8n would exit at boot with EADDRINUSE. Each process hands
 * out ports from its own block (chosen by its pid) and never the same one twice, so two Jest
 * workers do not race for one either.
 */
const PORTS = (() => {
	let ephemeralLow = 32768;
	try {
		ephemeralLow = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ephemeralLow;
	} catch {
		// not Linux: 32768 is below macOS's range too
	}
	const low = 10_000;
	const block = 100;
	const blocks = Math.floor((Math.min(ephemeralLow, 32768) - low) / block);
	return { low, block, blocks, next: 0 };
})();

/** A TCP port nothing listens on, for a server started next (see PORTS). */
export async function freePort(): Promise<number> {
	if (PORTS.blocks >= 1) {
		const start = PORTS.low + (process.pid % PORTS.blocks) * PORTS.block;
		// within the block first, then (a process that used its 100) the blocks after it
		for (let tries = 0; tries < PORTS.blocks * PORTS.block; tries++) {
			const port = PORTS.low + ((start - PORTS.low + PORTS.next++) % (PORTS.blocks * PORTS.block));
			if (await canListen(port)) return port;
		}
	}
	// no room below the ephemeral range: any port the kernel finds free
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

export interface N8nOptions {
	userFolder?: string;
	port?: number;
	/** Extra environment, e.g. N8N_WEBHOOK_URL. */
	env?: Record<string, string>;
	/** Also append n8n's output to this file. */
	logFile?: string;
	/** Which n8n process to run (queue mode: main `start`, `worker`, `webhook` processor). */
	command?: 'start' | 'worker' | 'webhook';
	/**
	 * A test's n8n, driven over its REST API and webhooks: only the modules the suites use
	 * (LEAN_MODULES_OFF), about 2 s less CPU per boot on n8n 2.41.1 (of 13-14 s here), and no task
	 * runner (no such suite runs a Code node). The sandbox
	 * (`npm start`) and the suites that open the editor run n8n as a user gets it. (N8N_DISABLE_UI
	 * would save 2 s more, but n8n then writes no /types/nodes.json, which the suites read.)
	 */
	lean?: boolean;
}

/**
 * n8n 2.41.1's default modules that no suite of a lean n8n uses (each is loaded and started at boot):
 * kept are community-packages (our package), mcp and oauth-server (MCP), chat-hub (chats),
 * policy-infrastructure and encryption-key-manager (n8n's own core).
 */
export const LEAN_MODULES_OFF = [
	'insights', 'external-secrets', 'data-table', 'provisioning', 'breaking-changes', 'source-control', 'dynamic-credentials',
	'sso-oidc', 'sso-saml', 'log-streaming', 'ldap', 'quick-connect', 'workflow-builder', 'favorites', 'redaction',
	'instance-registry', 'otel', 'token-exchange', 'instance-version-history', 'oauth-jwe', 'n8n-packages',
	'runtime-credentials', 'mcp-registry', 'workflow-reviews', 'instance-ai', 'agents',
];

/**
 * Node's compile cache for the n8n processes the scripts and suites start (`NODE_COMPILE_CACHE`):
 * V8's code for each module n8n loads, kept in .cache/ and shared by every n8n process of every
 * version (Node keys it by the file's contents). Measured on n8n 2.41.1, one main process's boot on
 * 2 cores: about 17 s of CPU without it, 14 to 15.5 s with it warm (docs/development.md, "Where
 * CI's CPU goes").
 */
export function compileCacheDir() {
	return path.join(ROOT, '.cache', 'node-compile-cache');
}

/**
 * A new SQLite n8n starts from a copy of a database n8n itself migrated (its migrations run once per
 * n8n version, not at every first boot): `<n8n's cache folder>/seed/`, made on first need with
 * `n8n list:workflow`, a command that migrates a new database and exits (about 7 s of CPU, once).
 * The copy holds n8n's tables and nothing else: no owner, no workflow, no credential (the encryption
 * key's file is not copied). A boot from it takes about 4 s of CPU less than one that migrates
 * (11 s against 15 s on 2 cores, n8n 2.41.1). A user folder that already has a database, or a
 * Postgres n8n (queue mode), is left as it is.
 */
function seedDatabase(bin: N8nBin, userFolder: string, env: NodeJS.ProcessEnv) {
	const database = path.join(userFolder, '.n8n', 'database.sqlite');
	// n8n 1.x boots once in a run (the compatibility suite): its seed would cost more than it saves
	if (env.DB_TYPE !== 'sqlite' || fs.existsSync(database) || bin.version?.startsWith('1.')) return;
	const seed = path.resolve(bin.n8n, '..', '..', '..', 'seed');
	const files = ['database.sqlite', 'database.sqlite-wal'];
	if (!fs.existsSync(path.join(seed, '.made'))) {
		// made aside and renamed into place: a suite booting at the same time makes its own or finds this one whole
		const making = fs.mkdtempSync(`${seed}-making-`);
		try {
			execFileSync(bin.node, [bin.n8n, 'list:workflow'], {
				env: { ...env, HOME: making, N8N_USER_FOLDER: making, N8N_LOG_LEVEL: 'warn' },
				stdio: 'ignore',
				timeout: 120_000,
			});
			const made = path.join(making, 'seed');
			fs.mkdirSync(made);
			for (const file of files) if (fs.existsSync(path.join(making, '.n8n', file))) fs.copyFileSync(path.join(making, '.n8n', file), path.join(made, file));
			fs.writeFileSync(path.join(made, '.made'), '');
			fs.renameSync(made, seed);
		} catch {
			// another process put its seed in place first, or the command failed: n8n then migrates as usual
		} finally {
			fs.rmSync(making, { recursive: true, force: true });
		}
	}
	if (!fs.existsSync(path.join(seed, '.made'))) return;
	fs.mkdirSync(path.dirname(database), { recursive: true });
	for (const file of files) if (fs.existsSync(path.join(seed, file))) fs.copyFileSync(path.join(seed, file), path.join(path.dirname(database), file));
}

/** The log line each process type prints once it serves. */
const READY = { start: 'Editor is now accessible', worker: 'n8n worker is now ready', webhook: 'Webhook listener waiting for requests' };

/** How an execution ended, as n8n's REST API shows it. */
export interface ExecutionSummary {
	id: string;
	status: string;
	workflowId: string;
	mode?: string;
}

export class N8n {
	readonly userFolder: string;

	port = 0;

	log = '';

	/** How long the last start() took, until the ready line (a community package installed at boot included). */
	startedInMs = 0;

	private child?: ChildProcess;

	private cookie = '';

	constructor(
		private readonly bin: N8nBin,
		private readonly options: N8nOptions = {},
	) {
		this.userFolder = options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	}

	get url() {
		return `http://127.0.0.1:${this.port}`;
	}

	env(): NodeJS.ProcessEnv {
		return {
			PATH: `${path.dirname(this.bin.node)}:${process.env.PATH ?? ''}`,
			HOME: this.userFolder,
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: 'n8n-nodes-storefront-test-key',
			DB_TYPE: 'sqlite',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
			// no lookup of n8n's catalogue of verified community nodes: offline, each editor load logged an ENOTFOUND stack trace
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			// 1.x has no such module, and refuses to start on an unknown name
			...(this.bin.version?.startsWith('1.') ? {} : { N8N_DISABLED_MODULES: this.options.lean ? LEAN_MODULES_OFF.join(',') : 'mcp-registry' }),
			// a lean n8n runs no Code node: no task runner process is launched beside it (n8n's external
			// mode, with no runner connecting; about 1.7 s of CPU per n8n process it would start)
			...(this.options.lean ? { N8N_RUNNERS_MODE: 'external', N8N_RUNNERS_AUTH_TOKEN: 'no-runner-connects' } : {}),
			N8N_PYTHON_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_SECURE_COOKIE: 'false',
			N8N_HOST: '127.0.0.1',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_LOG_LEVEL: 'info',
			// Node's on-disk cache of compiled modules (the same code runs): an n8n boot loads thousands of
			// modules, and compiles them again each time without it. See compileCacheDir.
			NODE_COMPILE_CACHE: compileCacheDir(),
			...this.options.env,
		};
	}

	/**
	 * Starts the process and waits for its ready line. Should a port it was given be taken before it
	 * bound it (a process that does not use freePort), it starts again on other ones, unless the port
	 * was fixed (options.port, or kept from the last start: the webhook URL registered at the API).
	 */
	async start() {
		const kept = this.options.port ?? this.port;
		for (let attempt = 1; ; attempt++) {
			try {
				await this.boot();
				return;
			} catch (error) {
				const inUse = /port (\d+) is already in use/.exec(this.log);
				if (!inUse || attempt === 3 || (kept && Number(inUse[1]) === kept)) throw error;
				if (Number(inUse[1]) === this.port) this.port = 0;
			}
		}
	}

	/** How the process ended, when it has ("code 1", "signal SIGKILL"). */
	exit = '';

	private async boot() {
		// a restart keeps the port: the webhook URL registered at the API stays valid
		this.port = this.options.port ?? (this.port || (await freePort()));
		if ((this.options.command ?? 'start') === 'start') seedDatabase(this.bin, this.userFolder, this.env());
		const brokerPort = await freePort();
		this.exit = '';
		this.log = '';
		// its own process group: Ctrl-C in a terminal reaches only our script, which then stops
		// n8n and its task runner together (stop()), leaving nothing behind
		const command = this.options.command ?? 'start';
		this.child = spawn(this.bin.node, [this.bin.n8n, command], {
			detached: true,
			env: {
				...this.env(),
				N8N_PORT: String(this.port),
				N8N_RUNNERS_BROKER_PORT: String(brokerPort),
				N8N_WEBHOOK_URL: this.options.env?.N8N_WEBHOOK_URL ?? `http://127.0.0.1:${this.port}/`,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const logFile = this.options.logFile;
		const collect = (chunk: Buffer) => {
			this.log = (this.log + chunk.toString()).slice(-200_000);
			if (logFile) fs.appendFileSync(logFile, chunk);
		};
		this.child.stdout!.on('data', collect);
		this.child.stderr!.on('data', collect);
		this.child.once('exit', (code, signal) => (this.exit = signal ? `signal ${signal}` : `code ${code}`));
		const started = Date.now();
		while (!this.log.includes(READY[command])) {
			if (this.child.exitCode !== null) throw new Error(`n8n exited early:\n${this.log.slice(-3000)}`);
			if (Date.now() - started > 120_000) throw new Error(`n8n did not start in 120 s:\n${this.log.slice(-3000)}`);
			await new Promise((r) => setTimeout(r, 200));
		}
		this.startedInMs = Date.now() - started;
	}

	async stop() {
		const child = this.child;
		if (!child || child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((r) => child.once('exit', r));
		const group = (signal: NodeJS.Signals) => {
			try {
				process.kill(-child.pid!, signal);
			} catch {
				// already gone
			}
		};
		group('SIGTERM');
		const timer = setTimeout(() => group('SIGKILL'), 10_000);
		await exited;
		clearTimeout(timer);
		// the task runner shares the group; make sure it is gone as well
		group('SIGKILL');
	}

	/** Kills the process group at once (SIGKILL), as a crash or an OOM kill would: no shutdown runs. */
	async kill() {
		const child = this.child;
		if (!child || child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((r) => child.once('exit', r));
		process.kill(-child.pid!, 'SIGKILL');
		await exited;
	}

	get running() {
		return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
	}

	get pid() {
		return this.child?.pid;
	}

	/** Creates the owner (first start only) and logs in. */
	async login() {
		await this.rest('POST', '/rest/owner/setup', OWNER, { allowFailure: true });
		const res = await fetch(`${this.url}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
		this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
	}

	/** `timeoutMs`: give up on an answer after that long (a TimeoutError), instead of undici's 300 s. */
	async rest<T = any>(method: string, route: string, body?: unknown, opts: { allowFailure?: boolean; timeoutMs?: number } = {}): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
		const send = async () =>
			await fetch(`${this.url}${route}`, {
				method,
				headers: { 'content-type': 'application/json', cookie: this.cookie, 'browser-id': 'e2e' },
				body: body === undefined ? undefined : JSON.stringify(body),
				...(opts.timeoutMs ? { signal: AbortSignal.timeout(opts.timeoutMs) } : {}),
			});
		const res = await send()
			.catch(async (error: Error & { cause?: { code?: string } }) => {
				// a kept-alive connection n8n closed as idle just as it was reused (a loaded machine
				// delays the client's own idle timeout): n8n never read the request, so it goes once more
				if (error.cause?.code !== 'UND_ERR_SOCKET' || (this.child && !this.running)) throw error;
				await new Promise((resolve) => setTimeout(resolve, 200));
				return await send();
			})
			.catch(async (error: Error) => {
				// n8n gone: say how it ended, with the end of its output, rather than only "fetch failed"
				// (a connection cut by its death fails a moment before its exit is seen)
				const child = this.child;
				if (child && this.running) {
					await new Promise<void>((resolve) => {
						const done = () => {
							clearTimeout(timer);
							child.off('exit', done);
							resolve();
						};
						const timer = setTimeout(done, 1000);
						child.once('exit', done);
					});
				}
				// alive (or not ours): say which request failed and how (undici's own words are only
				// "fetch failed"; a request n8n held without answering ends after 300 s as a headers timeout)
				if (!child || this.running) {
					const cause = (error as Error & { cause?: Error }).cause;
					throw new Error(`${method} ${route}: ${error.message}${cause ? ` (${cause.name}: ${cause.message})` : ''}; n8n's last output:\n${this.log.slice(-3000)}`, { cause: error });
				}
				throw new Error(`${method} ${route}: ${error.message}; n8n (pid ${this.pid}) has exited (${this.exit}):\n${this.log.slice(-3000)}`, { cause: error });
			});
		const text = await res.text();
		if (!res.ok && !opts.allowFailure) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
		const parsed = text ? JSON.parse(text) : {};
		return (parsed.data ?? parsed) as T;
	}

	/** A Storefront API credential; with Limit Spending off unless `data` says otherwise (the switch defaults on, every cap 0). */
	async createCredential(data: { apiKey: string; baseUrl: string; limitSpending?: boolean }, name = 'Storefront account') {
		return await this.rest<{ id: string; name: string }>('POST', '/rest/credentials', {
			name,
			type: 'storefrontApi',
			data: { limitSpending: false, ...data },
		});
	}

	async createWorkflow(workflow: Record<string, unknown>) {
		// 1.x stores `active` as given and needs it (its editor sends it); 2.x drops the field
		return await this.rest<{ id: string; versionId: string }>('POST', '/rest/workflows', { active: false, ...workflow });
	}

	async activate(id: string) {
		const wf = await this.rest<{ versionId: string }>('GET', `/rest/workflows/${id}`);
		return await this.rest('POST', `/rest/workflows/${id}/activate`, { versionId: wf.versionId });
	}

	/**
	 * n8n calls the trigger's create() before its own webhook route is live: waits until our
	 * node answers at `url` (an unsigned probe gets its 401) so that deliveries can start.
	 */
	async waitUntilServed(url: string, ms = 20_000) {
		await waitFor('n8n to serve the webhook', async () => ((await fetch(url, { method: 'POST', body: '{}' })).status === 401 ? true : undefined), ms, () => this.log);
	}

	async deactivate(id: string) {
		return await this.rest('POST', `/rest/workflows/${id}/deactivate`, {});
	}

	async workflows() {
		return await this.rest<Array<{ id: string; name: string; active?: boolean; activeVersionId?: string | null }>>('GET', '/rest/workflows');
	}

	async credentials() {
		return await this.rest<Array<{ id: string; name: string; type: string }>>('GET', '/rest/credentials');
	}

	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const result = await this.rest<{ results?: ExecutionSummary[] }>(
			'GET',
			`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
		);
		return (result.results ?? []).filter((e) => e.workflowId === workflowId);
	}

	async execution(id: string) {
		return await this.rest('GET', `/rest/executions/${id}`);
	}

	/**
	 * Runs a saved workflow the way the editor's "Execute workflow" button does, starting at
	 * the named trigger, and waits for it to finish. Returns the summary and the raw execution.
	 */
	async runManually(workflowId: string, trigger: string, timeoutMs = 60_000) {
		// n8n 1.x runs the workflow the request carries (as its editor sends it); 2.x loads the saved one and ignores it
		const workflowData = await this.rest('GET', `/rest/workflows/${workflowId}`);
		const { executionId } = await this.rest<{ executionId: string }>('POST', `/rest/workflows/${workflowId}/run`, {
			workflowData,
			triggerToStartFrom: { name: trigger },
		});
		const started = Date.now();
		for (;;) {
			const execution = await this.rest<ExecutionSummary & { data?: string }>('GET', `/rest/executions/${executionId}`, undefined, {
				allowFailure: true,
			}).catch((error: Error) => {
				if (this.child?.exitCode !== null) throw new Error(`n8n exited: ${error.message}\n${this.log.slice(-3000)}`);
				return {} as ExecutionSummary & { data?: string }; // n8n busy finishing the run: ask again
			});
			if (execution.status && !['new', 'running', 'waiting'].includes(execution.status)) return execution;
			if (Date.now() - started > timeoutMs) throw new Error(`execution ${executionId} did not finish in ${timeoutMs} ms`);
			await new Promise((r) => setTimeout(r, 200));
		}
	}
}
