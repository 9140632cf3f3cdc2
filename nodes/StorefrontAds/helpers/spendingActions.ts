import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PostReceiveAction, PreSendAction } from 'n8n-workflow';

import { nodeOf } from '../../shared/params';
import { credentialOfRun } from '../../shared/runCredential';
import { digestOf, idempotencyKeyOf } from '../../shared/wire/idempotency';
import { addCalls, countedCalls, notePause, pausesOf } from './executionCounts';
import { capsOfKind, type CapOfKind } from '../../../credentials/spendCapDeclarations';
import {
	actionsOf,
	adBudgetOf,
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
import { overBudget, switchedOn, unreadBudget, type SwitchesOn } from './switchOn';

/** Whether a request sends keywords: its own list, or its targeting's (a targeting that cannot be read counts: deny by default). */
function sendsKeywords(body: IDataObject): boolean {
	if (body.keywords !== undefined) return true;
	const targeting = body.targeting;
	return targeting !== undefined && (typeof targeting !== 'object' || targeting === null || Array.isArray(targeting) || 'keywords' in targeting);
}

/**
 * The distinct spending actions a request takes, as its operation declares them (a resend of the
 * same call is the same). An activation names the pauses sent before it in the execution: after
 * anything was paused (by any node, one object or many), switching the same thing on again is a
 * new action, while a resend with no pause between is the same one.
 */
function spendingCalls(actions: readonly SpendAction[], request: IHttpRequestOptions, ctx: IExecuteSingleFunctions, api: string): string[] {
	const body = (request.body ?? {}) as IDataObject;
	// what a judge found a request does (Recommendation → Apply), it does, one action per recommendation named: no field of its body says so
	if (judgedActions(request)) return actions.length ? ((body.recommendations as IDataObject[] | undefined) ?? [{}]).map((r) => digestOf([api, 'recommendation', requestText(r.resourceName)])) : [];
	const active = lowerText(body.status) === 'active';
	const pauses = active && actions.includes('activate') ? pausesOf(ctx) : 0;
	// a request that activates many campaigns (Pause or Resume Many): each one made active counts, by campaign (a resend is the same)
	if (actions.includes('activate') && Array.isArray(body.campaigns)) {
		if (!active) return [];
		return (body.campaigns as IDataObject[]).map((c) => digestOf([api, 'campaign-active', requestText(c.platform), requestText(c.campaignId), pauses]));
	}
	const counted =
		actions.includes('create') ||
		(actions.includes('activate') && active) ||
		(actions.includes('budget') && (body.budget !== undefined || body.budgetAmount !== undefined)) ||
		(actions.includes('bid') && (body.bidAmount !== undefined || body.bidStrategy !== undefined)) ||
		(actions.includes('keywords') && sendsKeywords(body));
	return counted ? [callIdentity(ctx, request, api, pauses)] : [];
}

/**
 * A call's identity: what it does, at which API key. With an Idempotency-Key of the user's, its
 * method, path and key: the API scopes a key by API key and path (docs/reference/contract.md), so a
 * resend (n8n's Retry On Fail, the node's own) is the same call, while the same key on another path
 * or another API key is another. Without one (the automatic key is stamped later, at sending), a
 * POST is one call per node and item, and a PUT its method, path and body. An activation adds the
 * pauses sent before it (spendingCalls).
 */
function callIdentity(ctx: IExecuteSingleFunctions, request: IHttpRequestOptions, api: string, pauses: number): string {
	const method = String(request.method ?? 'GET');
	const key = idempotencyKeyOf(request);
	if (key) return digestOf([api, method, request.url, 'key', key, pauses]);
	// a POST without a key is one call per node and item
	const where = method === 'POST' ? [nodeOf(ctx).id ?? nodeOf(ctx).name, ctx.getItemIndex()] : [];
	return digestOf([api, ...where, method, request.url, request.body ?? null, pauses]);
}

/** The API key a call goes to, by its credential's Base URL and key (hashed: the count keeps no secret). */
async function apiOf(ctx: IExecuteSingleFunctions): Promise<string> {
	const credential = (await credentialOfRun(ctx)) ?? {};
	let api = apiByCredential.get(credential);
	if (api === undefined) apiByCredential.set(credential, (api = digestOf([String(credential.baseUrl ?? ''), String(credential.apiKey ?? '')])));
	return api;
}

/** Each node run's credential (runCredential.ts) hashed once, not once per item. */
const apiByCredential = new WeakMap<object, string>();

/**
 * A count cap (`kind: 'count'`, e.g. Max Spending Actions per Execution) for the real call: the
 * breach when it would go over, and the calls it adds (a resend of a counted call adds none). It
 * counts the actions it checks.
 */
function countOf(ctx: IExecuteSingleFunctions, count: CapOfKind<'count'>, actions: readonly SpendAction[], request: IHttpRequestOptions, caps: SpendCaps, api: string) {
	const cap = caps[count.field];
	const checked = checkedBy(count, actions);
	const calls = checked.length ? spendingCalls(checked, request, ctx, api) : [];
	const made = countedCalls(ctx, count.field);
	const added = calls.filter((c) => !made.has(c));
	const total = made.size + added.length;
	if (!added.length || total <= cap) return { field: count.field, made, added };
	const breach: Breach = cap === 0 ? count.refused.none(total) : count.refused.over({ total, cap, added: added.length, made: made.size });
	return { field: count.field, made, added, breach };
}

/** Every count cap for the real call (countOf). */
const countsOf = (ctx: IExecuteSingleFunctions, actions: readonly SpendAction[], request: IHttpRequestOptions, caps: SpendCaps, api: string) =>
	capsOfKind('count').map((count) => countOf(ctx, count, actions, request, caps, api));

/** What Validate Only checks were told the caps would refuse, by execution, node and item, for their output; at most this many. */
const EXECUTIONS_KEPT = 1000;
const wouldRefuse = new Map<string, { message: string; fix: string }>();
const itemKey = (ctx: IExecuteSingleFunctions) => `${String(ctx.getExecutionId() ?? '')}|${nodeOf(ctx).name}|${ctx.getItemIndex()}`;

/**
 * The budget caps held against what a status change switches on (switchOn.ts): its budget as the
 * API shows it, read first; one that cannot be read is refused.
 */
async function switchOnBreaches(ctx: IExecuteSingleFunctions, what: SwitchesOn, request: IHttpRequestOptions, caps: SpendCaps): Promise<Breach[]> {
	const breaches: Breach[] = [];
	for (const o of await switchedOn(ctx, what, request)) {
		const amount = o.budget?.amount;
		if (typeof amount !== 'number' || !Number.isFinite(amount)) {
			breaches.push(unreadBudget(o));
			continue;
		}
		// a type the caps do not know is held to each of them
		const type = ['daily', 'lifetime'].includes(lowerText(o.budget?.type)) ? lowerText(o.budget?.type) : 'unknown';
		for (const b of requestBreaches(caps, ['budget'], { budget: { amount, type } })) breaches.push(overBudget(o, b));
	}
	return breaches;
}

/**
 * preSend, before anything is sent: the budget caps and Paused Only, as the declaration says, and
 * for a status change that switches something on (`switchesOn`), its budget read from the API. A
 * refused call is told every cap in its way, Max Spending Actions included. A Validate Only check
 * is never refused: it spends nothing, and its output says which caps would refuse the real call.
 */
export function checkSpendCaps(spends: Exclude<Spends, 'none'>, switchesOn?: SwitchesOn): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const caps = await credentialCaps(this);
		if (!caps.limited) return request;
		const actions = await actionsOf(this, spends, caps, request);
		const body = (request.body ?? {}) as IDataObject;
		// every cap the request is over, in one error: in the declaration's order (the budget, then the status), then the count
		const breaches = requestBreaches(caps, actions, body);
		const dryRun = body.validateOnly === true;
		const api = await apiOf(this);
		// the count's own check (last) knows the call's key; here it is named beside the others
		const countBreaches = () => countsOf(this, actions, request, caps, api).flatMap(({ breach }) => (breach ? [breach] : []));
		// switching on: the budget of what it switches on (a read), unless a cap refuses it already or the request sets the budget itself
		if (!breaches.length && switchesOn && lowerText(body.status) === 'active' && !adBudgetOf(body) && !countBreaches().length) {
			breaches.push(...(await switchOnBreaches(this, switchesOn, request, caps)));
		}
		if (breaches.length || dryRun) breaches.push(...countBreaches());
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

/**
 * preSend, last (before the wire stamps the automatic Idempotency-Key): the count caps, e.g. Max
 * Spending Actions per Execution. A pause is noted, whatever the caps: an activation after it is a new one.
 */
export function countSpendingCall(spends: Exclude<Spends, 'none'>): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = (request.body ?? {}) as IDataObject;
		if (body.validateOnly === true) return request;
		const pauses = canDo(spends).includes('activate') && lowerText(body.status) === 'paused';
		const caps = await credentialCaps(this);
		const api = caps.limited ? await apiOf(this) : '';
		// nothing awaits from here to the count's update: RoutingNode sends an input's items at once
		if (pauses) notePause(this);
		if (!caps.limited) return request;
		// a judged request (Recommendation → Apply) counts what its judge found; not judged, all it can do (fail closed)
		const counts = countsOf(this, judgedActions(request) ?? canDo(spends), request, caps, api);
		const breaches = counts.flatMap(({ breach }) => (breach ? [breach] : []));
		if (breaches.length) refuseOverCap(this, breaches);
		for (const { field, made, added } of counts) addCalls(this, field, made, added);
		return request;
	};
}
