import type { IHttpRequestOptions } from 'n8n-workflow';

import { checkSpendCaps, countSpendingCall, withCapsWouldRefuse } from '../../nodes/StorefrontAds/helpers/spendingActions';
import { executionData, spendContext } from './spend-context';

/**
 * The spending caps' two per-process maps (docs/security.md, "every cache is bounded"): Max Spending
 * Actions per Execution keeps the calls each execution counted, at most 1,000 executions
 * remembered, the one used least recently forgotten first, and the count itself in the execution's
 * own data (n8n's execution custom data), which it keeps while it waits and resumes on any worker
 * (issue 67, item 5: the count is never forgotten); a Validate Only check's "the caps would
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

test('the calls an execution counted are kept for the 1,000 executions used last, the least recently used forgotten first; its count is never forgotten', async () => {
	expect(await activate('exec-a', 'ad_1')).toBe(true);
	// 1,000 executions remembered (exec-a and 999 others): the same activation again is the same call, a second one refused
	await others('first', KEPT - 1);
	expect(await activate('exec-a', 'ad_1')).toBe(true);
	expect(await activate('exec-a', 'ad_2')).toBe(false);
	// one more execution forgets the one used least recently: not exec-a, which was just used
	await others('second', 1);
	expect(await activate('exec-a', 'ad_1')).toBe(true);
	// 1,000 others after exec-a's last use: its calls are forgotten here, not its count (kept in its own data)
	await others('third', KEPT);
	expect(executionData.get('exec-a')).toEqual({ storefront_maxSpendingCallsPerExecution: '1' });
	expect(await activate('exec-a', 'ad_4')).toBe(false);
	// fail closed: the call it made is no longer known here, so even the same activation again counts, and is refused
	expect(await activate('exec-a', 'ad_1')).toBe(false);
});

test('issue 67, finding 4: an execution that took one action and waited resumes, after 1,000 others or on another worker (a fresh process), with its count: a second action is refused', async () => {
	expect(await activate('exec-waits', 'ad_1')).toBe(true);
	await others('while-waiting', KEPT);
	expect(await activate('exec-waits', 'ad_2')).toBe(false);
	// another worker: a process with no memory of it, the execution's data as n8n stores it with the execution
	expect(await activate('exec-moves', 'ad_1')).toBe(true);
	let elsewhere: typeof import('../../nodes/StorefrontAds/helpers/spendingActions') | undefined;
	await jest.isolateModulesAsync(async () => {
		elsewhere = await import('../../nodes/StorefrontAds/helpers/spendingActions');
	});
	// here the same activation again is the same call; there it is not known, and the count goes on from the execution's data
	expect(await activate('exec-moves', 'ad_1')).toBe(true);
	const request: IHttpRequestOptions = { method: 'PUT', url: '/v1/ads/ad_1/status', body: { status: 'active' } };
	await expect(elsewhere!.countSpendingCall(['activate']).call(spendContext('exec-moves', 0, ONE_ACTION), request)).rejects.toThrow(/^Spending action 2 of this execution, above this credential's cap of 1 \(Max Spending Actions per Execution\); 1 already taken\./);
	// a new execution there starts at 0
	await expect(elsewhere!.countSpendingCall(['activate']).call(spendContext('exec-new-there', 0, ONE_ACTION), request)).resolves.toBe(request);
});

test('a spending action whose count cannot be kept in the execution\'s data (n8n keeps 10 custom data keys, all taken) is refused, saying so; nothing is counted', async () => {
	executionData.set('exec-full', Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`mine_${i}`, 'x'])));
	const request: IHttpRequestOptions = { method: 'PUT', url: '/v1/ads/ad_1/status', body: { status: 'active' } };
	const refused = count.call(spendContext('exec-full', 0, ONE_ACTION), request);
	await expect(refused).rejects.toThrow(/^This spending action is refused: its count \(Max Spending Actions per Execution\) cannot be kept in this execution's data, so it would be forgotten if the execution waited and resumed\. Nothing was sent\.$/);
	await expect(refused).rejects.toMatchObject({ description: expect.stringContaining('n8n keeps at most 10 custom data keys per execution') });
	expect(Object.keys(executionData.get('exec-full')!)).toHaveLength(10);
	// a pause is not a spending action: it passes
	await expect(count.call(spendContext('exec-full', 0, ONE_ACTION), { ...request, body: { status: 'paused' } })).resolves.toBeDefined();
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
	const reported = (execution: string, item: number) => {
		const out = withCapsWouldRefuse(spendContext(execution, item, dailyCap), { json: { validateOnly: true, valid: true } });
		return 'capsWouldRefuse' in out.json;
	};
	test('kept while 999 other checks wait for their output, reported once; dropped once 1,000 newer ones wait', async () => {
		await dryRun('exec-dry', 0);
		for (let i = 0; i < KEPT - 1; i++) await dryRun('exec-dry-first', i);
		expect([reported('exec-dry', 0), reported('exec-dry', 0)]).toEqual([true, false]);
		await dryRun('exec-dry', 1);
		for (let i = 0; i < KEPT; i++) await dryRun('exec-dry-second', i);
		expect(reported('exec-dry', 1)).toBe(false);
		expect(reported('exec-dry-second', KEPT - 1)).toBe(true);
	});
});
