import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PreSendAction } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';
import { CREDENTIAL_NAME } from '../../shared/requestDefaults';
import { nodeOf } from '../../shared/params';
import { credentialOfRun } from '../../shared/wire/send';
import { reading, readsOf } from '../../shared/reads';
import { runsAsTool } from '../../shared/toolDescription';
import { requestBreaches } from '../../../credentials/capChecks';
import { adBudgetOf, lowerText, SPENDING_CAPS, type Breach, type CapValues, type CredentialCaps } from '../../../credentials/spendingCaps';
import { actionsOf, canDo, judgedActions, type Spends } from './spends';
import { addCalls, apiOf, countsOf, notePause } from './spendingCount';
import { overBudget, switchedOn, unreadBudget, type SwitchesOn } from './switchOn';

/**
 * The preSend actions adsOperation adds to an Ads operation that can spend (its `spends`,
 * spends.ts), in the order they run, and what a Validate Only check's output says of the caps:
 *
 * - `checkSpendValues`, once the body is built (it, the next, the operation's own actions from its
 *   first lookup and the count are one preSend, `checkSpending`):
 *   its status and budget type must be the API's own (case-sensitive) values, whatever the caps,
 *   so the caps read them as the API will.
 * - `checkSpendCaps`, next and before any lookup of ours (`looksUp`): with Limit Spending on, every
 *   cap checked per request (credentials/spendingCaps.ts `requestBreaches`: the budget caps, Paused
 *   Only); a call refused by them is told too whether a count would refuse it, so one refusal names
 *   every cap in the way, each with the value that would pass. A Validate Only request is never
 *   refused: it spends nothing, and its output says which caps would refuse the real call
 *   (`capsWouldRefuse`, added by the create's output: `withCapsWouldRefuse`).
 * - `countSpendingCall`, last, before the wire stamps the automatic Idempotency-Key at sending (it
 *   sees only a key the user set): the count caps (spendingCount.ts). Validate Only spends nothing
 *   and is not counted (Campaign → Create refuses it where the API would ignore it).
 *
 * A refused item fails through `failItem`: under Continue On Fail an error item paired with its
 * input; nothing of it is sent.
 */

/** An API enum in a spending request, with the words of its refusal. */
interface Enum {
	label: string;
	values: [string, string];
	/** What the values are written in, and the panel's names of them (in the values' order). */
	written: string;
	panel: [string, string];
	/** Whose values they are, when it matters (a create's status is not a change's). */
	whose?: string;
}

const CREATE_STATUS: Enum = { label: 'Status', values: ['ACTIVE', 'PAUSED'], written: 'capitals', panel: ['Active (Spends Money)', 'Paused (Recommended)'], whose: 'a create takes ' };
const CHANGE_STATUS: Enum = { label: 'Status', values: ['active', 'paused'], written: 'lower case', panel: ['Active', 'Paused'], whose: 'a change takes ' };
const BUDGET_TYPE: Enum = { label: 'Budget Type', values: ['daily', 'lifetime'], written: 'lower case', panel: ['Daily', 'Lifetime'] };

/**
 * A value the API would refuse is refused here (case-sensitive, docs/reference/contract.md,
 * 2026-11-27), naming the values it takes. Never reshaped: ` PAUSED ` trimmed or `paused`
 * upper-cased is not what the workflow gave.
 */
function requireOneOf(ctx: IExecuteSingleFunctions, value: unknown, e: Enum) {
	if (value === undefined || (typeof value === 'string' && e.values.includes(value))) return;
	const [a, b] = e.values;
	failItem(
		ctx,
		`${e.label} ${JSON.stringify(value)} is not one the API takes: ${e.whose ?? ''}${a} or ${b}, exactly so (${e.written}, no spaces). Nothing was sent.`,
		`Choose "${e.panel[0]}" or "${e.panel[1]}" in ${e.label}, or make the expression give ${a} or ${b} exactly.`,
	);
}

