// Which suites are which, for the sequencer (test/sequencer.js) and `npm run test:fast`
// (scripts/test.js --fast). docs/development.md, "You changed X, run Y".

/** The suites that boot a real n8n (and, for some, Postgres, Redis or a browser). */
const BOOTS_N8N = /[\\/]test[\\/](e2e|queue)[\\/]|n8n-load-churn/;

/**
 * The long reliability runs: minutes of waiting out timeouts and backoffs (faults, transient) or of
 * CPU (forged: 22,000 deliveries; burst: child n8n processes against a rate limit). What they prove
 * at scale, the fast suites prove on one case each (rate-limits, unit/faults, trigger/receive), so
 * they run only in `npm test`.
 */
const LONG_RUNS = ['reliability/faults', 'reliability/transient', 'reliability/lost-answers', 'reliability/forged', 'reliability/burst'];

/**
 * Suites that check the package as n8n receives it: `release` reads the built `dist/` (which a fresh
 * clone does not have: npm test, after CI's build); `scanner` builds the package into a folder of
 * its own and runs n8n's verification scanner over it (about 20 s of CPU; in the loop, `npm run
 * lint` applies n8n's rules to the same source).
 */
const PACKAGE_GATES = ['package/release', 'package/scanner'];

/** `--testPathIgnorePatterns` for the fast loop: everything that boots n8n, the long runs, the package gates. */
const FAST_IGNORE = ['/test/e2e/', '/test/queue/', 'n8n-load-churn', ...[...LONG_RUNS, ...PACKAGE_GATES].map((name) => `/test/${name}\\.test\\.ts$`)];

module.exports = { BOOTS_N8N, LONG_RUNS, FAST_IGNORE };
