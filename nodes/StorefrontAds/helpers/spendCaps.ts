import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { preSendActions } from '../../shared/operation';
import { failItem } from '../../shared/requestActions';
import type { OperationNote } from '../../shared/toolDescription';

/**
 * The spending caps of the credential (credentials/StorefrontApi.credentials.ts, "Spending caps"):
 * the owner of a shared credential decides what any workflow, expression or AI model using it may
 * spend. With Limit Spending on, each cap holds as typed (0 allows nothing); off, nothing is
 * checked. Every operation that can spend or raise spend runs two preSends:
 *
 * - `checkSpendCaps(kind)`, before anything is sent (before any lookup a check of
 *   ours makes): budgets against Max Daily / Max Lifetime Budget, the status against Paused Only.
 *   Validate Only requests are checked too: a check the caps would refuse never comes back "valid".
 * - `countSpendingCall(kind)` (spendingActions.ts), last (after the Idempotency-Key is set): Max
 *   Spending Actions per Execution (`maxSpendingCallsPerExecution`), counting distinct calls;
 *   Validate Only spends nothing and is not counted.
 *
 * Recommendation → Apply names no amounts: its check looks their types up (recommendationCaps.ts).
 *
 * The values are read from the request the operation built, so they are checked whatever their
 * source: a fixed value, an expression, `$fromAI` (the tool path is RoutingNode alone, and runs
 * the same preSend). A refused item fails through `failItem`: under Continue On Fail an error item
 * paired with its input; nothing of it is sent.
 */

/** What an operation does with money, which decides what is checked and whether it counts. */
export type SpendKind =
	/** A new ad: Ad → Create (standard, messaging, call) and Boost Post: `budgetAmount` + `budgetType`, `status` ACTIVE/PAUSED. */
	| 'newAd'
	/** Campaign → Create: `budget {amount, type}`, `status`. */
	| 'campaignCreate'
	/** Campaign, ad set and ad updates: `budget`, `bidAmount`/`bidStrategy`, (ads) `status`. */
	| 'update'
	/** Set Status of an ad, ad set or campaign: spends when it makes something active. */
	| 'status'
	/** Campaign → Bulk Set Status: every campaign made active counts. */
	| 'bulkStatus'
	/** Recommendation → Apply: budget recommendations raise a budget, bid opt-ins change bids. */
	| 'recommendations';

export interface SpendCaps {
	/** Limit Spending: off, no cap is checked. */
	limited: boolean;
	maxDailyBudget: number;
	maxLifetimeBudget: number;
	pausedOnly: boolean;
	maxSpendingCallsPerExecution: number;
}

/** Where the owner sets them (the credential's notice is titled so). */
const WHERE = "The credential's owner sets it in Storefront API → Spending caps.";
const FINAL = 'This refusal is final: do not retry it or try other values to get around it; ask the owner of the credential.';

/** A cap as typed: 0 allows nothing; empty, negative or not a number allows nothing either (fail closed). */
const capOf = (value: unknown) => {
	const n = Number(value);
	return Number.isFinite(n) && n > 0 ? n : 0;
};

const isOff = (value: unknown) => value === false || value === 'false';

/**
 * The caps of the node's Storefront API credential. Limit Spending defaults on: n8n gives a
 * credential saved without the switch (before it existed, or created through n8n's API) its
 * default, so its caps hold as stored. Off, n8n drops the hidden cap fields.
 */
export async function credentialCaps(ctx: IExecuteSingleFunctions): Promise<SpendCaps> {
	const credential = (await ctx.getCredentials('storefrontApi')) ?? {};
	return {
		limited: !isOff(credential.limitSpending),
		maxDailyBudget: capOf(credential.maxDailyBudget),
		maxLifetimeBudget: capOf(credential.maxLifetimeBudget),
		pausedOnly: credential.pausedOnly === true || credential.pausedOnly === 'true',
		maxSpendingCallsPerExecution: Math.floor(capOf(credential.maxSpendingCallsPerExecution)),
	};
}

/** A request value as text, trimmed (a number as its digits; none is empty). */
export const requestText = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value));
export const lowerText = (value: unknown) => requestText(value).toLowerCase();

/** Refuses the item: the cap, its value, the value asked, and that nothing was sent. */
export function refuseOverCap(ctx: IExecuteSingleFunctions, message: string, fix: string): never {
	failItem(ctx, `${message} Nothing was sent.`, `${WHERE} ${fix} ${FINAL}`);
}

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

/** The preSends that check the caps: an operation whose preSend list holds one is told `spendCapsNote`. */
const CAP_CHECKS = new WeakSet<PreSendAction>();
export function capCheck(check: PreSendAction): PreSendAction {
	CAP_CHECKS.add(check);
	return check;
}

/** preSend, before anything is sent: the budget caps and Paused Only (Validate Only included). */
export function checkSpendCaps(kind: Exclude<SpendKind, 'recommendations'>): PreSendAction {
	return capCheck(async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const caps = await credentialCaps(this);
		if (!caps.limited) return request;
		const body = (request.body ?? {}) as IDataObject;
		// every cap the request is over, in one error: the budget first, then the status
		const breaches = [...budgetBreaches(caps, budgetOf(kind, body)), ...pausedBreaches(caps, kind, body)];
		if (breaches.length) refuseOverCap(this, breaches.map((b) => b.message).join(' '), breaches.map((b) => b.fix).join(' '));
		return request;
	});
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
