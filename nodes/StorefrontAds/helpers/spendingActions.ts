import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PostReceiveAction, PreSendAction } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../../shared/requestDefaults';
import { keyOf, keyOn } from '../../shared/wire/idempotency';
import {
	actionsOf,
	budgetBreaches,
	adBudgetOf,
	canDo,
	capsAdvice,
	credentialCaps,
	judgedActions,
	lowerText,
	pausedBreaches,
	refuseOverCap,
	requestText,
	type Breach,
	type SpendAction,
	type Spends,
} from './spendCaps';

/** Whether a request sends keywords: its own list, or its targeting's (a targeting that cannot be read counts: deny by default). */
function sendsKeywords(body: IDataObject): boolean {
	if (body.keywords !== undefined) return true;
	const targeting = body.targeting;
	return targeting !== undefined && (typeof targeting !== 'object' || targeting === null || Array.isArray(targeting) || 'keywords' in targeting);
}

/** The distinct spending actions a request takes, as its operation declares them (a resend of the same call is the same). */
function spendingCalls(actions: readonly SpendAction[], request: IHttpRequestOptions, ctx: IExecuteSingleFunctions, api: string): string[] {
	// what a judge found a request does (Recommendation → Apply), it does: no field of its body says so
	if (judgedActions(request)) return actions.length ? [callIdentity(ctx, request, api)] : [];
	const body = (request.body ?? {}) as IDataObject;
	const active = lowerText(body.status) === 'active';
	// a request that activates many campaigns (Bulk Set Status): each one made active counts, by campaign (a resend is the same)
	if (actions.includes('activate') && Array.isArray(body.campaigns)) {
		if (!active) return [];
		return (body.campaigns as IDataObject[]).map((c) => keyOf([api, 'campaign-active', requestText(c.platform), requestText(c.campaignId)]));
	}
	const counted =
		actions.includes('create') ||
		(actions.includes('activate') && active) ||
		(actions.includes('budget') && (body.budget !== undefined || body.budgetAmount !== undefined)) ||
		(actions.includes('bid') && (body.bidAmount !== undefined || body.bidStrategy !== undefined)) ||
		(actions.includes('keywords') && sendsKeywords(body));
	return counted ? [callIdentity(ctx, request, api)] : [];
}

/**
 * A call's identity: what it does, at which API key. With an Idempotency-Key of the user's, its
 * method, path and key: the API scopes a key by API key and path (docs/reference/contract.md), so a
 * resend (n8n's Retry On Fail, the node's own) is the same call, while the same key on another path
 * or another API key is another. Without one (the automatic key is stamped later, at sending), a
 * POST is one call per node and item, and a PUT its method, path and body: repeated, it changes nothing.
 */
function callIdentity(ctx: IExecuteSingleFunctions, request: IHttpRequestOptions, api: string): string {
	const method = String(request.method ?? 'GET');
	const key = keyOn(request);
	if (key) return keyOf([api, method, request.url, 'key', key]);
	// a POST without a key is one call per node and item
	const where = method === 'POST' ? [ctx.getNode().id ?? ctx.getNode().name, ctx.getItemIndex()] : [];
	return keyOf([api, ...where, method, request.url, request.body ?? null]);
}