/** preSend of every spending operation, before the caps: its status and budget type as the API takes them. */
function checkSpendValues(spends: Exclude<Spends, 'none'>): PreSendAction {
	const status = canDo(spends).includes('create') ? CREATE_STATUS : CHANGE_STATUS;
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = (request.body ?? {}) as IDataObject;
		requireOneOf(this, body.status, status);
		// flat on ad creates and boosts, nested elsewhere
		requireOneOf(this, 'budgetType' in body ? body.budgetType : (body.budget as IDataObject | undefined)?.type, BUDGET_TYPE);
		return request;
	};
}

/** An amount cap as typed: empty, negative or not a number reads as 0, which its row says the meaning of (fail closed for a cap whose 0 allows nothing). */
/**
 * A stored amount: absent (saved before its cap existed) reads as 0. One that is negative or not a
 * number reads as 0 for a cap whose 0 allows nothing, and as NaN for one whose 0 means no cap, which
 * then refuses what it checks (spendingCaps.ts `breachOf`): never as no cap.
 */
const amountOf = (value: unknown, zero: 'allowsNothing' | 'noCap') => {
	if (value === undefined || value === null || value === '') return 0;
	const n = Number(value);
	if (Number.isFinite(n) && n >= 0) return n;
	return zero === 'noCap' ? Number.NaN : 0;
};

/**
 * The caps of the node's Storefront API credential, each read by its type. Limit Spending defaults
 * on: n8n gives a credential saved without the switch (before it existed, or created through n8n's
 * API) its default, so its caps hold as stored. Off, n8n drops the hidden cap fields.
 */
export async function credentialCaps(ctx: IExecuteSingleFunctions): Promise<CredentialCaps> {
	// read once per node run (wire/send.ts `credentialOfRun`): n8n's read is a database query and a decryption
	const credential = (await credentialOfRun(ctx)) ?? {};
	const on = (value: unknown) => value === true || value === 'true';
	const values = Object.fromEntries(SPENDING_CAPS.map((cap) => [cap.field, cap.type === 'boolean' ? on(credential[cap.field]) : amountOf(credential[cap.field], cap.zero)])) as CapValues;
	return { limited: credential.limitSpending !== false && credential.limitSpending !== 'false', ...values };
}

/** The credential's caps, and the API key's hash when they limit spending, read once per request: by its caps, then by its count. */
const readFor = new WeakMap<object, { caps: CredentialCaps; api: string }>();
async function capsFor(ctx: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	let read = readFor.get(request);
	if (!read) {
		const caps = await credentialCaps(ctx);
		read = { caps, api: caps.limited ? await apiOf(ctx) : '' };
		readFor.set(request, read);
	}
	return read;
}

/** Who can change the caps: the owner of the node's credential, named as n8n names it to the user. */
function owner(ctx: IExecuteSingleFunctions): string {
	const name = ctx.getNode().credentials?.[CREDENTIAL_NAME]?.name;
	const credential = name ? `the credential "${name}"` : 'this Storefront API credential';
	return `The owner of ${credential} can change its Spending caps or turn Limit Spending off.`;
}
/** For a model only: a person who owns the credential can act on the refusal. */
const FINAL = 'This refusal is final: do not retry it or try other values to get around it; ask the owner of the credential.';

/** What the person (or model) can do: what would pass, the owner's way out, and, for a model, that it is final. */
const capsAdvice = (ctx: IExecuteSingleFunctions, breaches: Breach[]) => [...new Set(breaches.map((b) => b.pass)), owner(ctx), ...(runsAsTool(ctx) ? [FINAL] : [])].join(' ');

/** The description under a refusal: where each cap's operations are listed (the message says the rest). */
const CAPS_TABLE = 'docs/nodes.md, "Spending caps", lists which operations each cap checks.';

/**
 * Refuses the item: every cap in the way, each with its value and the value asked, that nothing was
 * sent, what would pass and who can change the caps, all in the message: n8n keeps only the message
 * under Continue On Fail, and its agent hands a model only a failed tool's message.
 */
export function refuseOverCap(ctx: IExecuteSingleFunctions, breaches: Breach[]): never {
	failItem(ctx, `${breaches.map((b) => b.message).join(' ')} Nothing was sent. ${capsAdvice(ctx, breaches)}`, CAPS_TABLE);
}

