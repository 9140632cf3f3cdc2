import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { preSendActions } from '../../shared/operation';
import type { OperationNote } from '../../shared/toolDescription';
import { lowerText, refuseOverCap, requestText, credentialCaps, spendKind, type SpendCaps, type SpendKind, type SpendKindAsNamed } from './credentialCaps';
import { checkRecommendations } from './recommendationCaps';

/**
 * The budget caps and Paused Only of the credential (credentialCaps.ts), checked before anything
 * is sent, and what a model is told about them.
 */

// Boost Post (resources/ad/boost.ts) still imports the count from here; the rebuild of the request path moves its imports
export { countSpendingCall } from './spendingActions';

/** The budget a request asks for, as `{amount, type}` (creates send it flat, the others nested). */
function budgetOf(kind: SpendKind, body: IDataObject): { amount: unknown; type: string } | undefined {
	if (kind === 'newAd') return body.budgetAmount === undefined ? undefined : { amount: body.budgetAmount, type: lowerText(body.budgetType) };
	const budget = body.budget as IDataObject | undefined;
	if (!budget || typeof budget !== 'object') return undefined;
	return { amount: budget.amount, type: lowerText(budget.type) || 'daily' };
}

/** A cap a request is over: what it asked (naming the cap and its value) and what would pass. */
interface Breach {
	message: string;
	fix: string;
}

/** A budget over its cap (`kind` daily or lifetime); a cap of 0 allows no budget of that kind. */
function budgetBreach(kind: 'daily' | 'lifetime', asked: unknown, cap: number): Breach {
	const Kind = kind === 'daily' ? 'Daily' : 'Lifetime';
	const field = `Max ${Kind} Budget`;
	if (cap === 0) {
		return {
			message: `${Kind} budget ${String(asked)} is refused: this credential allows no ${kind} budget (${field} is 0).`,
			fix: `No ${kind} budget can be set with this credential until its owner raises ${field}.`,
		};
	}
	return { message: `${Kind} budget ${String(asked)} is above this credential's cap of ${cap} (${field}).`, fix: `Use a ${kind} budget of ${cap} or less.` };
}

function budgetBreaches(caps: SpendCaps, budget: { amount: unknown; type: string } | undefined): Breach[] {
	if (!budget) return [];
	const amount = Number(budget.amount);
	// not a number: the node's own budget check refuses it next (whole units, more than 0)
	if (Number.isNaN(amount)) return [];
	const breaches: Breach[] = [];
	// a type that is neither daily nor lifetime is held to both caps: whichever the API would take it as
	if (budget.type !== 'lifetime' && amount > caps.maxDailyBudget) breaches.push(budgetBreach('daily', budget.amount, caps.maxDailyBudget));
	if (budget.type !== 'daily' && amount > caps.maxLifetimeBudget) breaches.push(budgetBreach('lifetime', budget.amount, caps.maxLifetimeBudget));
	return breaches;
}

/**
 * Paused Only: a create must ask for PAUSED (the API creates ACTIVE when no status is sent), and a
 * status change or update may only pause. A request for ACTIVE is refused, never turned into PAUSED.
 */
function pausedBreaches(caps: SpendCaps, kind: SpendKind, body: IDataObject): Breach[] {
	if (!caps.pausedOnly || kind === 'recommendations') return [];
	const asked = requestText(body.status);
	// an update that leaves the status as it is
	if (kind === 'update' && asked === '') return [];
	if (asked.toLowerCase() === 'paused') return [];
	const creates = kind === 'newAd' || kind === 'campaignCreate';
	return [
		{
			message: `Status ${asked || '(none: the API then creates it ACTIVE)'} is refused: this credential allows paused only (Paused Only is on).`,
			fix: creates ? 'Create it PAUSED, for a person to switch on.' : 'Only a person may make it active, outside this credential.',
		},
	];
}

/** The checks made by `checkSpendCaps`: an operation whose preSend list holds one is told `spendCapsNote`. */
const CAP_CHECKS = new WeakSet<PreSendAction>();

/** preSend, before anything is sent: the budget caps and Paused Only (Validate Only included). */
export function checkSpendCaps(named: SpendKindAsNamed): PreSendAction {
	const kind = spendKind(named);
	const check = async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const caps = await credentialCaps(this);
		if (!caps.limited) return request;
		const body = (request.body ?? {}) as IDataObject;
		if (kind === 'recommendations') {
			await checkRecommendations(this, caps, request);
			return request;
		}
		// every cap the request is over, in one error: the budget first, then the status
		const breaches = [...budgetBreaches(caps, budgetOf(kind, body)), ...pausedBreaches(caps, kind, body)];
		if (breaches.length) refuseOverCap(this, breaches.map((b) => b.message).join(' '), breaches.map((b) => b.fix).join(' '));
		return request;
	};
	CAP_CHECKS.add(check);
	return check;
}

/**
 * What the tool description (nodes/shared/toolDescription.ts) adds for an operation that checks
 * the caps. The caps themselves are known only at run time (n8n evaluates that description as an
 * expression, which cannot read credentials), so the model is told which caps may apply, and that
 * a refusal is final.
 */
export const spendCapsNote: OperationNote = {
	applies: (option) => preSendActions(option)?.some((action) => CAP_CHECKS.has(action)) ?? false,
	text: 'Spending caps may apply: the owner of the credential can cap the daily and lifetime budget of each ad, ad set or campaign (whole units of the ad account currency; a cap of 0 allows none), allow PAUSED only, and limit how many creates, boosts, activations and budget or bid changes one run makes. A call over a cap is refused before anything is sent, with an error naming the cap and its value: that refusal is final, do not retry it or look for other values to get around it; stay within the cap or tell the user.',
};
