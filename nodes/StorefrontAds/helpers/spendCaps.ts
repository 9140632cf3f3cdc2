import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { keyOf } from '../../shared/wire/idempotency';
import { apiRequest } from '../../shared/wire/apiRequest';
import { failItem } from '../../shared/requestActions';
import { SPEND_CAPPED } from '../../shared/toolDescription';

/**
 * The spending caps of the credential (credentials/StorefrontApi.credentials.ts, "Spending caps"):
 * the owner of a shared credential decides what any workflow, expression or AI model using it may
 * spend. With Limit Spending on, each cap holds as typed (0 allows nothing); off, nothing is
 * checked. Every operation that can spend or raise spend runs two of these preSends:
 *
 * - `checkSpendCaps(kind)`, before anything is sent (before any lookup a check of ours makes):
 *   budgets against Max Daily / Max Lifetime Budget, the status against Paused Only. Validate Only
 *   requests are checked too: a check the caps would refuse never comes back "valid".
 * - `countSpendingCall(kind)`, last (after the Idempotency-Key is set): Max Spending Actions per
 *   Execution (`maxSpendingCallsPerExecution`), counting distinct calls; Validate Only spends
 *   nothing and is not counted.
 *
 * The values are read from the request the operation built, so they are checked whatever their
 * source: a fixed value, an expression, `$fromAI` (the tool path is RoutingNode alone, and runs
 * the same preSend). A refused item fails through `failItem`: under Continue On Fail an error item
 * paired with its input; nothing of it is sent.
 */

/** What an operation does with money, which decides what is checked and whether it counts. */
export type SpendKind =
	/** Ad create (standard, messaging, call) and Boost Post: `budgetAmount` + `budgetType`, `status` ACTIVE/PAUSED. */
	| 'adCreate'
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
export async function spendCaps(ctx: IExecuteSingleFunctions): Promise<SpendCaps> {
	const credential = (await ctx.getCredentials('storefrontApi')) ?? {};
	return {
		limited: !isOff(credential.limitSpending),
		maxDailyBudget: capOf(credential.maxDailyBudget),
		maxLifetimeBudget: capOf(credential.maxLifetimeBudget),
		pausedOnly: credential.pausedOnly === true || credential.pausedOnly === 'true',
		maxSpendingCallsPerExecution: Math.floor(capOf(credential.maxSpendingCallsPerExecution)),
	};
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value));
const lower = (value: unknown) => text(value).toLowerCase();

/** Refuses the item: the cap, its value, the value asked, and that nothing was sent. */
function refuse(ctx: IExecuteSingleFunctions, message: string, fix: string): never {
	failItem(ctx, `${message} Nothing was sent.`, `${WHERE} ${fix} ${FINAL}`);
}

/** The budget a request asks for, as `{amount, type}` (creates send it flat, the others nested). */
function budgetOf(kind: SpendKind, body: IDataObject): { amount: unknown; type: string } | undefined {
	if (kind === 'adCreate') return body.budgetAmount === undefined ? undefined : { amount: body.budgetAmount, type: lower(body.budgetType) };
	const budget = body.budget as IDataObject | undefined;
	if (!budget || typeof budget !== 'object') return undefined;
	return { amount: budget.amount, type: lower(budget.type) || 'daily' };
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
	const asked = text(body.status);
	// an update that leaves the status as it is
	if (kind === 'update' && asked === '') return [];
	if (asked.toLowerCase() === 'paused') return [];
	const creates = kind === 'adCreate' || kind === 'campaignCreate';
	return [
		{
			message: `Status ${asked || '(none: the API then creates it ACTIVE)'} is refused: this credential allows paused only (Paused Only is on).`,
			fix: creates ? 'Create it PAUSED, for a person to switch on.' : 'Only a person may make it active, outside this credential.',
		},
	];
}

/** Recommendation types that raise a budget, and those that change bids (reference: Recommendation → Get Many types). */
const BUDGET_RECOMMENDATIONS = ['CAMPAIGN_BUDGET'];
const BID_RECOMMENDATIONS = ['MAXIMIZE_CLICKS_OPT_IN', 'TARGET_CPA_OPT_IN'];

/** Whether an Apply spends (set by its check, read by its count). */
const APPLY_SPENDS = new WeakMap<object, boolean>();

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
		refuse(
			ctx,
			`Applying ${budget.join(', ')} is refused: ${unknown.length ? 'a recommendation whose type cannot be looked up may raise' : 'a campaign budget recommendation raises'} a budget by an amount not known beforehand, and this credential caps budgets (Max Daily Budget ${caps.maxDailyBudget}, Max Lifetime Budget ${caps.maxLifetimeBudget}).`,
			'Apply the other recommendations, and change the budget with Campaign → Update within the cap.',
		);
	}
	APPLY_SPENDS.set(request, budget.length + bids.length > 0);
}

