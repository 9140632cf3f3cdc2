// The order of the suites in each mutant's run (jest.mutate.config.js): the fastest first, so that a
// mutant a unit test kills stops there (Stryker bails at the first failure) before the n8n-core suites run.
const Sequencer = require('@jest/test-sequencer').default;
const { SUITES } = require('../jest.mutate.config');

module.exports = class MutateSequencer extends Sequencer {
	sort(tests) {
		const rank = (test) => SUITES.findIndex((suite) => test.path.endsWith(`${suite}.test.ts`));
		return [...tests].sort((a, b) => rank(a) - rank(b));
	}
};
