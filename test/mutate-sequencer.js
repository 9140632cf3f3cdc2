// The suites of each mutant's run (jest.mutate.config.js), fastest first. Stryker runs a mutant's
// covering tests by name (testNamePattern) over every suite, and Jest loads each suite (n8n-core
// with it) to find out that none of its tests match: here only the suites that hold one of those
// names are kept. A name whose suite cannot be told from the source (a title made at run time)
// keeps every suite.
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;
const { SUITES } = require('../jest.mutate.config');

/** The full test names in Stryker's pattern: `(escaped name)|(escaped name)…`. */
function namesIn(pattern) {
	return pattern
		.slice(1, -1)
		.split(/(?<!\\)\)\|\(/)
		.map((name) => name.replace(/\\(.)/g, '$1'));
}

module.exports = class MutateSequencer extends Sequencer {
	constructor(options) {
		super(options);
		this.pattern = options?.globalConfig?.testNamePattern;
	}

	sort(tests) {
		const rank = (test) => SUITES.findIndex((suite) => test.path.endsWith(`${suite}.test.ts`));
		const sorted = [...tests].sort((a, b) => rank(a) - rank(b));
		if (!this.pattern || !this.pattern.startsWith('(') || !this.pattern.endsWith(')')) return sorted;
		const sources = new Map(sorted.map((test) => [test, fs.readFileSync(test.path, 'utf8').replace(/\\(['"`])/g, '$1')]));
		const kept = new Set();
		for (const name of namesIn(this.pattern)) {
			// a test's own title ends its full name (describe titles come first): the longest ending, from a word on, that a suite holds
			const endings = [name, ...[...name.matchAll(/ /g)].map((m) => name.slice(m.index + 1))].filter((ending) => ending.length >= 15);
			const holders = endings.map((ending) => sorted.filter((test) => sources.get(test).includes(ending))).find((found) => found.length);
			if (!holders) return sorted;
			for (const test of holders) kept.add(test);
		}
		return sorted.filter((test) => kept.has(test));
	}
};