/** What Validate Only checks were told the caps would refuse, by execution, node and item, for their output; at most this many. */
const EXECUTIONS_KEPT = 1000;
const wouldRefuse = new Map<string, { message: string; fix: string }>();
const itemKey = (ctx: IExecuteSingleFunctions) => `${String(ctx.getExecutionId() ?? '')}|${nodeOf(ctx).name}|${ctx.getItemIndex()}`;

/**
 * The caps that check a budget held against what a status change switches on (switchOn.ts): its
 * budget as the API shows it, read first; one that cannot be read is refused.
 */
async function switchOnBreaches(ctx: IExecuteSingleFunctions, what: SwitchesOn, request: IHttpRequestOptions, caps: CredentialCaps): Promise<Breach[]> {
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
 * preSend, before anything is sent: the caps checked per request, as the declaration says, and
 * for a status change that switches something on (`switchesOn`), its budget read from the API. A
 * refused call is told every cap in its way, the counts included. A Validate Only check is never
 * refused: it spends nothing, and its output says which caps would refuse the real call.
 */
export function checkSpendCaps(spends: Exclude<Spends, 'none'>, switchesOn?: SwitchesOn): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const { caps, api } = await capsFor(this, request);
		if (!caps.limited) return request;
		const actions = await actionsOf(this, spends, caps, request);
		const body = (request.body ?? {}) as IDataObject;
		// every cap the request is over, in one error: in the rows' order (the budget, then the status), then the count
		const breaches = requestBreaches(caps, actions, body);
		const dryRun = body.validateOnly === true;
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

/**
 * preSend of every spending operation from its first lookup on: its status and budget type
 * (`checkSpendValues`), the caps (`checkSpendCaps`), its own actions from the first lookup
 * (`then`), and the count last (`countSpendingCall`).
 */
export function checkSpending(spends: Exclude<Spends, 'none'>, then: PreSendAction[], switchesOn?: SwitchesOn): PreSendAction {
	const values = checkSpendValues(spends);
	const caps = checkSpendCaps(spends, switchesOn);
	const count = countSpendingCall(spends);
	// what `then` reads, for operation.ts's check of its fields
	return reading(then.flatMap(readsOf), () => {
		return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
			request = await caps.call(this, await values.call(this, request));
			for (const action of then) request = await action.call(this, request);
			return await count.call(this, request);
		};
	});
}

/**
 * A Validate Only check's output item, with which caps would refuse the real call (`capsWouldRefuse`)
 * when any would: the create's output (createdOutput.ts `created`) adds it, every Validate Only being a create's.
 */
export function withCapsWouldRefuse(ctx: IExecuteSingleFunctions, item: INodeExecutionData): INodeExecutionData {
	if (!wouldRefuse.size) return item;
	const key = itemKey(ctx);
	const refusal = wouldRefuse.get(key);
	if (!refusal) return item;
	wouldRefuse.delete(key);
	return { ...item, json: { ...item.json, capsWouldRefuse: refusal } };
}

/**
 * preSend, last (before the wire stamps the automatic Idempotency-Key): the count caps, e.g. Max
 * Spending Actions per Execution. A pause is noted, whatever the caps: an activation after it is a new one.
 */
export function countSpendingCall(spends: Exclude<Spends, 'none'>): PreSendAction {
	const can = canDo(spends);
	const activates = can.includes('activate');
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = (request.body ?? {}) as IDataObject;
		if (body.validateOnly === true) return request;
		// the status as `checkSpendValues` let it through: PAUSED on a create, paused on a change
		const pauses = activates && (body.status === 'PAUSED' || body.status === 'paused');
		const { caps, api } = await capsFor(this, request);
		// nothing awaits from here to the count's update: RoutingNode sends an input's items at once
		if (pauses) notePause(this);
		if (!caps.limited) return request;
		// a judged request (Recommendation → Apply) counts what its judge found; not judged, all it can do (fail closed)
		const counts = countsOf(this, judgedActions(request) ?? can, request, caps, api);
		const breaches = counts.flatMap(({ breach }) => (breach ? [breach] : []));
		if (breaches.length) refuseOverCap(this, breaches);
		for (const { field, made, added } of counts) addCalls(this, field, made, added);
		return request;
	};
}
