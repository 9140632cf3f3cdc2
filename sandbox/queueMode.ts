import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ensureN8n, freePort, N8n, ROOT, waitFor } from '../scripts/lib/n8n';
import { packPackage, PACKAGE_NAME, startRegistry, type LocalRegistry, type PackedPackage } from '../scripts/lib/registry';

/**
 * n8n in queue mode on one machine: a throwaway Postgres cluster and Redis, n8n main (no
 * production webhooks, manual runs offloaded), workers and webhook processors, sharing one
 * encryption key and the database. Each process has a user folder of its own, as each container
 * of a deployment has, and installs this package itself at boot from a local npm registry
 * (scripts/lib/registry.ts), the way such deployments do (docs/installing.md):
 * - main reads N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV + N8N_COMMUNITY_PACKAGES (name, version,
 *   checksum) and installs the declared version, checking the tarball against the checksum;
 * - workers and webhook processors do not read that list (n8n 2.41.1 runs it in main only:
 *   dist/commands/start.js, `if (this.instanceSettings.instanceType === 'main')` →
 *   `initInstanceSettingsLoader()`); with N8N_REINSTALL_MISSING_PACKAGES=true they install at
 *   boot what main recorded in the database (same version; checksum only from n8n's vetted list:
 *   dist/modules/community-packages/community-packages.service.js, `checkForMissingPackages`).
 * Facts behind the settings: ../shared/RUNNING-N8N.md ("Queue mode").
 *
 *   const queue = await startQueue();  ...  await queue.stop();
 */

export interface QueueOptions {
	workers?: number;
	webhookProcessors?: number;
	/** N8N_WEBHOOK_URL: the address the trigger registers at the API. Default: the first webhook processor. */
	webhookUrl?: string;
	/** Extra environment for every n8n process. */
	env?: Record<string, string>;
	/** Skip `npm run build` (dist/ is current). */
	build?: boolean;
	/**
	 * How many workers and webhook processors boot at once, once main is up (default 1: each boot is
	 * CPU-heavy on a small machine; the test suites boot 2 at once on their 2 cores).
	 */
	bootsAtOnce?: number;
	/** n8n main's port and the first webhook processor's (default: free ports). */
	ports?: { main?: number; webhook?: number };
	/**
	 * Folder for Postgres, the user folder and the logs: emptied at start, left in place by stop()
	 * (the logs stay readable). Default: a new temporary folder that stop() removes.
	 */
	dir?: string;
	/** Every n8n process as a test's (scripts/lib/n8n.ts `lean`: no editor, fewer modules); the sandbox runs n8n as users get it. */
	lean?: boolean;
}

export interface Queue {
	main: N8n;
	workers: N8n[];
	webhooks: N8n[];
	/** n8n main's user folder (each process has its own beside it: <dir>/n8n-<name>). */
	userFolder: string;
	/** The registry every process installs the package from, and what was published there. */
	registry: LocalRegistry;
	/** The version and checksum declared in N8N_COMMUNITY_PACKAGES. */
	published: PackedPackage;
	/** Redis: stop it (as a crash would) and start it again on the same port. */
	redis: { port: number; stop(): Promise<void>; start(): Promise<void> };
	/** Restarts main (same database and user folder). */
	restartMain(): Promise<void>;
	stop(): Promise<void>;
}

const POSTGRES_BIN = () => {
	const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : [];
	return versions.length ? path.join('/usr/lib/postgresql', versions[versions.length - 1], 'bin') : '';
};

/**
 * Installs Debian's postgresql and redis-server if missing (scripts/install-debian.sh; apt does not start them). Queue mode
 * runs them from Debian's paths as root (the cluster is created as the `postgres` user), so it
 * needs Debian or Ubuntu as root: elsewhere (macOS) it says so.
 */
