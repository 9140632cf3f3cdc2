import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { apiRequest } from '../../shared/wire/apiRequest';
import { capsInWords, capsOfKind } from './spendCapDeclarations';
import { refuseOverCap, SPEND_ACTIONS, type JudgedSpends, type SpendAction, type SpendActions, type SpendCaps } from './spendCaps';

/**
 * Recommendation → Apply names recommendations, not amounts, and the search network adds types
 * without notice (docs/reference/contract.md, 2026-11-26): a type we do not know may raise a budget or change
 * bidding. So, with Limit Spending on, a recommendation is applied only when its type is known to
 * leave budgets, bids and status alone, or when its impact shows no higher cost; every other one is
 * refused (the budget caps cannot check an amount the API does not show), and so is a name the
 * account's list does not hold.
 */

/** What applying a known type does to spending; a type not here may do anything (refused). */
const KNOWN_TYPES: Record<string, readonly SpendAction[]> = {
	// new or better ad copy in an ad group that already bids: no budget, bid or status changes
	TEXT_AD: [],
	RESPONSIVE_SEARCH_AD: [],
	RESPONSIVE_SEARCH_AD_ASSET: [],
	RESPONSIVE_SEARCH_AD_IMPROVE_AD_STRENGTH: [],
	// links, callouts and snippets shown with existing ads: what a click costs and the budget stay as they are
	SITELINK_ASSET: [],
	SITELINK_EXTENSION: [],
	CALLOUT_ASSET: [],
	CALLOUT_EXTENSION: [],
	STRUCTURED_SNIPPET_ASSET: [],
	// a new keyword starts bidding within the campaign's budget, as Keyword → Add does: counted like it
	KEYWORD: ['keywords'],
};

/** What Apply can do at most: a type we do not know may do anything. */
const ANYTHING: SpendActions = SPEND_ACTIONS;

interface Listed {
	type: string;
	base?: number;
	potential?: number;
}

const costs = (r: IDataObject): Pick<Listed, 'base' | 'potential'> => {
	const impact = (r.impact ?? {}) as { base?: IDataObject; potential?: IDataObject };
	const cost = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
	return { base: cost(impact.base?.cost), potential: cost(impact.potential?.cost) };
};

/** Whether the network's estimate shows no higher cost after applying it. */
const noHigherCost = (r: Listed) => r.base !== undefined && r.potential !== undefined && r.potential <= r.base;

/** Why one recommendation is refused, or what applying it does. */
function judgeOne(name: string, listed: Listed | undefined): { refused: string } | { actions: readonly SpendAction[] } {
	if (!listed) return { refused: `${name}: not in the account's recommendations, so its type cannot be looked up and it may raise a budget or change bids` };
	if (noHigherCost(listed)) return { actions: [] };
	const known = KNOWN_TYPES[listed.type];
	if (known) return { actions: known };
	const impact = listed.base !== undefined && listed.potential !== undefined ? `its impact shows a higher cost (${listed.potential} against ${listed.base} now)` : 'it shows no impact';
	return { refused: `${name} (${listed.type}): this type may raise a budget, change bids or switch something on, and ${impact}` };
}

/** The budget caps as they hold: "Max Daily Budget 50, Max Lifetime Budget 500". */
const budgetCaps = (caps: SpendCaps) => capsInWords(Object.fromEntries(capsOfKind('budget').map((cap) => [cap.field, caps[cap.field]])));

/** Looks the named recommendations up (GET /v1/ads/recommendations, a read) and judges each. */
async function judge(ctx: IExecuteSingleFunctions, caps: SpendCaps, request: IHttpRequestOptions): Promise<readonly SpendAction[]> {
	const body = request.body as IDataObject;
	const names = ((body.recommendations as IDataObject[] | undefined) ?? []).map((r) => String(r.resourceName));
	const { body: answer } = await apiRequest.call(ctx, 'GET', '/v1/ads/recommendations', { qs: { accountId: String(body.accountId), adAccountId: String(body.adAccountId) } });
	const list = new Map(((answer.recommendations as IDataObject[] | undefined) ?? []).map((r) => [String(r.resourceName), { type: String(r.type), ...costs(r) }]));
	const judged = names.map((n) => judgeOne(n, list.get(n)));
	const refused = judged.flatMap((j) => ('refused' in j ? [j.refused] : []));
	if (refused.length) {
		refuseOverCap(ctx, [
			{
				message: `Applying ${refused.length === 1 ? 'this recommendation' : `${refused.length} of these recommendations`} is refused: ${refused.join('; ')}. With Limit Spending on, this credential applies only recommendations known to leave budgets, bids and status alone, or whose impact shows no higher cost: the budget caps (${budgetCaps(caps)}) cannot check an amount the API does not show.`,
				pass: `The others pass on their own; make a budget or bid change with ${actionName('campaign', 'update')} within the caps.`,
			},
		]);
	}
	return [...new Set(judged.flatMap((j) => ('actions' in j ? j.actions : [])))];
}

/** Recommendation → Apply's declaration: anything, judged per request before it is sent. */
export const judgedRecommendations: JudgedSpends = { can: ANYTHING, judge };
