import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { apiRequest } from '../../shared/wire/apiRequest';
import { capCheck, credentialCaps, refuseOverCap, type SpendCaps } from './spendCaps';

/** Recommendation types that raise a budget, and those that change bids (reference: Recommendation → Get Many types). */
const BUDGET_RECOMMENDATIONS = ['CAMPAIGN_BUDGET'];
const BID_RECOMMENDATIONS = ['MAXIMIZE_CLICKS_OPT_IN', 'TARGET_CPA_OPT_IN'];

/** Whether an Apply spends (set by its check, read by its count). */
const APPLY_SPENDS = new WeakMap<object, boolean>();
export const applySpends = (request: IHttpRequestOptions) => APPLY_SPENDS.get(request) === true;

/**
 * Recommendation → Apply names recommendations, not amounts. With Limit Spending on, their types
 * are looked up first (GET /v1/ads/recommendations, a read): a budget recommendation raises a
 * budget by an amount the API does not show beforehand, so the budget caps refuse it; budget and
 * bid recommendations count as spending actions. A name the list does not hold cannot be told
 * apart and is treated as a budget one (fail closed).
 */
async function checkRecommendations(ctx: IExecuteSingleFunctions, caps: SpendCaps, request: IHttpRequestOptions) {
	const body = request.body as IDataObject;
	const names = ((body.recommendations as IDataObject[] | undefined) ?? []).map((r) => String(r.resourceName));
	const { body: answer } = await apiRequest.call(ctx, 'GET', '/v1/ads/recommendations', { qs: { accountId: String(body.accountId), adAccountId: String(body.adAccountId) } });
	const types = new Map(((answer.recommendations as IDataObject[] | undefined) ?? []).map((r) => [String(r.resourceName), String(r.type)]));
	const budget = names.filter((n) => !types.has(n) || BUDGET_RECOMMENDATIONS.includes(types.get(n)!));
	const bids = names.filter((n) => BID_RECOMMENDATIONS.includes(types.get(n) ?? ''));
	if (budget.length) {
		const unknown = budget.filter((n) => !types.has(n));
		refuseOverCap(
			ctx,
			`Applying ${budget.join(', ')} is refused: ${unknown.length ? 'a recommendation whose type cannot be looked up may raise' : 'a campaign budget recommendation raises'} a budget by an amount not known beforehand, and this credential caps budgets (Max Daily Budget ${caps.maxDailyBudget}, Max Lifetime Budget ${caps.maxLifetimeBudget}).`,
			'Apply the other recommendations, and change the budget with Campaign → Update within the cap.',
		);
	}
	APPLY_SPENDS.set(request, budget.length + bids.length > 0);
}

/** preSend of Recommendation → Apply, before anything is sent: its recommendations against the budget caps (spendCaps.ts). */
export function checkRecommendationCaps(): PreSendAction {
	return capCheck(async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const caps = await credentialCaps(this);
		if (caps.limited) await checkRecommendations(this, caps, request);
		return request;
	});
}
