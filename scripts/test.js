#!/usr/bin/env node
// `npm test`: runs Jest under Node 24 (installed into .cache/ on first use) so the tests
// evaluate expressions with the isolated-vm engine, as n8n 2.41 does by default.
// Jest arguments pass through: `npm test -- test/commerce`, `npm test -- --json --outputFile=x`.
// EXPRESSION_ENGINE=legacy npm test runs the same suite on n8n's legacy (tmpl) engine.
const { execFileSync, spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const out = execFileSync('bash', [path.join(root, 'scripts/install-node.sh')], {
	encoding: 'utf8',
	stdio: ['ignore', 'pipe', 'inherit'],
});
const nodeBin = /NODE24=(.*)/.exec(out)[1].trim();
const engine = process.env.EXPRESSION_ENGINE || 'vm';

const result = spawnSync(
	path.join(nodeBin, 'node'),
	// n8n-workflow loads the vm engine with a dynamic import(), which Jest's sandbox allows only with
	// --experimental-vm-modules.
	['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', require.resolve('jest/bin/jest', { paths: [root] }), ...process.argv.slice(2)],
	{
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, EXPRESSION_ENGINE: engine, PATH: `${nodeBin}:${process.env.PATH}` },
	},
);
process.exit(result.status ?? 1);