export function ensureServices() {
	const missing = [!POSTGRES_BIN() && 'postgresql', !fs.existsSync('/usr/bin/redis-server') && 'redis-server'].filter(Boolean) as string[];
	// an install of ours under way (CI's in the background, which the queue suite may meet): the
	// binaries are there before apt has configured the packages (the `postgres` user, say)
	const aptLock = path.join(os.tmpdir(), 'n8n-nodes-storefront.apt.lock');
	const installing = fs.existsSync(aptLock) && spawnSync('flock', ['--nonblock', aptLock, 'true']).status === 1;
	if (!missing.length && !installing) return;
	const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].some((p) => fs.existsSync(p));
	if (!aptGet || process.getuid?.() !== 0) {
		if (!missing.length) return;
		throw new Error(
			`Queue mode needs ${missing.join(' and ')}, installed with apt-get: run it as root on Debian or Ubuntu (a Debian container will do). ` +
				'The single-process sandbox (npm start) needs neither.',
		);
	}
	// one apt install at a time: this waits for the one under way, then installs what is still missing
	execFileSync('bash', [path.join(ROOT, 'scripts', 'install-debian.sh'), 'postgresql', 'redis-server'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Runs a command as the `postgres` user (initdb refuses root). */
function asPostgres(args: string[]) {
	execFileSync('setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', ...args], { stdio: 'ignore' });
}

async function startPostgres(dir: string) {
	const bin = POSTGRES_BIN();
	const data = path.join(dir, 'pg');
	const sockets = path.join(dir, 'pg-socket');
	fs.mkdirSync(sockets);
	fs.chmodSync(dir, 0o755);
	execFileSync('chown', ['postgres:postgres', sockets]);
	fs.mkdirSync(data, { mode: 0o700 });
	execFileSync('chown', ['postgres:postgres', data]);
	asPostgres([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
	const port = await freePort();
	const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
	asPostgres([path.join(bin, 'pg_ctl'), '-D', data, '-o', options, '-l', path.join(sockets, 'postgres.log'), '-w', 'start']);
	return { port, stop: () => asPostgres([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']) };
}

async function startRedis() {
	const port = await freePort();
	let child: ChildProcess | undefined;
	const start = async () => {
		child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
			stdio: 'ignore',
			detached: true, // a terminal's Ctrl-C must not reach it before the n8n processes have stopped
		});
		await waitFor('redis-server', () => {
			try {
				return execFileSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'PONG';
			} catch {
				return false;
			}
		});
	};
	const stop = async () => {
		const running = child;
		if (!running || running.exitCode !== null || running.signalCode !== null) return;
		const exited = new Promise((r) => running.once('exit', r));
		running.kill('SIGKILL');
		await exited;
	};
	await start();
	return { port, start, stop };
}

export async function startQueue(options: QueueOptions = {}): Promise<Queue> {
	ensureServices();
	const bin = ensureN8n();
	const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
	if (options.dir) {
		fs.rmSync(dir, { recursive: true, force: true });
		fs.mkdirSync(dir, { recursive: true });
	}
	const userFolder = path.join(dir, 'n8n');
	const folderOf = (name: string) => (name === 'main' ? userFolder : path.join(dir, `n8n-${name}`));

	const stops: Array<() => Promise<void> | void> = [];
	const n8ns: N8n[] = [];
	const stop = async () => {
		// the n8n processes all at once (each takes seconds to shut down), then the rest, last started
		// first stopped; a second call finds nothing left to do
		await Promise.all(n8ns.splice(0).map(async (n8n) => await n8n.stop().catch(() => undefined)));
		for (const step of stops.splice(0).reverse()) await (async () => await step())().catch(() => undefined);
		if (!options.dir) fs.rmSync(dir, { recursive: true, force: true });
	};
	try {
		// the package as npm would publish it (npm start has just built dist/; tests build their own)
		const published = packPackage(dir, { dist: options.build === false ? path.join(ROOT, 'dist') : undefined });
		const registry = await startRegistry({ dir: path.join(dir, 'registry'), node: bin.node });
		stops.push(registry.stop);
		registry.publish(published);
		const packages = {
			...registry.env,
			N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
			N8N_COMMUNITY_PACKAGES: JSON.stringify([{ name: PACKAGE_NAME, version: published.version, checksum: published.integrity }]),
			N8N_REINSTALL_MISSING_PACKAGES: 'true',
		};

		const postgres = await startPostgres(dir);
		stops.push(postgres.stop);
		const redis = await startRedis();
		stops.push(redis.stop);

		// a load balancer would stand in front of the processors; by default the API delivers to the first one
		const firstWebhookPort = options.ports?.webhook ?? (await freePort());
		const webhookUrl = options.webhookUrl ?? `http://127.0.0.1:${firstWebhookPort}/`;
		const env = (name: string): Record<string, string> => ({
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: 'postgres',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			QUEUE_HEALTH_CHECK_ACTIVE: 'false',
			N8N_EVENTBUS_LOGWRITER_LOGBASENAME: `n8nEventLog-${name}`,
			N8N_WEBHOOK_URL: webhookUrl,
			...packages,
			...options.env,
		});
		const spawnN8n = (command: 'start' | 'worker' | 'webhook', name: string, extra: Record<string, string> = {}, port?: number) => {
			fs.mkdirSync(folderOf(name), { recursive: true });
			const n8n = new N8n(bin, { userFolder: folderOf(name), command, port, env: { ...env(name), ...extra }, logFile: path.join(dir, `${name}.log`), lean: options.lean });
			n8ns.push(n8n);
			return n8n;
		};

		const mainEnv = { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true', OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true' };
		let main = spawnN8n('start', 'main', mainEnv, options.ports?.main);
		await main.start(); // first: it runs the migrations
		await main.login();
		const workers = Array.from({ length: options.workers ?? 2 }, (_, i) => spawnN8n('worker', `worker${i + 1}`));
		const webhooks = Array.from({ length: options.webhookProcessors ?? 2 }, (_, i) => spawnN8n('webhook', `webhook${i + 1}`, {}, i === 0 ? firstWebhookPort : undefined));
		// bootsAtOnce at a time: each start is CPU-heavy on a small machine
		const toBoot = [...workers, ...webhooks];
		await Promise.all(
			Array.from({ length: Math.max(1, options.bootsAtOnce ?? 1) }, async () => {
				for (let n8n = toBoot.shift(); n8n; n8n = toBoot.shift()) await n8n.start();
			}),
		);

		const queue: Queue = {
			main,
			workers,
			webhooks,
			userFolder,
			registry,
			published,
			redis,
			async restartMain() {
				await main.stop();
				main = spawnN8n('start', 'main', mainEnv, options.ports?.main);
				await main.start();
				await main.login();
				queue.main = main;
			},
			stop,
		};
		return queue;
	} catch (error) {
		await stop();
		throw error;
	}
}

if (require.main === module) {
	// npx ts-node sandbox/queueMode.ts: start, print the addresses, stop on Ctrl-C
	void (async () => {
		const queue = await startQueue();
		console.log(`n8n main (editor): ${queue.main.url}  (${'owner@example.com'})`);
		for (const w of queue.webhooks) console.log(`webhook processor: ${w.url}`);
		console.log(`workers: ${queue.workers.length}; user folder ${queue.userFolder}. Ctrl-C stops everything.`);
		const quit = () => void queue.stop().then(() => process.exit(0));
		process.once('SIGINT', quit);
		process.once('SIGTERM', quit);
	})().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
