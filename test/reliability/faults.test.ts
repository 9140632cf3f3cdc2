import { KEYS, startFakeApi, type FakeApiServer, type Fault } from '../../fake-api';
import { errorText, runNode, type RunResult } from '../../harness';
import { operationKey, referenceOperations } from '../contract/reference';
import { everyOperation, type OperationCase } from './operations';

/**
 * Every operation of every action node against an API that keeps failing: 500, 503, 429 with
 * Retry-After, no answer in time, and a body that is not JSON. Each time the node must stop
 * with an error that names the status and says what to do, and with Continue On Fail emit
 * an error item instead; the API key never appears in either. (A fault that passes is resent:
 * transient.test.ts.)
 */

/**
 * The operations run side by side (test.concurrent, up to Jest's maxConcurrency), each on a fake API
 * of its own while it runs (faults are injected into one API and its requests counted): most of a
 * case's time is waiting (timeouts, the backoff between resends), not computing.
 */
const apis: FakeApiServer[] = [];
const idle: FakeApiServer[] = [];
async function withApi<T>(use: (api: FakeApiServer) => Promise<T>): Promise<T> {
	// started on first use, not in beforeAll: Jest starts concurrent tests before beforeAll hooks run
	let api = idle.pop();
	if (!api) apis.push((api = await startFakeApi()));
	try {
		return await use(api);
	} finally {
		api.clearFaults();
		idle.push(api);
	}
}
afterAll(async () => await Promise.all(apis.map(async (api) => await api.close())));

/** n8n's own request option: a short timeout so that the "no answer" case takes a second, not five minutes. */
const TIMEOUT_MS = 1000;
const SLOW_MS = 3000;

interface FaultCase {
	name: string;
	fault: Fault;
	/** What the error's message + description must say. */
	says: RegExp[];
}
const FAULTS: FaultCase[] = [
	{ name: '500', fault: { type: 'status', status: 500 }, says: [/server error/, /try again/i, /Retry On Fail/] },
	// resent by the node (Retry-After 0: at once), then reported with the attempts made
	{ name: '503', fault: { type: 'status', status: 503, retryAfter: 0 }, says: [/server error/, /sent it 3 times/, /(Running it again is safe|Nothing was changed)/] },
	// longer than the node waits by itself: reported at once (shorter ones are waited out: rate-limits.test.ts)
	{ name: '429', fault: { type: 'rateLimit', retryAfter: 120 }, says: [/Too many requests/, /Wait 120 seconds, as the API asked/, /up to 60 seconds per item/] },
	// resent (a timeout is a transient fault), then reported with the attempts made
	{ name: 'timeout', fault: { type: 'delay', ms: SLOW_MS }, says: [/did not answer in time/, /sent it 3 times/, /Timeout/] },
	{ name: 'malformed', fault: { type: 'malformed' }, says: [/not valid JSON/, /may or may not have taken effect/] },
];

/**
 * Operations whose first request is declared never resent after a timeout and that time out within
 * this test's time (Boost Post waits 10 minutes: below; Conversion → Send first reads the
 * connections, a GET, which is resent: one-door.test.ts times out its POST).
 */
const NOT_RESENT_AFTER_TIMEOUT = new Set(['audience addUsers']);
const NOT_RESENT_SAYS = [/did not answer in time/, /It was not sent again: /, /Timeout/];

async function run(api: FakeApiServer, c: OperationCase, fault: Fault, continueOnFail: boolean): Promise<RunResult & { requests: number }> {
	api.clearFaults();
	api.clearRequests();
	api.injectFault(fault, 1000);
	// the short timeout only where it is the point: on a loaded machine 300 ms can pass before the server reads a request
	const parameters = { ...c.parameters, ...(fault.type === 'delay' ? { requestOptions: { timeout: TIMEOUT_MS } } : {}) };
	const result = await runNode({ node: c.node, parameters, credentials: { apiKey: KEYS.full, baseUrl: api.url, limitSpending: false, ...c.credentials }, continueOnFail });
	api.clearFaults();
	return { ...result, requests: api.requests.length };
}

const cases = everyOperation();

test('one case per endpoint of the reference tables (test/contract/reference), none missing, none extra', () => {
	expect(cases.map(operationKey).sort()).toEqual(referenceOperations());
});

// concurrent tests run side by side only at a file's top level, not each alone in a describe block
test.concurrent.each(cases.map((c) => [`${c.node} ${c.resource} → ${c.operation}`, c] as const))(
	'%s: each fault, a clear error that names the status and what to do; Continue On Fail gives an error item; no API key anywhere',
	async (_name, c) => {
		expect(await withApi(async (api) => await faultsOf(api, c))).toEqual([]);
	},
);

async function faultsOf(api: FakeApiServer, c: OperationCase): Promise<string[]> {
	const problems: string[] = [];
	for (const { name, fault, says } of FAULTS) {
		const stopped = await run(api, c, fault, false);
		const text = `${stopped.error?.message ?? ''} ${stopped.error?.description ?? ''}`;
		// Boost raises its own timeout to 10 minutes (a money call is never abandoned early): it waits out the slow answer
		const waits = name === 'timeout' && c.operation === 'boost';
		if (stopped.requests === 0) problems.push(`${name}: no request was sent`);
		if (!waits) {
			if (!stopped.error) problems.push(`${name}: no error`);
			const notResent = name === 'timeout' && NOT_RESENT_AFTER_TIMEOUT.has(`${c.resource} ${c.operation}`);
			for (const pattern of notResent ? NOT_RESENT_SAYS : says) if (!pattern.test(text)) problems.push(`${name}: "${text}" lacks ${pattern}`);
		}
		if (errorText(stopped.error).includes(KEYS.full) || JSON.stringify(stopped.run.data).includes(KEYS.full)) problems.push(`${name}: the API key leaked`);

		// the error item of a timeout comes from the same path as the 503's: not run twice (each attempt waits for the timeout)
		if (waits || name === 'timeout') continue;
		const continued = await run(api, c, fault, true);
		if (continued.error) problems.push(`${name} + Continue On Fail: the node still stopped (${continued.error.message})`);
		const errorItem = continued.json.find((j) => j.error);
		if (!errorItem) problems.push(`${name} + Continue On Fail: no error item`);
		if (JSON.stringify(continued.json).includes(KEYS.full)) problems.push(`${name} + Continue On Fail: the API key leaked`);
	}
	return problems;
}
