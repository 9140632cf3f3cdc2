import type { IHttpRequestOptions, PostReceiveAction } from 'n8n-workflow';

import { checkSpendCaps, countSpendingCall, reportCapsOnDryRun } from '../../nodes/StorefrontAds/helpers/spendingActions';
import { spendContext } from './spend-context';

/**
 * The spending caps' two per-process maps (docs/security.md, "every cache is bounded"): Max Spending
 * Actions per Execution counts each execution's spending actions, at most 1,000 executions
 * remembered, the one used least recently forgotten first; a Validate Only check's "the caps would
 * refuse the real call" waits for its output, at most 1,000 of them. Driven through the preSend and
 * postReceive functions RoutingNode calls, with n8n's context reduced to what they read (the
 * credential, the node, the execution and item), because proving a bound takes some 2,000 runs.
 */

const KEPT = 1000;
const ONE_ACTION = { maxSpendingCallsPerExecution: 1 };
const count = countSpendingCall(['activate']);

/** One activation (Ad → Set Status, active) of `ad` in `execution`: true when sent, false when the cap refused it. */
async function activate(execution: string, ad: string): Promise<boolean> {
	const ctx = spendContext(execution, 0, ONE_ACTION);
	const request: IHttpRequestOptions = { method: 'PUT', url: `/v1/ads/${ad}/status`, body: { status: 'active' } };
	try {
		await count.call(ctx, request);
		return true;
	} catch (error) {
		expect((error as Error).message).toMatch(/^Spending action 2 of this execution, above this credential's cap of 1 /);
		return false;
	}
}

/** `n` other executions, each taking one spending action. */
async function others(prefix: string, n: number) {
	for (let i = 0; i < n; i++) expect(await activate(`${prefix}-${i}`, 'ad_other')).toBe(true);
}

test('an execution\'s count is remembered while 999 others run, kept when used again, and forgotten once 1,000 others ran after its last use', async () => {
	expect(await activate('exec-a', 'ad_1')).toBe(true);
	// 1,000 executions remembered (exec-a and 999 others): a second action of exec-a is refused
	await others('first', KEPT - 1);
	expect(await activate('exec-a', 'ad_2')).toBe(false);
	// one more execution forgets the one used least recently: not exec-a, which was just used
	await others('second', 1);
	expect(await activate('exec-a', 'ad_3')).toBe(false);
	// 1,000 others after exec-a's last use: it is forgotten, and its count starts again
	await others('third', KEPT);
	expect(await activate('exec-a', 'ad_4')).toBe(true);
	expect(await activate('exec-a', 'ad_5')).toBe(false);
});

describe('Validate Only: what the caps would refuse, kept until the check\'s output takes it', () => {
	const check = checkSpendCaps(['budget']);
	const dailyCap = { ...ONE_ACTION, maxDailyBudget: 50 };
	/** A Validate Only check of a daily budget of 10,000 (over the cap) for item `item` of `execution`: never refused. */
	const dryRun = async (execution: string, item: number) => {
		const request: IHttpRequestOptions = { method: 'POST', url: '/v1/ads/boost', body: { validateOnly: true, budgetAmount: 10000, budgetType: 'daily' } };
		expect(await check.call(spendContext(execution, item, dailyCap), request)).toBe(request);
	};
	/** The check's output for that item: whether it says the caps would refuse the real call. */
	const reported = async (execution: string, item: number) => {
		const [out] = await (reportCapsOnDryRun as Extract<PostReceiveAction, (...args: never[]) => unknown>).call(spendContext(execution, item, dailyCap), [{ json: { valid: true } }], { body: {}, headers: {}, statusCode: 200 });
		return 'capsWouldRefuse' in out.json;
	};
	test('kept while 999 other checks wait for their output, reported once; dropped once 1,000 newer ones wait', async () => {
		await dryRun('exec-dry', 0);
		for (let i = 0; i < KEPT - 1; i++) await dryRun('exec-dry-first', i);
		expect([await reported('exec-dry', 0), await reported('exec-dry', 0)]).toEqual([true, false]);
		await dryRun('exec-dry', 1);
		for (let i = 0; i < KEPT; i++) await dryRun('exec-dry-second', i);
		expect(await reported('exec-dry', 1)).toBe(false);
		expect(await reported('exec-dry-second', KEPT - 1)).toBe(true);
	});
});
