#!/usr/bin/env node
// `npm start`: installs dev dependencies if missing, builds the package and the fake API (each only
// when a source changed since its last build), then
// runs the sandbox (scripts/sandbox.ts): real n8n with this package + the fake API, until Ctrl-C.
// Arguments pass through: `npm start -- --queue` (queue mode), `npm run dev` (--dev: hot reload), `npm start -- --realistic` (rate-limited, slower fake API),
// `npm start -- --rate-limit=100/10s` (a fixed window per key with the X-RateLimit-* headers),
// `npm start -- --dialect timestamped` (webhook deliveries signed t=…,v1=… with type/created, or `flat`: objects at the top level).
const { spawnSync, spawn } = require('node:child_process');
const fs = require('node:fs');

// the sandbox prints how long `npm start` took to be ready, from here
process.env.SANDBOX_STARTED_AT ||= String(Date.now());

function run(command, args) {
	const result = spawnSync(command, args, { stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

// n8n (and Node 24) into .cache/ on a first run, beside the install and builds below rather than
// after them: they share nothing, and one npm install alone leaves a core idle. The sandbox's own
// call of the installer waits for this one (its lock) and finds n8n there.
// (Installed already, it only checks: the installer says what it does.)
spawn('bash', ['scripts/install-n8n.sh'], { stdio: ['ignore', 'ignore', 'inherit'] }).on('exit', (code) => {
	if (code) console.log(`[sandbox] the n8n install stopped (exit ${code}); the sandbox tries it again`);
});

if (!fs.existsSync('node_modules/.bin/tsc')) {
	console.log('[sandbox] installing dev dependencies (first run)...');
	console.log('[sandbox] (npm warns "EBADENGINE … isolated-vm … node >=24" under Node 20: harmless, only Node 24 from .cache/ loads it)');
	run('npm', ['install']); // .npmrc: no install scripts, no audit (CONTRIBUTING.md)
}
// a build only when a source is newer than its output (`npm run build` forces one)
const { packageBuilt, fakeApiBuilt } = require('./lib/up-to-date');
const builds = [
	['build', 'the package', packageBuilt],
	['build:fake-api', 'the fake API', fakeApiBuilt],
];
for (const [script, what, built] of builds) {
	if (built(process.cwd())) {
		console.log(`[sandbox] ${what}: built and up to date`);
		continue;
	}
	console.log(`[sandbox] building ${what}...`);
	run('npm', ['run', '--silent', script]);
}

const child = spawn(process.execPath, ['.cache/fake-api/scripts/sandbox.js', ...process.argv.slice(2)], { stdio: 'inherit' });
// Ctrl-C reaches the sandbox too (same terminal process group); it stops n8n and the API and exits
const ignore = () => undefined;
process.on('SIGINT', ignore);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
