// Jest's order (failed first, then slowest, then largest file) with the suites that boot a real n8n
// last: `.ci/run` installs n8n in the background, and the other suites run meanwhile instead of
// the first real-n8n suite waiting for the install.
const Sequencer = require('@jest/test-sequencer').default;

const BOOTS_N8N = /[\\/]test[\\/](e2e|queue)[\\/]|n8n-load-churn/;

class RealN8nLast extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		return [...sorted.filter((t) => !BOOTS_N8N.test(t.path)), ...sorted.filter((t) => BOOTS_N8N.test(t.path))];
	}
}

module.exports = RealN8nLast;
