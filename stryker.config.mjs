// @ts-check
import os from 'node:os';
import path from 'node:path';

// A run's name (`MUTATE_RUN=spend npm run mutate -- --mutate …`): its own report folder, incremental
// file and sandbox, so that two narrower runs can go side by side and each keeps its results.
const run = process.env.MUTATE_RUN || 'mutation';

/**
 * Mutation testing (`npm run mutate`, docs/development.md "Mutation testing"): Stryker breaks the code
 * that costs money or does work twice when it is wrong, one small change at a time, and runs the
 * fast suites that cover it (jest.mutate.config.js) against each change. Not part of CI (too slow).
 * Reports: reports/mutation/index.html, and the summary table on the console.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
	mutate: [
		'nodes/shared/wire/**/*.ts',
		'credentials/spendingCaps.ts',
		'nodes/StorefrontAds/helpers/spend*.ts',
		'nodes/StorefrontAds/helpers/recommendationCaps.ts',
		'nodes/StorefrontTrigger/signature.ts',
		'nodes/StorefrontTrigger/replayGuard.ts',
		'nodes/StorefrontTrigger/receive.ts',
	],
	testRunner: 'jest',
	jest: { projectType: 'custom', configFile: 'jest.mutate.config.js', enableFindRelatedTests: false },
	checkers: ['typescript'],
	tsconfigFile: 'tsconfig.json',
	// each mutant runs only the tests that reached its code; code run at module load (a constant, a
	// table) would need every suite per mutant: left out, and counted as ignored in the report
	coverageAnalysis: 'perTest',
	ignoreStatic: true,
	// 2 cores shared with others
	concurrency: 2,
	// a test run on a slow machine waits on sockets and child timers: give it room before a mutant counts as a timeout
	timeoutMS: 20000,
	timeoutFactor: 2,
	// the first run of every suite, with coverage, on a loaded machine
	dryRunTimeoutMinutes: 30,
	// a re-run tests only the mutants whose code or tests changed since the last run (the file is git-ignored)
	incremental: true,
	incrementalFile: `reports/${run}/stryker-incremental.json`,
	reporters: ['html', 'json', 'clear-text', 'progress-append-only'],
	htmlReporter: { fileName: `reports/${run}/index.html` },
	jsonReporter: { fileName: `reports/${run}/mutation.json` },
	clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
	// the sandbox copies only what the suites need: not the symlinked installs in .cache/ nor build output
	ignorePatterns: ['.cache', 'dist', 'reports', 'artifacts', 'coverage', 'bench', 'sandbox', 'examples', 'docs', '*.tgz', 'test-results.json'],
	// outside the project: a lint or a test run meanwhile does not find the sandbox's copies
	tempDirName: path.join(os.tmpdir(), `stryker-n8n-nodes-storefront-${run}`),
	cleanTempDir: 'always',
};
