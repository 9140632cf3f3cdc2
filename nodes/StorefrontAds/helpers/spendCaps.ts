import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';

import type { ResourceSpec } from '../../shared/assembly';
import { failItem } from '../../shared/requestActions';
import { CREDENTIAL_NAME } from '../../shared/requestDefaults';
import { credentialOfRun } from '../../shared/runCredential';
import { runsAsTool, type OperationNote } from '../../shared/toolDescription';
import { capsOfKind, SPEND_ACTIONS, SPEND_CAPS, type Breach, type CapKind, type CapOfKind, type CapValues, type SpendAction } from '../../../credentials/spendCapDeclarations';

export { SPEND_ACTIONS, type Breach, type SpendAction } from '../../../credentials/spendCapDeclarations';

/**
 * The spending caps of the credential (credentials/StorefrontApi.credentials.ts, "Spending caps",
 * each declared once in spendCapDeclarations.ts `SPEND_CAPS`): the owner of a shared credential decides what any workflow, expression or AI model using it may
 * spend. With Limit Spending on, each cap holds as typed (0 allows nothing); off, nothing is
 * checked.
 *
 * Every Ads operation declares in its own file what its requests can do to spending (`spends`,
 * adsOperation.ts), and that declaration alone decides what is checked. adsOperation adds to the
 * preSend of an operation that can spend:
 *
 * - `checkSpendValues(spends)` (spendValues.ts), once the body is built: its status and budget
 *   type must be the API's own (case-sensitive) values, whatever the caps, so the caps read them as
 *   the API will.
 * - `checkSpendCaps(spends)` (spendingActions.ts), next and before any lookup of
 *   ours (`looksUp`): the budget against Max Daily / Max Lifetime Budget (`budget`), the status
 *   against Paused Only (`activate`; with `create`, no status means ACTIVE); a call refused by
 *   them is told too whether Max Spending Actions would refuse it, so one refusal names every cap
 *   in the way, each with the value that would pass. A Validate Only request is never refused:
 *   it spends nothing, and its output says which caps would refuse the real call
 *   (`capsWouldRefuse`).
 * - `countSpendingCall(spends)` (spendingActions.ts), last, before the wire stamps the automatic Idempotency-Key at sending (it sees only a key the user set): Max
 *   Spending Actions per Execution (`maxSpendingCallsPerExecution`), counting distinct calls by
 *   what they do at the API (method, path, and Idempotency-Key or body, at the credential's API
 *   key); Validate Only spends nothing and is not counted (Campaign → Create refuses it where the
 *   API would ignore it).
 *
 * Recommendation → Apply names no amounts: each of its requests is judged (recommendationCaps.ts).
 *
 * The values are read from the request the operation built, so they are checked whatever their
 * source: a fixed value, an expression, `$fromAI` (the tool path is RoutingNode alone, and runs
 * the same preSend). A refused item fails through `failItem`: under Continue On Fail an error item
 * paired with its input; nothing of it is sent.
 */

/** What a request can do to spending (spendCapDeclarations.ts `SPEND_ACTIONS`), as an operation declares it: one or more. */
export type SpendActions = readonly [SpendAction, ...SpendAction[]];

/**
 * An operation whose requests are judged one by one before anything is sent (Recommendation →
 * Apply): `can` is what any of them may do; `judge` refuses the request or says what it does.
 */
export interface JudgedSpends {
	can: SpendActions;
	judge: (ctx: IExecuteSingleFunctions, caps: SpendCaps, request: IHttpRequestOptions) => Promise<readonly SpendAction[]>;
}

/** An Ads operation's declaration (adsOperation `spends`): `'none'` only when no request of it can spend. */
export type Spends = 'none' | SpendActions | JudgedSpends;

/** What an operation's requests can do, at most. */
export const canDo = (spends: Spends): readonly SpendAction[] => (spends === 'none' ? [] : 'can' in spends ? spends.can : spends);

/** The actions of `actions` a cap checks (its declaration's `checks`). */
export const checkedBy = (cap: { checks: readonly SpendAction[] }, actions: readonly SpendAction[]) => actions.filter((a) => cap.checks.includes(a));
/** Whether a cap checks a request that can do `actions`: it checks one of them. */
export const checksAny = (cap: { checks: readonly SpendAction[] }, actions: readonly SpendAction[]) => checkedBy(cap, actions).length > 0;

