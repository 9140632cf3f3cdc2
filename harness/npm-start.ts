import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { nodeNameToToolName } from 'n8n-workflow';

import { ensureN8n, N8n, ROOT } from '../scripts/lib/n8n';
import { loadExample } from '../sandbox/setup';

/**
 * `npm start` as a user runs it: `npm start -- [args]` in a process group of its own,
 * like a terminal, so that Ctrl-C (SIGINT to the group) reaches it the way it would there.
 */
export class NpmStart {
	output = '';

	private constructor(private readonly child: ChildProcess) {
		child.stdout!.on('data', (c: Buffer) => (this.output += c.toString()));
		child.stderr!.on('data', (c: Buffer) => (this.output += c.toString()));
	}

	/** Starts it and waits for "[sandbox] ready" (a first run installs n8n: minutes). */
	static async start({ cwd = ROOT, args = [] as string[], env = {} as Record<string, string>, timeoutMs = 15 * 60_000 } = {}) {
		const start = new NpmStart(
			// through npm, as typed: npm's environment (the project's .npmrc among it) reaches every script
			spawn('npm', ['start', '--', ...args], { cwd, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
		);
		try {
			await start.waitFor('[sandbox] ready', timeoutMs);
		} catch (error) {
			// n8n runs in a process group of its own: Ctrl-C lets the sandbox stop it, else it outlives the test
			await start.stop();
			throw error;
		}
		return start;
	}

	/** Ctrl-C, then SIGKILL to the group if the sandbox has not exited within 20 s. */
	async stop() {
		if (this.child.exitCode !== null) return;
		const exited = new Promise((resolve) => this.child.once('exit', resolve));
		try {
			process.kill(-this.child.pid!, 'SIGINT');
		} catch {
			return; // already gone
		}
		await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
		this.kill();
	}

	get pid() {
		return this.child.pid!;
	}

	async waitFor(text: string, timeoutMs = 60_000) {
		const started = Date.now();
		while (!this.output.includes(text)) {
			if (this.child.exitCode !== null) throw new Error(`npm start exited (${this.child.exitCode}) before "${text}":\n${this.output}`);
			if (Date.now() - started > timeoutMs) throw new Error(`no "${text}" from npm start in ${timeoutMs} ms:\n${this.output}`);
			await new Promise((r) => setTimeout(r, 250));
		}
	}

	/**
	 * Ctrl-C: SIGINT to the whole process group. Resolves once every process of it has closed its
	 * output (npm, start.js, the sandbox), with how npm ended: 0, or 'SIGINT' when npm ended of the
	 * Ctrl-C itself, as it does in a terminal while the sandbox stops what it started.
	 */
	async interrupt() {
		const closed = new Promise<number | string | null>((resolve) => this.child.once('close', (code, signal) => resolve(code ?? signal)));
		process.kill(-this.child.pid!, 'SIGINT');
		return await closed;
	}

	/** For afterAll: whatever happened, take the group down. */
	kill() {
		if (this.child.exitCode !== null) return;
		try {
			process.kill(-this.child.pid!, 'SIGKILL');
		} catch {
			// already gone
		}
	}
}

const pids = () => fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number);

/** `/proc/<pid>/stat` fields after the command name: [state, ppid, ..., starttime at index 19]. */
function stat(pid: number) {
	try {
		const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const close = text.lastIndexOf(')');
		return { name: text.slice(text.indexOf('(') + 1, close), fields: text.slice(close + 2).split(' ') };
	} catch {
		return undefined; // gone meanwhile
	}
}

/**
 * Every process that names `dir` in its environment (SANDBOX_DIR, N8N_USER_FOLDER) or runs in a
 * folder under it (Postgres: pg_ctl's postmaster leaves the process tree and rewrites its
 * environment for its process title, but works in its data folder).
 */
export function processesUsing(dir: string) {
	return pids().filter((pid) => {
		try {
			const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
			if (cwd === dir || cwd.startsWith(`${dir}/`)) return true;
			const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
			return env.includes(`SANDBOX_DIR=${dir}`) || env.includes(`N8N_USER_FOLDER=${dir}`);
		} catch {
			return false;
		}
	});
}

/** The processes of a running sandbox: those using `dir` and every descendant of `root`, by pid, with name and start time. */
export function sandboxProcesses(root: number, dir: string) {
	const all = new Map(pids().map((pid) => [pid, stat(pid)] as const));
	const found = new Set([root, ...processesUsing(dir)]);
	for (let grew = true; grew; ) {
		grew = false;
		for (const [pid, s] of all) {
			if (s && !found.has(pid) && found.has(Number(s.fields[1]))) {
				found.add(pid);
				grew = true;
			}
		}
	}
	return [...found].filter((pid) => all.get(pid)).map((pid) => ({ pid, name: all.get(pid)!.name, started: all.get(pid)!.fields[19] }));
}

/** Which of these processes still run (same pid and start time). */
export function stillRunning(processes: ReturnType<typeof sandboxProcesses>) {
	return processes.filter((p) => stat(p.pid)?.fields[19] === p.started && stat(p.pid)?.fields[0] !== 'Z');
}

/** Which of these ports on 127.0.0.1 still accept connections. */
export async function openPorts(ports: number[]) {
	const open: number[] = [];
	for (const port of ports) {
		if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) open.push(port);
	}
	return open;
}

/** n8n's driver attached to the sandbox's running n8n main (it did not start it), logged in as the owner. */
export async function attach(port: number, userFolder: string) {
	const n8n = new N8n(ensureN8n(), { userFolder, port });
	n8n.port = port;
	await n8n.login();
	return n8n;
}

/** The MCP server URL the banner prints. */
export const bannerMcpUrl = (output: string) => /^ {2}MCP server: {3}(\S+) /m.exec(output)?.[1];

/**
 * An MCP client (the official SDK client, streamable HTTP) at `url`: the tool names it lists,
 * sorted, and the text `List_ad_connections` answers.
 */
export async function mcpListAndCall(url: string) {
	const client = new Client({ name: 'npm-start-test', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
	try {
		const names = (await client.listTools()).tools.map((t) => t.name).sort();
		const result = await client.callTool({ name: 'List_ad_connections', arguments: {} });
		return { names, isError: result.isError === true, text: (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('') };
	} finally {
		await client.close();
	}
}

/** The tool names the MCP example's nodes give, sorted. */
export const mcpExampleToolNames = () =>
	(loadExample('mcp-server-store-tools.json', 'any').nodes as Array<{ name: string; type: string }>)
		.filter((n) => n.type.startsWith('n8n-nodes-storefront.'))
		.map((n) => nodeNameToToolName(n.name))
		.sort();
