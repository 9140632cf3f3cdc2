import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PostReceiveAction, PreSendAction } from 'n8n-workflow';

import { nodeOf } from '../../shared/params';
import { credentialOfRun } from '../../shared/runCredential';
import { keyOf, keyOn } from '../../shared/wire/idempotency';
import { capsOfKind, type CapOfKind } from './spendCapDeclarations';
import {
	actionsOf,
	canDo,
	capsAdvice,
	checkedBy,
	credentialCaps,
	judgedActions,
	lowerText,
	refuseOverCap,
	requestBreaches,
	requestText,
	type Breach,
	type SpendAction,
	type SpendCaps,
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
	const credential = (await credentialOfRun(ctx)) ?? {};
	let api = apiByCredential.get(credential);
	if (api === undefined) apiByCredential.set(credential, (api = keyOf([String(credential.baseUrl ?? ''), String(credential.apiKey ?? '')])));
	return api;
}

/** Each node run's credential (runCredential.ts) hashed once, not once per item. */
const apiByCredential = new WeakMap<object, string>();

/**
 * The spending actions of each execution, in this process, by count cap (its field): an execution
 * runs in one process (in queue mode on one worker), so the count holds there. At most this many
 * executions are remembered, oldest forgotten first, so the map cannot grow without limit.
 */
const EXECUTIONS_KEPT = 1000;
const callsByExecution = new Map<string, Map<string, Set<string>>>();

function callsOf(executionId: string, field: string): Set<string> {
	let byCap = callsByExecution.get(executionId);
	if (byCap) {
		// most recently used last: the oldest is the one forgotten
		callsByExecution.delete(executionId);
	} else {
		byCap = new Map();
		if (callsByExecution.size >= EXECUTIONS_KEPT) callsByExecution.delete(callsByExecution.keys().next().value!);
	}
	callsByExecution.set(executionId, byCap);
	if (!byCap.has(field)) byCap.set(field, new Set());
	return byCap.get(field)!;
}

/**
 * A count cap (`kind: 'count'`, e.g. Max Spending Actions per Execution) for the real call: the
 * breach when it would go over, and the calls it adds (a resend of a counted call adds none). It
 * counts the actions it checks.
 */
function countOf(ctx: IExecuteSingleFunctions, count: CapOfKind<'count'>, actions: readonly SpendAction[], request: IHttpRequestOptions, caps: SpendCaps, api: string) {
	const cap = caps[count.field];
	const checked = checkedBy(count, actions);
	const calls = checked.length ? spendingCalls(checked, request, ctx, api) : [];
	const made = callsOf(String(ctx.getExecutionId() ?? ''), count.field);
	const added = calls.filter((c) => !made.has(c));
	const total = made.size + added.length;
	if (!added.length || total <= cap) return { made, added };
	const breach: Breach = cap === 0 ? count.refused.none(total) : count.refused.over({ total, cap, added: added.length, made: made.size });
	return { made, added, breach };
}

/** Every count cap for the real call (countOf). */
const countsOf = (ctx: IExecuteSingleFunctions, actions: readonly SpendAction[], request: IHttpRequestOptions, caps: SpendCaps, api: string) =>
	capsOfKind('count').map((count) => countOf(ctx, count, actions, request, caps, api));

/** What Validate Only checks were told the caps would refuse, by execution, node and item, for their output; bounded like the count. */
const wouldRefuse = new Map<string, { message: string; fix: string }>();
const itemKey = (ctx: IExecuteSingleFunctions) => `${String(ctx.getExecutionId() ?? '')}|${nodeOf(ctx).name}|${ctx.getItemIndex()}`;

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
		// every cap the request is over, in one error: in the declaration's order (the budget, then the status), then the count
		const breaches = requestBreaches(caps, actions, body);
		const dryRun = body.validateOnly === true;
		// the count's own check (last) knows the call's key; here it is named beside the others
		if (breaches.length || dryRun) {
			for (const { breach } of countsOf(this, actions, request, caps, await apiOf(this))) if (breach) breaches.push(breach);
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

/** preSend, last (before the wire stamps the automatic Idempotency-Key): the count caps, e.g. Max Spending Actions per Execution. */
export function countSpendingCall(spends: Exclude<Spends, 'none'>): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const caps = await credentialCaps(this);
		if (!caps.limited || (request.body as IDataObject | undefined)?.validateOnly === true) return request;
		const api = await apiOf(this);
		// nothing awaits from the count's reading to its update: RoutingNode sends an input's items at once
		// a judged request (Recommendation → Apply) counts what its judge found; not judged, all it can do (fail closed)
		const counts = countsOf(this, judgedActions(request) ?? canDo(spends), request, caps, api);
		const breaches = counts.flatMap(({ breach }) => (breach ? [breach] : []));
		if (breaches.length) refuseOverCap(this, breaches);
		for (const { made, added } of counts) for (const c of added) made.add(c);
		return request;
	};
}
