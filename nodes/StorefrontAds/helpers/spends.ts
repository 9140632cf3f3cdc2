import type { IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';

import type { ResourceSpec } from '../../shared/assembly';
import type { OperationNote } from '../../shared/toolDescription';
import { SPEND_ACTIONS, SPENDING_CAPS, type CredentialCaps, type SpendAction } from '../../../credentials/spendingCaps';

/**
 * What each Ads operation declares in its own file about its requests and spending (`spends`,
 * adsOperation.ts): that declaration alone decides which of the credential's spending caps
 * (credentials/spendingCaps.ts) check it. adsOperation adds to the preSend of an operation that
 * can spend (spendingActions.ts): its status and budget type checked as the API takes them, then
 * the caps checked per request, and last the count of spending actions (spendingCount.ts).
 *
 * Recommendation → Apply names no amounts: each of its requests is judged (recommendationCaps.ts).
 * The values are read from the request the operation built, so they are checked whatever their
 * source: a fixed value, an expression, `$fromAI` (the tool path is RoutingNode alone, and runs
 * the same preSend).
 */

/** What a request can do to spending (spendingCaps.ts `SPEND_ACTIONS`), as an operation declares it: one or more. */
export type SpendActions = readonly [SpendAction, ...SpendAction[]];

/**
 * An operation whose requests are judged one by one before anything is sent (Recommendation →
 * Apply): `can` is what any of them may do; `judge` refuses the request or says what it does.
 */
export interface JudgedSpends {
	can: SpendActions;
	judge: (ctx: IExecuteSingleFunctions, caps: CredentialCaps, request: IHttpRequestOptions) => Promise<readonly SpendAction[]>;
}

/** An Ads operation's declaration (adsOperation `spends`): `'none'` only when no request of it can spend. */
export type Spends = 'none' | SpendActions | JudgedSpends;

/** What an operation's requests can do, at most. */
export const canDo = (spends: Spends): readonly SpendAction[] => (spends === 'none' ? [] : 'can' in spends ? spends.can : spends);

/** A declaration as written, checked at load: an operation file that declares nothing (plain JS, a cast) does not load. */
export function checkedSpends(action: string, spends: unknown): Spends {
	const known = (list: unknown) => Array.isArray(list) && list.length > 0 && list.every((a) => (SPEND_ACTIONS as readonly unknown[]).includes(a));
	const judged = typeof spends === 'object' && spends !== null && known((spends as JudgedSpends).can) && typeof (spends as JudgedSpends).judge === 'function';
	if (spends === 'none' || known(spends) || judged) return spends as Spends;
	throw new Error(`${action}: declare what its requests can do to spending (spends: 'none', or a list of ${SPEND_ACTIONS.join(', ')}); unknown means spending`);
}

/** The declaration of each Ads operation option (adsOperation sets it; the node's assembly requires one). */
const spendsByOption = new WeakMap<INodePropertyOptions, Spends>();
export const declareSpends = (option: INodePropertyOptions, spends: Spends) => void spendsByOption.set(option, spends);
export const spendsOf = (option: INodePropertyOptions): Spends | undefined => spendsByOption.get(option);

/** At load: an operation not built with adsOperation has said nothing of what it spends, and the node does not load. */
export function requireSpendDeclarations(resources: ResourceSpec[]) {
	for (const r of resources) {
		for (const o of r.operations) {
			if (!spendsOf(o.option)) throw new Error(`${r.value}.${String(o.option.value)}: build it with adsOperation and declare what its requests can do to spending (spends); unknown means spending`);
		}
	}
}

/** What each request was judged to do (a judged operation's), for its count. */
const judgedByRequest = new WeakMap<object, readonly SpendAction[]>();
export const judgedActions = (request: IHttpRequestOptions) => judgedByRequest.get(request);

/** What the request does to spending: its judge's finding (Recommendation → Apply), else all it can do. */
export async function actionsOf(ctx: IExecuteSingleFunctions, spends: Exclude<Spends, 'none'>, caps: CredentialCaps, request: IHttpRequestOptions) {
	if (!('judge' in spends)) return canDo(spends);
	const actions = await spends.judge(ctx, caps, request);
	judgedByRequest.set(request, actions);
	return actions;
}

/**
 * What the tool description (nodes/shared/toolDescription.ts) adds for an operation that can spend.
 * The caps themselves are known only at run time (n8n evaluates that description as an
 * expression, which cannot read credentials), so the model is told which caps may apply, and that
 * a refusal is final.
 */
const listed = (clauses: string[]) => (clauses.length > 1 ? `${clauses.slice(0, -1).join(', ')}, and ${clauses[clauses.length - 1]}` : clauses.join(''));
export const spendCapsNote: OperationNote = {
	applies: (option) => canDo(spendsOf(option) ?? 'none').length > 0,
	text: `Spending caps may apply: the owner of the credential can ${listed(SPENDING_CAPS.map((cap) => cap.tool))}. A call over a cap is refused before anything is sent, with an error naming the cap and its value: that refusal is final, do not retry it or look for other values to get around it; stay within the cap or tell the user.`,
};
