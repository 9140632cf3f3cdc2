import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';

/**
 * The spending caps of the credential (credentials/StorefrontApi.credentials.ts, "Spending caps"):
 * the owner of a shared credential decides what any workflow, expression or AI model using it may
 * spend. With Limit Spending on, each cap holds as typed (0 allows nothing); off, nothing is
 * checked. Every operation that can spend or raise spend runs two preSends:
 *
 * - `checkSpendCaps(kind)` (spendCaps.ts), before anything is sent (before any lookup a check of
 *   ours makes): budgets against Max Daily / Max Lifetime Budget, the status against Paused Only.
 *   Validate Only requests are checked too: a check the caps would refuse never comes back "valid".
 * - `countSpendingCall(kind)` (spendingActions.ts), last (after the Idempotency-Key is set): Max
 *   Spending Actions per Execution (`maxSpendingCallsPerExecution`), counting distinct calls;
 *   Validate Only spends nothing and is not counted.
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

/** Boost Post (resources/ad/boost.ts) names its kind 'adCreate' until the request path's rebuild moves it: the same as 'newAd'. */
export type SpendKindAsNamed = SpendKind | 'adCreate';
export const spendKind = (kind: SpendKindAsNamed): SpendKind => (kind === 'adCreate' ? 'newAd' : kind);

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
