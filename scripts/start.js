#!/usr/bin/env node
// `npm start`: builds the package and the fake API, then runs the fake API until Ctrl-C.
const { spawnSync, spawn } = require('node:child_process');
const fs = require('node:fs');

function run(command, args) {
	const result = spawnSync(command, args, { stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync('node_modules/.bin/tsc')) {
	console.log('Installing dev dependencies (first run)...');
	run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund']);
}
run('npm', ['run', 'build']);
run('npm', ['run', 'build:fake-api']);

const child = spawn(process.execPath, ['.cache/fake-api/scripts/fake-api.js'], { stdio: 'inherit' });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => process.exit(code ?? 0));
