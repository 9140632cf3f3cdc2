#!/usr/bin/env node
// `npm test`: runs Jest under Node 24 (this Node when it is 24 or later, else the official build
// for this platform, installed into .cache/ on first use: scripts/install-node.sh) so the tests
// evaluate expressions with the isolated-vm engine, as n8n 2.41 does by default.
// Jest arguments pass through: `npm test -- test/commerce`, `npm test -- --json --outputFile=x`.
// EXPRESSION_ENGINE=legacy npm test runs the same suite on n8n's legacy (tmpl) engine.
// `--fast` (`npm run test:fast`): without the suites that boot a real n8n and the long reliability
// runs (scripts/lib/suites.js), on two workers more than the machine has cores (unless the
// arguments set a number): none of those suites boots a process, and each spends part of its time
// waiting on the expression engine's isolate thread and the fake API's socket, which a worker per
// core leaves idle (docs/development.md, "One n8n install for every suite").
const { spawnSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

const { node24Bin } = require('./lib/node24');

const root = path.resolve(__dirname, '..');
const nodeBin = node24Bin(root);
const engine = process.env.EXPRESSION_ENGINE || 'vm';
const args = process.argv.slice(2);
const fast = args.includes('--fast');
const setsWorkers = args.some((a) => /^(--maxWorkers|-w|--runInBand|-i)(=|$)/.test(a));
const fastWorkers = setsWorkers ? [] : [`--maxWorkers=${os.availableParallelism() + 2}`];
// The whole suite (no path or name on the command line, as CI runs it): one worker more than
// jest.config.js's one per core, which the queue suite takes first (test/sequencer.js): on a fresh
// clone it waits there for n8n's install while the others run the n8n-core suites
const wholeSuite = !setsWorkers && !args.some((a) => !a.startsWith('-'));
const wholeSuiteWorkers = wholeSuite ? [`--maxWorkers=${Math.max(2, os.availableParallelism()) + 1}`] : [];
const jestArgs = fast ? [...args.filter((a) => a !== '--fast'), ...fastWorkers, '--testPathIgnorePatterns', ...require('./lib/suites').FAST_IGNORE] : [...args, ...wholeSuiteWorkers];

// a fresh clone's `npm test` installs and builds first, as `npm start` does (scripts/lib/prepare.js)
require('./lib/prepare')
	.prepare(root, (line) => console.log(`[test] ${line}`))
	.then(() => {
		const result = spawnSync(
			path.join(nodeBin, 'node'),
			// No --experimental-vm-modules: the one dynamic import() the suites meet, n8n-workflow's of its
			// expression engine, is a require() in Jest (test/engine-import-transform.js).
			[require.resolve('jest/bin/jest', { paths: [root] }), ...jestArgs],
			{
				cwd: root,
				stdio: 'inherit',
				env: {
					...process.env,
					EXPRESSION_ENGINE: engine,
					// n8n's lazy isolate acquisition for the suites that run n8n-core: an isolate only for an
					// execution that evaluates an expression (harness/engine.ts); =false for n8n's default,
					N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: process.env.N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE ?? 'true',
					// as for the runtime each isolate loads from V8's code cache (harness/engine.ts)
					N8N_EXPRESSION_ENGINE_COMPILE_CACHE: process.env.N8N_EXPRESSION_ENGINE_COMPILE_CACHE ?? 'true',
					PATH: `${nodeBin}:${process.env.PATH}`,
					// STOREFRONT_TEST_LOOP=fast: the few suites with a size of their own run a smaller one (money-property)
					...(fast ? { STOREFRONT_TEST_LOOP: 'fast' } : {}),
				},
			},
		);
		process.exit(result.status ?? 1);
	});