/** The API key a call goes to, by its credential's Base URL and key (hashed: the count keeps no secret). */
async function apiOf(ctx: IExecuteSingleFunctions): Promise<string> {
	const credential = (await ctx.getCredentials(CREDENTIAL_NAME)) ?? {};
	return keyOf([String(credential.baseUrl ?? ''), String(credential.apiKey ?? '')]);
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

/** Max Spending Actions for the real call: the breach when it would go over, and the calls it adds (a resend of a counted call adds none). */
function countOf(ctx: IExecuteSingleFunctions, actions: readonly SpendAction[], request: IHttpRequestOptions, cap: number, api: string) {
	const calls = spendingCalls(actions, request, ctx, api);
	const made = callsOf(String(ctx.getExecutionId() ?? ''));
	const added = calls.filter((c) => !made.has(c));
	const total = made.size + added.length;
	if (!added.length || total <= cap) return { made, added };
	const breach: Breach =
		cap === 0
			? {
					message: 'This credential allows no spending action (Max Spending Actions per Execution is 0): no create, boost or activation, no budget or bid change, no keywords added.',
					pass: `It passes once the owner sets Max Spending Actions per Execution to ${total} or more.`,
				}
			: {
					message: `${added.length > 1 ? `Activating ${added.length} campaigns makes ${total} spending actions in this execution` : `Spending action ${total} of this execution`}, above this credential's cap of ${cap} (Max Spending Actions per Execution); ${made.size} already taken.`,
					pass: `It passes with Max Spending Actions per Execution of ${total} or more, or in another execution (one run of the workflow), after a person has looked at these.`,
				};
	return { made, added, breach };
}

/** What Validate Only checks were told the caps would refuse, by execution, node and item, for their output; bounded like the count. */
const wouldRefuse = new Map<string, { message: string; fix: string }>();
const itemKey = (ctx: IExecuteSingleFunctions) => `${String(ctx.getExecutionId() ?? '')}|${ctx.getNode().name}|${ctx.getItemIndex()}`;

/**
 * preSend, before anything is sent: the budget caps and Paused Only, as the declaration says. A
 * refused call is told every cap in its way, Max Spending Actions included. A Validate Only check
 * is never refused: it spends nothing, and its output says which caps would refuse the real call.
 */
export function checkSpendCaps(spends: Exclude<Spends, 'none'>): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const caps = await credentialCaps(this);
		if (!caps.limited) return request;
		const actions = await actionsOf(this, spends, caps, request);
		const body = (request.body ?? {}) as IDataObject;
		// every cap the request is over, in one error: the budget first, then the status, then the count
		const breaches = [
			...(actions.includes('budget') ? budgetBreaches(caps, adBudgetOf(body)) : []),
			...(actions.includes('activate') ? pausedBreaches(caps, actions.includes('create'), body) : []),
		];
		const dryRun = body.validateOnly === true;
		// the count's own check (last) knows the call's key; here it is named beside the others
		if (breaches.length || dryRun) {
			const { breach } = countOf(this, actions, request, caps.maxSpendingCallsPerExecution, await apiOf(this));
			if (breach) breaches.push(breach);
		}
		if (!breaches.length) return request;
		if (!dryRun) refuseOverCap(this, breaches);
		if (wouldRefuse.size >= EXECUTIONS_KEPT) wouldRefuse.delete(wouldRefuse.keys().next().value!);
		wouldRefuse.set(itemKey(this), { message: `${breaches.map((b) => b.message).join(' ')} The real call would be refused.`, fix: capsAdvice(this, breaches) });
		return request;
	};
}

/** postReceive of a spending operation: a Validate Only check's output says which caps would refuse the real call. */
export const reportCapsOnDryRun: PostReceiveAction = async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	const key = itemKey(this);
	const refusal = wouldRefuse.get(key);
	if (!refusal) return items;
	wouldRefuse.delete(key);
	return items.map((item) => ({ ...item, json: { ...item.json, capsWouldRefuse: refusal } }));
};

/** preSend, last (before the wire stamps the automatic Idempotency-Key): Max Spending Actions per Execution (`maxSpendingCallsPerExecution`). */
export function countSpendingCall(spends: Exclude<Spends, 'none'>): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const { limited, maxSpendingCallsPerExecution: cap } = await credentialCaps(this);
		if (!limited || (request.body as IDataObject | undefined)?.validateOnly === true) return request;
		const api = await apiOf(this);
		// nothing awaits from the count's reading to its update: RoutingNode sends an input's items at once
		// a judged request (Recommendation → Apply) counts what its judge found; not judged, all it can do (fail closed)
		const { made, added, breach } = countOf(this, judgedActions(request) ?? canDo(spends), request, cap, api);
		if (breach) refuseOverCap(this, [breach]);
		for (const c of added) made.add(c);
		return request;
	};
}
