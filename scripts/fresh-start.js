#!/usr/bin/env node
// `npm run test:fresh`: the README's `npm start` as a newcomer meets it, tested. A fresh clone of
// this repository's HEAD (nothing in .cache/, no node_modules) in a temporary folder; `npm start`
// typed there, through npm (so npm's own environment reaches every script, as it does for a user);
// once it says it is ready, scripts/check-sandbox.ts checks the fake API, n8n's node list and one
// example; then Ctrl-C, and nothing may be left listening.
//   --here          run in this checkout instead of a clone (CI: its checkout is the fresh clone, and
//                   the n8n that npm start installs into .cache/ is the one the test suites use)
//   --ref REF       clone at REF instead of HEAD (an older commit, to see the test fail where it should)
//   --built FILE    create FILE once npm start has installed the dev dependencies and built (CI starts
//                   the tests then)
// Plain Node with no dependency: it runs before anything is installed. Exit 0 when every check passed.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const args = process.argv.slice(2);
const here = args.includes('--here');
const builtAt = args.indexOf('--built');
const builtFile = builtAt === -1 ? undefined : path.resolve(args[builtAt + 1]);
const refAt = args.indexOf('--ref');
const ref = refAt === -1 ? undefined : args[refAt + 1];
const root = path.resolve(__dirname, '..');
const say = (line) => console.log(`[fresh-start] ${line}`);

const freePort = () =>
	new Promise((resolve, reject) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
		server.on('error', reject);
	});
const listening = (port) =>
	new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1', () => socket.end() && resolve(true)).on('error', () => resolve(false));
	});

async function main() {
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-start-'));
	const cwd = here ? root : path.join(scratch, 'clone');
	if (!here) {
		execFileSync('git', ['clone', '--quiet', root, cwd], { stdio: 'inherit' });
		if (ref) execFileSync('git', ['checkout', '--quiet', ref], { cwd, stdio: 'inherit' });
		say(`a fresh clone of ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim()} in ${cwd}`);
	}
	const ports = { n8n: await freePort(), api: await freePort() };
	const env = { ...process.env, SANDBOX_DIR: path.join(scratch, 'sandbox'), N8N_PORT: String(ports.n8n), FAKE_API_PORT: String(ports.api) };
	delete env.SANDBOX_STARTED_AT;
	const started = Date.now();
	say(`npm start (n8n on ${ports.n8n}, the fake API on ${ports.api}; load average ${os.loadavg()[0].toFixed(1)})`);
	// its own process group, as in a terminal: Ctrl-C below reaches npm, the sandbox and n8n alike
	const start = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	// 'close': every process of the group has closed its output (npm may end of the Ctrl-C before the sandbox has stopped)
	const exited = new Promise((resolve) => start.on('close', (code, signal) => resolve(code ?? signal)));
	const ready = new Promise((resolve, reject) => {
		const read = (chunk) => {
			process.stdout.write(chunk);
			output += chunk.toString();
			if (builtFile && !fs.existsSync(builtFile) && output.includes('[sandbox] fake API with demo data')) fs.writeFileSync(builtFile, '');
			if (output.includes('[sandbox] ready')) resolve();
		};
		start.stdout.on('data', read);
		start.stderr.on('data', read);
		exited.then((code) => reject(new Error(`npm start exited (${code}) before it was ready`)));
	});

	let failed = false;
	try {
		await ready;
		say(`ready in ${Math.round((Date.now() - started) / 1000)} s (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
		const check = spawn(process.execPath, [path.join(cwd, '.cache/fake-api/scripts/check-sandbox.js'), String(ports.n8n), `http://127.0.0.1:${ports.api}`, env.SANDBOX_DIR], {
			cwd,
			stdio: 'inherit',
		});
		failed = (await new Promise((resolve) => check.on('exit', resolve))) !== 0;
	} catch (error) {
		failed = true;
		say(`FAILED: ${error.message}`);
	}

	// Ctrl-C; the sandbox stops n8n and the fake API and exits
	try {
		process.kill(-start.pid, 'SIGINT');
	} catch {
		// already gone
	}
	const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
	if (code === 'timeout') {
		failed = true;
		say('FAILED: npm start did not exit within 30 s of Ctrl-C');
		process.kill(-start.pid, 'SIGKILL');
	}
	const open = [];
	for (const port of [ports.n8n, ports.api]) if (await listening(port)) open.push(port);
	if (open.length) {
		failed = true;
		say(`FAILED: still listening after Ctrl-C: ${open.join(', ')}`);
	} else say('stopped; nothing left listening');
	// a clone's installs go with it; in --here they stay for the tests
	fs.rmSync(scratch, { recursive: true, force: true });
	say(failed ? 'FAILED' : 'passed');
	process.exit(failed ? 1 : 0);
}

main().catch((error) => {
	say(`FAILED: ${error.stack}`);
	process.exit(1);
});
