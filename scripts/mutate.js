#!/usr/bin/env node
// `npm run mutate`: Stryker (stryker.config.mjs) under the same Node 24 and flags as `npm test`
// (scripts/test.js), so its Jest runs evaluate expressions with n8n's isolated-vm engine.
// Stryker arguments pass through: `npm run mutate -- --mutate nodes/shared/wire/pace.ts`.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const found = spawnSync('bash', [path.join(root, 'scripts/install-node.sh')], {
	encoding: 'utf8',
	stdio: ['ignore', 'pipe', 'inherit'],
	env: { ...process.env, RUNNING_NODE: process.execPath },
});
// install-node.sh has said why on stderr
if (found.status !== 0) process.exit(found.status ?? 1);
const nodeBin = /NODE24=(.*)/.exec(found.stdout)[1].trim();
// the package exports no bin/ path: its bin is found beside its package.json
const stryker = path.join(path.dirname(require.resolve('@stryker-mutator/core/package.json', { paths: [root] })), 'bin/stryker.js');

const started = Date.now();
const result = spawnSync(path.join(nodeBin, 'node'), ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', stryker, 'run', 'stryker.config.mjs', ...process.argv.slice(2)], {
	cwd: root,
	stdio: 'inherit',
	env: { ...process.env, EXPRESSION_ENGINE: process.env.EXPRESSION_ENGINE || 'vm', PATH: `${nodeBin}:${process.env.PATH}` },
});
console.log(`npm run mutate: ${Math.round((Date.now() - started) / 1000)} s; report: reports/mutation/index.html`);
process.exit(result.status ?? 1);
