// The order Jest's workers take the suites in. First the queue suite, whose worker (one more than
// the cores in a whole-suite run: scripts/test.js) waits, on a fresh clone, for n8n's install while
// the others run every suite that does not
// boot a real n8n (Jest's own order: failed first, then slowest, then largest file; on a fresh
// clone Jest knows no durations, so the slowest of them, which wait out timeouts and retries, go
// first by name): `.ci/run` installs n8n in the background meanwhile. Then the other real-n8n
// suites in the order below:
// the heavy ones (they take turns, harness/heavy-suites.ts) spaced out among the others,
// longest first, so that one worker runs the heavy ones back to back while the others take the
// rest; compat-n8n1 last, as n8n 1.x is installed after 2.x.
const Sequencer = require('@jest/test-sequencer').default;

const { BOOTS_N8N, LONG_RUNS } = require('../scripts/lib/suites');
// Each heavy one comes when the last should be about done (by the durations of a fresh-clone CI
// run), so that a worker seldom waits for its turn.
const REAL_N8N_ORDER = [
	'queue-mode', // heavy (its faults too: test/queue/faults.ts)
	'editor.browser',
	'install.e2e',
	'dev-reload.e2e',
	'sandbox.e2e',
	'first-import.e2e',
	'trigger.e2e',
	'n8n-load-churn', // heavy
	'landing-page-twice.e2e',
	'start-queue.e2e', // heavy
	'compat-n8n1.e2e',
];
const SLOW_UNITS = [...LONG_RUNS, 'contract/reference'];
const named = (test, name) => test.path.includes(`${name}.test.ts`);
const rank = (test) => {
	const i = REAL_N8N_ORDER.findIndex((name) => named(test, name));
	return i === -1 ? REAL_N8N_ORDER.length : i;
};

class RealN8nLast extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		const realN8n = sorted.filter((t) => BOOTS_N8N.test(t.path)).sort((a, b) => rank(a) - rank(b));
		const slow = (t) => SLOW_UNITS.some((name) => named(t, name));
		const all = sorted.filter((t) => !BOOTS_N8N.test(t.path));
		const units = [...all.filter(slow), ...all.filter((t) => !slow(t))];
		// the queue suite first: its worker waits for n8n's install (the installer's lock) while the
		// others run the units, and its long run then overlaps theirs instead of starting after them
		const [first, ...rest] = realN8n;
		return first && named(first, REAL_N8N_ORDER[0]) ? [first, ...units, ...rest] : [...units, ...realN8n];
	}
}

module.exports = RealN8nLast;
