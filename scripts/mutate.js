#!/usr/bin/env node
// `npm run mutate`: Stryker (stryker.config.mjs) under the same Node 24 and flags as `npm test`
// (scripts/test.js), so its Jest runs evaluate expressions with n8n's isolated-vm engine.
// Stryker arguments pass through: `npm run mutate -- --mutate nodes/shared/wire/keyQueue.ts`.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { node24Bin } = require('./lib/node24');

const root = path.resolve(__dirname, '..');
const nodeBin = node24Bin(root);
// the package exports no bin/ path: its bin is found beside its package.json
const stryker = path.join(path.dirname(require.resolve('@stryker-mutator/core/package.json', { paths: [root] })), 'bin/stryker.js');

const started = Date.now();
const result = spawnSync(path.join(nodeBin, 'node'), [stryker, 'run', 'stryker.config.mjs', ...process.argv.slice(2)], {
	cwd: root,
	stdio: 'inherit',
	env: { ...process.env, EXPRESSION_ENGINE: process.env.EXPRESSION_ENGINE || 'vm', PATH: `${nodeBin}:${process.env.PATH}` },
});
console.log(`npm run mutate: ${Math.round((Date.now() - started) / 1000)} s; report: reports/${process.env.MUTATE_RUN || 'mutation'}/index.html`);
process.exit(result.status ?? 1);