/** The kinds of cap that check an operation, from its declaration (docs/nodes.md's table, one column per kind). */
export function capsChecking(spends: Spends): Record<CapKind, boolean> {
	const can = canDo(spends);
	const kinds = {} as Record<CapKind, boolean>;
	for (const cap of SPEND_CAPS) kinds[cap.kind] = (kinds[cap.kind] ?? false) || checksAny(cap, can);
	return kinds;
}

/** A declaration as written, checked at load: an operation file that declares nothing (plain JS, a cast) does not load. */
export function checkedSpends(action: string, spends: unknown): Spends {
	const known = (list: unknown) => Array.isArray(list) && list.length > 0 && list.every((a) => (SPEND_ACTIONS as readonly unknown[]).includes(a));
	const judged = typeof spends === 'object' && spends !== null && known((spends as JudgedSpends).can) && typeof (spends as JudgedSpends).judge === 'function';
	if (spends === 'none' || known(spends) || judged) return spends as Spends;
	throw new Error(`${action}: declare what its requests can do to spending (spends: 'none', or a list of ${SPEND_ACTIONS.join(', ')}); unknown means spending`);
}

/** The declaration of each Ads operation option (adsOperation sets it; the node's assembly requires one). */
const DECLARED = new WeakMap<INodePropertyOptions, Spends>();
export const declareSpends = (option: INodePropertyOptions, spends: Spends) => void DECLARED.set(option, spends);
export const spendsOf = (option: INodePropertyOptions): Spends | undefined => DECLARED.get(option);

/** At load: an operation not built with adsOperation has said nothing of what it spends, and the node does not load. */
export function requireSpendDeclarations(resources: ResourceSpec[]) {
	for (const r of resources) {
		for (const o of r.operations) {
			if (!spendsOf(o.option)) throw new Error(`${r.value}.${String(o.option.value)}: build it with adsOperation and declare what its requests can do to spending (spends); unknown means spending`);
		}
	}
}

/** The credential's caps as they hold (SPEND_CAPS, by field), and Limit Spending: off, no cap is checked. */
export type SpendCaps = { limited: boolean } & CapValues;

/** Who can change the caps: the owner of the node's credential, named as n8n names it to the user. */
function owner(ctx: IExecuteSingleFunctions): string {
	const name = ctx.getNode().credentials?.[CREDENTIAL_NAME]?.name;
	const credential = name ? `the credential "${name}"` : 'this Storefront API credential';
	return `The owner of ${credential} can change its Spending caps or turn Limit Spending off.`;
}
/** For a model only: a person who owns the credential can act on the refusal. */
const FINAL = 'This refusal is final: do not retry it or try other values to get around it; ask the owner of the credential.';

/** A cap as typed: 0 allows nothing; empty, negative or not a number allows nothing either (fail closed). */
const capOf = (value: unknown) => {
	const n = Number(value);
	return Number.isFinite(n) && n > 0 ? n : 0;
};

const isOff = (value: unknown) => value === false || value === 'false';

/** How each kind of cap reads its field as typed. */
const READ: { [K in CapKind]: (value: unknown) => CapValues[CapOfKind<K>['field']] } = {
	budget: capOf,
	pausedOnly: (value) => value === true || value === 'true',
	// whole actions: 2.5 allows 2
	count: (value) => Math.floor(capOf(value)),
};

/**
 * The caps of the node's Storefront API credential. Limit Spending defaults on: n8n gives a
 * credential saved without the switch (before it existed, or created through n8n's API) its
 * default, so its caps hold as stored. Off, n8n drops the hidden cap fields.
 */
export async function credentialCaps(ctx: IExecuteSingleFunctions): Promise<SpendCaps> {
	// read once per node run (runCredential.ts): n8n's read is a database query and a decryption
	const credential = (await credentialOfRun(ctx)) ?? {};
	const values = Object.fromEntries(SPEND_CAPS.map((cap) => [cap.field, READ[cap.kind](credential[cap.field])])) as CapValues;
	return { limited: !isOff(credential.limitSpending), ...values };
}

/** A request value as text, trimmed (a number as its digits; none is empty). */
export const requestText = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value));
export const lowerText = (value: unknown) => requestText(value).toLowerCase();

/** What the person (or model) can do: what would pass, the owner's way out, and, for a model, that it is final. */
export const capsAdvice = (ctx: IExecuteSingleFunctions, breaches: Breach[]) =>
	[...new Set(breaches.map((b) => b.pass)), owner(ctx), ...(runsAsTool(ctx) ? [FINAL] : [])].join(' ');

/**
 * Refuses the item: every cap in the way, each with its value and the value asked, that nothing was
 * sent, what would pass and who can change the caps, all in the message: n8n keeps only the message
 * under Continue On Fail, and its agent hands a model only a failed tool's message.
 */
