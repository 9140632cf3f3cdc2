// The test environment of each mutant's run (jest.mutate.config.js): once a test has failed, the
// mutant is killed, and the rest of its tests are skipped (Stryker cannot ask Jest to bail). Keyed by
// the mutant Stryker runs, so the next mutant's run starts afresh; outside Stryker nothing is skipped.
const { TestEnvironment } = require('jest-environment-node');

const ACTIVE = '__STRYKER_ACTIVE_MUTANT__';
// the module is loaded once per worker, so this outlives each suite's environment
let killed;

module.exports = class MutateEnvironment extends TestEnvironment {
	async handleTestEvent(event) {
		const mutant = process.env[ACTIVE];
		if (mutant === undefined) return;
		if (event.name === 'test_done' && event.test.errors.length) killed = mutant;
		if (event.name === 'test_start' && killed === mutant) event.test.mode = 'skip';
	}
};
