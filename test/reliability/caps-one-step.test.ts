import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { postIdOf } from '../../fake-api';
import type { Credentials } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { runAsTool } from '../../harness/tool';
import { inDays, SOCIAL } from '../ads/helpers';

/**
 * Issue 47, "caps a person can fix in one step", through n8n-core against the fake API: one
 * refusal names every cap in the way (the budget caps, Paused Only and Max Spending Actions), each
 * with the value that would pass, and that the owner can also turn Limit Spending off; Validate
 * Only is never refused by a cap; the "final, do not retry" words go to a model only.
 */

const ctx = useFakeApi('storefrontAds');
type Caps = Omit<Credentials, 'apiKey' | 'baseUrl'>;
const FINAL = 'This refusal is final';
const OWNER = 'The owner of the credential "Storefront account" can change its Spending caps or turn Limit Spending off.';

/** Boost Post at the node's default 20 a day, as a new user tries it. */
const boost = (extra: IDataObject = {}) => ({
	resource: 'ad',
	operation: 'boost',
	network: 'socialnet',
	accountId: byId(SOCIAL),
	adAccountId: byId('act_1001'),
	postId: postIdOf(SOCIAL, 0),
	budgetAmount: 20,
	budgetType: 'daily',
	status: 'PAUSED',
	endDate: inDays(30),
	...extra,
});

async function run(parameters: IDataObject, caps: Caps, continueOnFail = false) {
	return await ctx.run(parameters as INodeParameters, { credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, ...caps }, continueOnFail });
}

test("a new credential (Limit Spending on by default, every cap 0) refuses a paused boost of 20 a day once, naming both caps in the way with the values that would pass and Limit Spending off; a person's words, not a model's", async () => {
	const r = await run(boost(), {});
	expect(r.requests).toEqual([]);
	expect(r.error?.message).toBe(
		'Daily budget 20 is refused: this credential allows no daily budget (Max Daily Budget is 0). This credential allows no spending action (Max Spending Actions per Execution is 0): no create, boost or activation, no budget or bid change, no keywords added. Nothing was sent. ' +
			`It passes once the owner sets Max Daily Budget to 20 or more. It passes once the owner sets Max Spending Actions per Execution to 1 or more. ${OWNER}`,
	);
	expect(r.error?.message).not.toContain(FINAL);
});

test('over the budget cap, ACTIVE under Paused Only and over the count at once: one refusal names all three, each with what passes', async () => {
	const caps = { limitSpending: true, maxDailyBudget: 50, maxLifetimeBudget: 500, pausedOnly: true, maxSpendingCallsPerExecution: 1 };
	const credentials = { apiKey: ctx.apiKey, baseUrl: ctx.api.url, ...caps };
	// one boost taken earlier in the execution (another node of the same run)
	const first = await ctx.run(boost() as INodeParameters, { credentials, executionId: 'exec-one-step' });
	expect(first.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /v1/ads/boost']);
	const r = await ctx.run(boost({ budgetAmount: 80, status: 'ACTIVE' }) as INodeParameters, { credentials, executionId: 'exec-one-step', continueOnFail: true });
	expect(r.requests).toEqual([]);
	expect(r.items[0].json.error).toBe(
		"Daily budget 80 is above this credential's cap of 50 (Max Daily Budget). Status ACTIVE is refused: this credential allows paused only (Paused Only is on). Spending action 2 of this execution, above this credential's cap of 1 (Max Spending Actions per Execution); 1 already taken. Nothing was sent. " +
			'A daily budget of 50 or less passes (or Max Daily Budget of 80 or more). Status PAUSED passes: create it PAUSED, for a person to switch on (or the owner turns Paused Only off). ' +
			`It passes with Max Spending Actions per Execution of 2 or more, or in another execution (one run of the workflow), after a person has looked at these. ${OWNER}`,
	);
	expect(r.items[0].pairedItem).toEqual({ item: 0 });
});

test('Validate Only under the new credential is not refused: it reaches the API as a dry run (which the API counts toward its own limit), spends nothing, and says which caps would refuse the real call', async () => {
	const r = await run(boost({ validateOnly: true }), {});
	expect(r.error).toBeUndefined();
	expect(r.requests.map((q) => [q.method, q.path, (q.body as IDataObject).validateOnly])).toEqual([['POST', '/v1/ads/boost', true]]);
	expect(ctx.api.ads.ads.size).toBe(0);
	expect(r.json).toHaveLength(1);
	expect(r.json[0].capsWouldRefuse).toEqual({
		message:
			'Daily budget 20 is refused: this credential allows no daily budget (Max Daily Budget is 0). This credential allows no spending action (Max Spending Actions per Execution is 0): no create, boost or activation, no budget or bid change, no keywords added. The real call would be refused.',
		fix: `It passes once the owner sets Max Daily Budget to 20 or more. It passes once the owner sets Max Spending Actions per Execution to 1 or more. ${OWNER}`,
	});
	// within every cap, the check says nothing of them
	const fine = await run(boost({ validateOnly: true }), { limitSpending: true, maxDailyBudget: 50, maxLifetimeBudget: 500, pausedOnly: true, maxSpendingCallsPerExecution: 1 });
	expect(fine.json[0].capsWouldRefuse).toBeUndefined();
});

test('as an AI tool the same refusal adds the final words for the model; nothing is sent', async () => {
	ctx.api.clearRequests();
	const call = await runAsTool({
		node: 'storefrontAds',
		parameters: boost({ budgetAmount: "={{ $fromAI('dailyBudget', '', 'number') }}" }) as INodeParameters,
		args: { dailyBudget: 20 },
		credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url },
	});
	expect(ctx.api.requests).toEqual([]);
	expect(call.error).toContain('Daily budget 20 is refused: this credential allows no daily budget (Max Daily Budget is 0).');
	expect(call.error).toContain('Max Spending Actions per Execution is 0');
	expect(call.error).toContain(`${OWNER} ${FINAL}: do not retry it`);
});
