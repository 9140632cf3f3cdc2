const base = require('./jest.config');

// the harness loads every node type as it loads (harness/index.ts): code run at module load stays
// out of each mutant's tests (stryker.config.mjs, ignoreStatic)
process.env.STOREFRONT_LOAD_EVERY_NODE_TYPE = 'true';

/**
 * The suites `npm run mutate` (stryker.config.mjs) runs against each mutant, fastest first
 * (test/mutate-sequencer.js): those that cover the wire, the spending caps and the Trigger's
 * verification. None boots n8n or a second Node process (once-per-event.test.ts starts one in
 * beforeAll: keys.test.ts runs its keys instead), none is a long generated sweep (forged.test.ts,
 * faults.test.ts, transient.test.ts).
 */
const SUITES = [
	// without n8n-core: the wire's pieces, the Trigger's verification
	'unit/key-queue',
	'unit/pace',
	'unit/event-scope',
	'unit/api-request',
	'unit/send',
	'unit/request-hook',
	'unit/idempotency',
	'unit/answer',
	'unit/faults',
	'unit/errors',
	'unit/error-shapes',
	'unit/error-words',
	'unit/pass-on',
	'unit/spend-memory',
	'unit/spend-counting',
	'trigger/signature',
	'trigger/replay-guard',
	// through n8n-core against the fake API: keys, resends, pacing, spending caps, the Trigger's webhook()
	'trigger/receive',
	'reliability/keys',
	'reliability/spending',
	'reliability/spend-caps',
	'reliability/caps-one-step',
	'reliability/spending-declared',
	'reliability/rate-limits',
	// the wire's doors as operations use them: a CRUD resource's exact requests (a GET unkeyed, a
	// DELETE), Continue On Fail, a path that would move, the Trigger's calls
	'commerce/page',
	'commerce/errors',
	'webhooks/path-ids',
	'trigger/lifecycle',
	// a DELETE whose answer was lost, found gone on the next attempt (about 25 s)
	'reliability/lost-answers',
];

/**
 * A narrower run: `MUTATE_SUITES=unit/,reliability/keys npm run mutate -- --mutate <files>` keeps the
 * suites named (a name ending in `/`: every suite of that folder). A mutant that only a suite left
 * out would kill counts as survived: the score can only be lower.
 */
const only = process.env.MUTATE_SUITES?.split(',').filter(Boolean);
const suites = only ? SUITES.filter((suite) => only.some((name) => suite === name || (name.endsWith('/') && suite.startsWith(name)))) : SUITES;

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: suites.map((suite) => `<rootDir>/test/${suite}.test.ts`),
	testSequencer: '<rootDir>/test/mutate-sequencer.js',
	// an absolute path: Stryker's environment wrapper requires it as given
	testEnvironment: require('node:path').join(__dirname, 'test/mutate-environment.js'),
};
module.exports.SUITES = suites;
