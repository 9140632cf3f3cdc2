import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { apiRequest } from '../../shared/wire/request';
import { recommendationRow } from '../../../credentials/recommendationTypes';
import { capsInWords, checksAny } from '../../../credentials/capChecks';
import { SPEND_ACTIONS, SPENDING_CAPS, type CredentialCaps, type SpendAction } from '../../../credentials/spendingCaps';
import { refuseOverCap } from './spendingActions';
import type { JudgedSpends, SpendActions } from './spends';

/**
 * Recommendation → Apply names recommendations, not amounts, and the search network adds types
 * without notice (docs/reference/contract.md, 2026-11-26). So, with Limit Spending on, each named
 * recommendation is looked up and judged by its type alone, as RECOMMENDATION_TYPES
 * (credentials/recommendationTypes.ts) says: counted as a spending action, or refused whatever the network
 * estimates (an estimate is the network's guess, and the books record the change all the same);
 * a type not there, or a name the account's list does not hold, is refused.
 */

/** What Apply can do at most: a type we do not know may do anything. */
const ANYTHING: SpendActions = SPEND_ACTIONS;

/** Why one recommendation is refused, or what applying it does. */
function judgeOne(name: string, type: string | undefined): { refused: string } | { actions: readonly SpendAction[] } {
	if (type === undefined) return { refused: `${name}: not in the account's recommendations, so its type cannot be looked up and it may raise a budget or change bids` };
	const row = recommendationRow(type);
	if (row?.treatment === 'counted') return { actions: [row.does] };
	return { refused: `${name} (${type}): ${row ? `this type is ${row.what}` : 'a type this node does not know, which may raise a budget, change bids or switch something on'}` };
}

/** The caps that check a budget, as they hold: "Max Daily Budget 50, Max Lifetime Budget 500". */
const budgetCaps = (caps: CredentialCaps) => capsInWords(Object.fromEntries(SPENDING_CAPS.filter((cap) => cap.per === 'request' && checksAny(cap, ['budget'])).map((cap) => [cap.field, caps[cap.field]])));

/** Looks the named recommendations up (GET /v1/ads/recommendations, a read) and judges each. */
async function judge(ctx: IExecuteSingleFunctions, caps: CredentialCaps, request: IHttpRequestOptions): Promise<readonly SpendAction[]> {
	const body = request.body as IDataObject;
	const names = ((body.recommendations as IDataObject[] | undefined) ?? []).map((r) => String(r.resourceName));
	const { body: answer } = await apiRequest.call(ctx, 'GET', '/v1/ads/recommendations', { qs: { accountId: String(body.accountId), adAccountId: String(body.adAccountId) } });
	const list = new Map(((answer.recommendations as IDataObject[] | undefined) ?? []).map((r) => [String(r.resourceName), String(r.type)]));
	const judged = names.map((n) => judgeOne(n, list.get(n)));
	const refused = judged.flatMap((j) => ('refused' in j ? [j.refused] : []));
	if (refused.length) {
		refuseOverCap(ctx, [
			{
				message: `Applying ${refused.length === 1 ? 'this recommendation' : `${refused.length} of these recommendations`} is refused: ${refused.join('; ')}. With Limit Spending on, this credential applies only types known to change no budget or bidding, whatever the network estimates: the budget caps (${budgetCaps(caps)}) cannot check an amount the API does not show.`,
				pass: `The others pass on their own; make a budget or bid change with ${actionName('campaign', 'update')} within the caps.`,
			},
		]);
	}
	return [...new Set(judged.flatMap((j) => ('actions' in j ? j.actions : [])))];
}

/** Recommendation → Apply's declaration: anything, judged per request before it is sent. */
export const judgedRecommendations: JudgedSpends = { can: ANYTHING, judge };
