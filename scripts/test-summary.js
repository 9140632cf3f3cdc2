#!/usr/bin/env node
// Prints Jest's JSON results as the plain line CI reads: "N passed, N failed[, N skipped]".
// Exits 1 when any test failed, a suite failed to run, or no test ran at all.
// `--failed-checks N`: N checks outside Jest (CI's lint and typecheck) failed; each counts as a failure.
const fs = require('node:fs');

const args = process.argv.slice(2);
const checksAt = args.indexOf('--failed-checks');
const failedChecks = checksAt === -1 ? 0 : Number(args.splice(checksAt, 2)[1]) || 0;
const file = args[0] || 'test-results.json';
let results;
try {
	results = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (error) {
	console.log(`could not read ${file}: ${error.message}`);
	console.log('0 passed, 1 failed');
	process.exit(1);
}

const passed = results.numPassedTests ?? 0;
// A suite that fails to load counts its tests as 0: count such suites as failures too.
const brokenSuites = results.numRuntimeErrorTestSuites ?? 0;
const failed = (results.numFailedTests ?? 0) + brokenSuites + failedChecks;
const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);

for (const suite of results.testResults ?? []) {
	if (suite.status === 'failed' && suite.message && !suite.assertionResults?.length) {
		console.log(`suite failed to run: ${suite.name}`);
	}
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
