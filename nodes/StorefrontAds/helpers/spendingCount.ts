import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';
import { nodeOf } from '../../shared/params';
import { digestOf, idempotencyKeyOf } from '../../shared/wire/idempotency';
import { credentialOfRun } from '../../shared/wire/send';
import { checkedBy } from '../../../credentials/capChecks';
import { lowerText, requestText, SPENDING_CAPS, type Breach, type CountCap, type CredentialCaps, type SpendAction } from '../../../credentials/spendingCaps';
import { judgedActions } from './spends';

/**
 * The count caps (a row of credentials/spendingCaps.ts with `per: 'execution'`, e.g. Max Spending
 * Actions per Execution): what counts as one spending action, and what each execution remembers
 * of them, in two places, so that a count is never forgotten while its execution can still run:
 *
 * - in this process, the calls each count cap counted (what makes a resend the same call) and how
 *   many pauses were sent (an activation after one is a new one), for the 1,000 executions used
 *   last, the oldest forgotten first, so the map cannot grow without limit;
 * - in the execution's own data, how many spending actions it took: n8n's execution custom data
 *   (`$execution.customData`), kept with its run data. An execution that waits (a Wait node, a
 *   human review) and resumes after 1,000 others, or on another worker in queue mode, or after a
 *   restart, goes on from that number: the calls themselves are not known there, so a resend of
 *   an earlier one counts again (fail closed). A spending action whose count cannot be kept there
 *   (the execution's custom data is full) is refused.
 */

interface Execution {
	calls: Map<string, Set<string>>;
	pauses: number;
}

const EXECUTIONS_KEPT = 1000;
const executions = new Map<string, Execution>();

/** The key of a count cap's number in the execution's custom data (letters, digits and _; at most 50). */
const dataKey = (field: string) => `storefront_${field}`;

interface CustomData {
	get(key: string): unknown;
	set(key: string, value: string): void;
}

/** n8n's `$execution.customData` of the execution the request is part of, when n8n gives one. */
function customDataOf(ctx: IExecuteSingleFunctions): CustomData | undefined {
	const data = (ctx.getWorkflowDataProxy(ctx.getItemIndex()) as { $execution?: { customData?: CustomData } } | undefined)?.$execution?.customData;
	return data && typeof data.get === 'function' && typeof data.set === 'function' ? data : undefined;
}

function executionOf(ctx: IExecuteSingleFunctions): Execution {
	const id = String(ctx.getExecutionId() ?? '');
	let execution = executions.get(id);
	if (execution) {
		// most recently used last: the oldest is the one forgotten
		executions.delete(id);
	} else {
		execution = { calls: new Map(), pauses: 0 };
		if (executions.size >= EXECUTIONS_KEPT) executions.delete(executions.keys().next().value!);
	}
	executions.set(id, execution);
	return execution;
}

/**
 * The calls a count cap (by its field) counted in the request's execution. First met in this
 * process, it holds as many as the execution's own data says it took (each a call not known here).
 */
export function countedCalls(ctx: IExecuteSingleFunctions, field: string): Set<string> {
	const { calls } = executionOf(ctx);
	let made = calls.get(field);
	if (!made) {
		const kept = Math.floor(Number(customDataOf(ctx)?.get(dataKey(field)) ?? 0));
		made = new Set(Array.from({ length: Number.isFinite(kept) && kept > 0 ? kept : 0 }, (_, i) => `taken before, not known here: ${i + 1}`));
		calls.set(field, made);
	}
	return made;
}

/**
 * Adds `added` to a count cap's calls, here and in the execution's own data, before anything is
 * sent; when the execution's data cannot hold the number, nothing is added and the request is
 * refused (the count would be forgotten if the execution resumed elsewhere).
 */
export function addCalls(ctx: IExecuteSingleFunctions, field: string, made: Set<string>, added: readonly string[]) {
	if (!added.length) return;
	const total = String(made.size + added.length);
	const data = customDataOf(ctx);
	data?.set(dataKey(field), total);
	if (String(data?.get(dataKey(field))) !== total) {
		failItem(
			ctx,
			`This spending action is refused: its count (Max Spending Actions per Execution) cannot be kept in this execution's data, so it would be forgotten if the execution waited and resumed. Nothing was sent.`,
			`n8n keeps at most 10 custom data keys per execution ($execution.customData), and this one needs "${dataKey(field)}": set fewer keys of your own in this workflow, then run it again.`,
		);
	}
	for (const call of added) made.add(call);
}

/** How many pauses were sent in the request's execution, as far as this process knows (an activation after one is a new one). */
const pausesOf = (ctx: IExecuteSingleFunctions) => executionOf(ctx).pauses;

/** A pause sent in the request's execution (any Set Status or Bulk Set Status, any node). */
export function notePause(ctx: IExecuteSingleFunctions) {
	executionOf(ctx).pauses += 1;
}

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
export async function apiOf(ctx: IExecuteSingleFunctions): Promise<string> {
	const credential = (await credentialOfRun(ctx)) ?? {};
	let api = apiByCredential.get(credential);
	if (api === undefined) apiByCredential.set(credential, (api = digestOf([String(credential.baseUrl ?? ''), String(credential.apiKey ?? '')])));
	return api;
}

/** Each node run's credential (wire/send.ts `credentialOfRun`) hashed once, not once per item. */
const apiByCredential = new WeakMap<object, string>();

/**
 * A count cap for the real call: the breach when it would go over, and the calls it adds (a resend
 * of a counted call adds none). It counts the actions it checks; a part of an action is none (2.5 allows 2).
 */
function countOf(ctx: IExecuteSingleFunctions, count: CountCap, actions: readonly SpendAction[], request: IHttpRequestOptions, caps: CredentialCaps, api: string) {
	const cap = Math.floor(Number(caps[count.field as keyof CredentialCaps]));
	const checked = checkedBy(count, actions);
	const calls = checked.length ? spendingCalls(checked, request, ctx, api) : [];
	const made = countedCalls(ctx, count.field);
	const added = calls.filter((c) => !made.has(c));
	const total = made.size + added.length;
	if (!added.length || total <= cap) return { field: count.field, made, added };
	const breach: Breach = cap === 0 ? count.refusals.none(total) : count.refusals.over({ total, cap, added: added.length, made: made.size });
	return { field: count.field, made, added, breach };
}

/** Every count cap for the real call (countOf). */
export const countsOf = (ctx: IExecuteSingleFunctions, actions: readonly SpendAction[], request: IHttpRequestOptions, caps: CredentialCaps, api: string) =>
	SPENDING_CAPS.flatMap((count) => (count.per === 'execution' ? [countOf(ctx, count, actions, request, caps, api)] : []));