export function refuseOverCap(ctx: IExecuteSingleFunctions, breaches: Breach[]): never {
	failItem(ctx, `${breaches.map((b) => b.message).join(' ')} Nothing was sent. ${capsAdvice(ctx, breaches)}`, CAPS_TABLE);
}

/** The description under a refusal: where each cap's operations are listed (the message says the rest). */
const CAPS_TABLE = 'docs/nodes.md, "Spending caps", lists which operations each cap checks.';

/** The budget a request asks for, as `{amount, type}`: ad creates and boosts send it flat, the others nested. */
export function adBudgetOf(body: IDataObject): { amount: unknown; type: string } | undefined {
	if (body.budgetAmount !== undefined) return { amount: body.budgetAmount, type: lowerText(body.budgetType) };
	const budget = body.budget as IDataObject | undefined;
	if (!budget || typeof budget !== 'object') return undefined;
	return { amount: budget.amount, type: lowerText(budget.type) || 'daily' };
}

/** The budget types the budget caps know; a request's other type (checkSpendValues refuses it first) is held to every budget cap. */
const BUDGET_TYPES: readonly string[] = capsOfKind('budget').map((cap) => cap.budgetType);

/** A budget cap: the budget a request asks for, when of the cap's type, against it (0 allows none of that type). */
function budgetBreaches(cap: CapOfKind<'budget'>, max: number, body: IDataObject): Breach[] {
	const budget = adBudgetOf(body);
	if (!budget) return [];
	// not a number: the node's own budget check refuses it next (whole units, more than 0)
	if (Number.isNaN(Number(budget.amount))) return [];
	if (budget.type !== cap.budgetType && BUDGET_TYPES.includes(budget.type)) return [];
	if (Number(budget.amount) <= max) return [];
	return [max === 0 ? cap.refused.none(String(budget.amount)) : cap.refused.over(String(budget.amount), max)];
}

/**
 * Paused Only: a create must ask for PAUSED (the API creates ACTIVE when no status is sent), and a
 * status change or update may only pause. A request for ACTIVE is refused, never turned into PAUSED.
 */
function pausedBreach(cap: CapOfKind<'pausedOnly'>, on: boolean, creates: boolean, body: IDataObject): Breach[] {
	if (!on) return [];
	const asked = requestText(body.status);
	// a change that leaves the status as it is
	if (!creates && asked === '') return [];
	if (asked.toLowerCase() === 'paused') return [];
	return [cap.refused(asked, creates)];
}

/** Paused Only's check of one request (every cap of its kind). */
export const pausedBreaches = (caps: SpendCaps, creates: boolean, body: IDataObject): Breach[] =>
	capsOfKind('pausedOnly').flatMap((cap) => pausedBreach(cap, caps[cap.field], creates, body));

/**
 * Every cap a request doing `actions` is over by itself, in the declaration's order: the check of
 * each kind, keyed by the declaration's `kind` (a kind without its case here fails the type check).
 * The count needs the execution's memory: spendingActions.ts runs it.
 */
export function requestBreaches(caps: SpendCaps, actions: readonly SpendAction[], body: IDataObject): Breach[] {
	return SPEND_CAPS.flatMap((cap): Breach[] => {
		if (!checksAny(cap, actions)) return [];
		switch (cap.kind) {
			case 'budget':
				return budgetBreaches(cap, caps[cap.field], body);
			case 'pausedOnly':
				return pausedBreach(cap, caps[cap.field], actions.includes('create'), body);
			case 'count':
				return [];
		}
	});
}

/** What each request was judged to do (a judged operation's), for its count. */
const JUDGED = new WeakMap<object, readonly SpendAction[]>();
export const judgedActions = (request: IHttpRequestOptions) => JUDGED.get(request);

/** What the request does to spending: its judge's finding (Recommendation → Apply), else all it can do. */
export async function actionsOf(ctx: IExecuteSingleFunctions, spends: Exclude<Spends, 'none'>, caps: SpendCaps, request: IHttpRequestOptions) {
	if (!('judge' in spends)) return canDo(spends);
	const actions = await spends.judge(ctx, caps, request);
	JUDGED.set(request, actions);
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
	text: `Spending caps may apply: the owner of the credential can ${listed(SPEND_CAPS.map((cap) => cap.tool))}. A call over a cap is refused before anything is sent, with an error naming the cap and its value: that refusal is final, do not retry it or look for other values to get around it; stay within the cap or tell the user.`,
};