/** preSend, before anything is sent: the budget caps and Paused Only (Validate Only included). */
export function checkSpendCaps(kind: SpendKind): PreSendAction {
	const check = async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const caps = await spendCaps(this);
		if (!caps.limited) return request;
		const body = (request.body ?? {}) as IDataObject;
		if (kind === 'recommendations') {
			await checkRecommendations(this, caps, request);
			return request;
		}
		// every cap the request is over, in one error: the budget first, then the status
		const breaches = [...budgetBreaches(caps, budgetOf(kind, body)), ...pausedBreaches(caps, kind, body)];
		if (breaches.length) refuse(this, breaches.map((b) => b.message).join(' '), breaches.map((b) => b.fix).join(' '));
		return request;
	};
	// told to models: the tool description of an operation running it says that caps may apply
	SPEND_CAPPED.add(check);
	return check;
}

/** Whether a request spends, and the distinct spending actions it takes (a resend of the same call is the same). */
function spendingCalls(kind: SpendKind, request: IHttpRequestOptions, ctx: IExecuteSingleFunctions): string[] {
	const body = (request.body ?? {}) as IDataObject;
	if (body.validateOnly === true) return [];
	const active = lower(body.status) === 'active';
	if (kind === 'status' && !active) return [];
	if (kind === 'update' && body.budget === undefined && body.bidAmount === undefined && body.bidStrategy === undefined && !active) return [];
	if (kind === 'recommendations' && !APPLY_SPENDS.get(request)) return [];
	// a bulk status change makes each campaign active: each one counts, by campaign (a resend is the same)
	if (kind === 'bulkStatus') {
		if (!active) return [];
		return ((body.campaigns as IDataObject[] | undefined) ?? []).map((c) => `campaign-active:${text(c.platform)}:${text(c.campaignId)}`);
	}
	return [callIdentity(ctx, request)];
}

/**
 * A call's identity: its Idempotency-Key (the API creates nothing new for a resend with the same
 * key: n8n's Retry On Fail and the node's own resends send the same one); a request without one
 * (PUT) is the same call when its method, path and body are the same (a PUT repeated changes nothing).
 */
function callIdentity(ctx: IExecuteSingleFunctions, request: IHttpRequestOptions): string {
	const headers = (request.headers ?? {}) as IDataObject;
	const name = Object.keys(headers).find((h) => h.toLowerCase() === 'idempotency-key');
	if (name && text(headers[name])) return `key:${text(headers[name])}`;
	const method = String(request.method ?? 'GET');
	// a POST without a key is one call per node and item
	const where = method === 'POST' ? [ctx.getNode().id ?? ctx.getNode().name, ctx.getItemIndex()] : [];
	return `call:${keyOf([...where, method, request.url, request.body ?? null])}`;
}

/**
 * The spending actions of each execution, in this process: an execution runs in one process
 * (in queue mode on one worker), so the count holds there. At most this many executions are
 * remembered, oldest forgotten first, so the map cannot grow without limit.
 */
const EXECUTIONS_KEPT = 1000;
const callsByExecution = new Map<string, Set<string>>();

function callsOf(executionId: string): Set<string> {
	let calls = callsByExecution.get(executionId);
	if (calls) {
		// most recently used last: the oldest is the one forgotten
		callsByExecution.delete(executionId);
	} else {
		calls = new Set();
		if (callsByExecution.size >= EXECUTIONS_KEPT) callsByExecution.delete(callsByExecution.keys().next().value!);
	}
	callsByExecution.set(executionId, calls);
	return calls;
}

/** preSend, last (after the Idempotency-Key): Max Spending Actions per Execution (`maxSpendingCallsPerExecution`). */
export function countSpendingCall(kind: SpendKind): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const { limited, maxSpendingCallsPerExecution: cap } = await spendCaps(this);
		if (!limited) return request;
		const calls = spendingCalls(kind, request, this);
		if (!calls.length) return request;
		const made = callsOf(String(this.getExecutionId() ?? ''));
		const added = calls.filter((c) => !made.has(c));
		if (made.size + added.length > cap) {
			if (cap === 0) {
				refuse(
					this,
					'This credential allows no spending action (Max Spending Actions per Execution is 0): no create, boost or activation, no budget or bid change.',
					'None can be taken with this credential until its owner raises Max Spending Actions per Execution.',
				);
			}
			const total = made.size + added.length;
			const asked = added.length > 1 ? `Activating ${added.length} campaigns makes ${total} spending actions in this execution` : `Spending action ${total} of this execution`;
			refuse(
				this,
				`${asked}, above this credential's cap of ${cap} (Max Spending Actions per Execution); ${made.size} already taken.`,
				'Creates, boosts, activations and budget or bid changes count, per execution (one run of the workflow). Run the rest in another execution, after a person has looked at these.',
			);
		}
		for (const c of added) made.add(c);
		return request;
	};
}
