#!/usr/bin/env node
// `npm start`: installs dev dependencies if missing, builds the package and the fake API (each only
// when a source changed since its last build), then
// runs the sandbox (sandbox/run.ts, by its built file: scripts/ imports nothing of sandbox/): real n8n with this package + the fake API, until Ctrl-C.
// Arguments pass through: `npm start -- --queue` (queue mode), `npm run dev` (--dev: hot reload), `npm start -- --realistic` (rate-limited, slower fake API),
// `npm start -- --rate-limit=100/10s` (a fixed window per key with the X-RateLimit-* headers),
// `npm start -- --dialect timestamped` (webhook deliveries signed t=…,v1=… with type/created, or `flat`: objects at the top level).
const { spawn } = require('node:child_process');

// the sandbox prints how long `npm start` took to be ready, from here
process.env.SANDBOX_STARTED_AT ||= String(Date.now());

// n8n (and Node 24) into .cache/ on a first run, beside the install and builds below rather than
// after them: they share nothing, and one npm install alone leaves a core idle. The sandbox's own
// call of the installer waits for this one (its lock) and finds n8n there.
// (Installed already, it only checks: the installer says what it does.)
spawn('bash', ['scripts/install-n8n.sh'], { stdio: ['ignore', 'ignore', 'inherit'] }).on('exit', (code) => {
	if (code) console.log(`[sandbox] the n8n install stopped (exit ${code}); the sandbox tries it again`);
});

// Ctrl-C reaches the sandbox too (same terminal process group); it stops n8n and the API and exits.
// This process only waits for it (during the install or the builds, Ctrl-C stops npm, and this
// process exits with it).
process.on('SIGINT', () => undefined);

require('./lib/prepare')
	.prepare(process.cwd(), (line) => console.log(`[sandbox] ${line}`))
	.then(() => {
		const child = spawn(process.execPath, ['.cache/fake-api/sandbox/run.js', ...process.argv.slice(2)], { stdio: 'inherit' });
		process.on('SIGTERM', () => child.kill('SIGTERM'));
		child.on('exit', (code) => process.exit(code ?? 0));
	});
