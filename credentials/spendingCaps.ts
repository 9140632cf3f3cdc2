import type { IDataObject } from 'n8n-workflow';

import { RECOMMENDATION_TYPES } from './recommendationTypes';

/**
 * The spending caps of the Storefront API credential: each cap is one row of SPENDING_CAPS and
 * holds all of itself: its credential field (name, label, precision, what 0 means, its help), the
 * spending actions it checks, what it reads of a request and its check, and its words (the note a
 * model reads, its refusal). From the rows:
 *
 * - the credential builds its cap fields and its notice (StorefrontApi.credentials.ts);
 * - the Ads node reads each cap from the credential and, on every request that can do an action a
 *   row checks, runs that row's check (`requestBreaches`, called by
 *   nodes/StorefrontAds/helpers/spendingActions.ts); a count of actions per execution needs the
 *   execution's memory: spendingCount.ts, beside it, counts it;
 * - `npm run docs` (scripts/caps-table.ts) writes docs/nodes.md's caps tables; the tests, the
 *   harness's `Credentials` and the sandbox's capped credential take the fields and examples.
 *
 * The credential imports this file, so it imports nothing outside credentials/ (n8n loads the
 * credential without the nodes). A row's `field` is what saved credentials hold: never rename one. A saved
 * credential gets a new field's default (0, or off), so a new cap's 0 must allow what saved
 * credentials allowed: `zero: 'noCap'`.
 */

/**
 * What an Ads operation's requests can do to spending (its `spends`, adsOperation.ts): `create`
 * something that can spend (always counted), `activate` something (Paused Only; counted when it
 * asks for active), set a `budget` (the budget caps; counted when it sends one), a `bid` (counted
 * when it sends one), or add `keywords` that bid (counted when it sends keywords, also inside
 * `targeting`).
 */
export const SPEND_ACTIONS = ['create', 'activate', 'budget', 'bid', 'keywords'] as const;
export type SpendAction = (typeof SPEND_ACTIONS)[number];

/** A cap a request is over: what it asked (naming the cap and its value) and the value that would pass. */
export interface Breach {
	message: string;
	pass: string;
}

/** What a cap's `reads` is given: the request's body as its operation built it, and whether the request creates something. */
export interface CapRequest {
	body: IDataObject;
	creates: boolean;
}

/** What every cap declares: its credential field and its words. */
interface CapField<F extends string> {
	/** The credential field's name: what saved credentials hold (never rename one). */
	field: F;
	/** The field's label in the credential, and the cap's name in every message and doc. */
	displayName: string;
	/** The field's help (at most 60 words; also docs/nodes.md's): what it checks and, for an amount, what 0 means ("0: no cap." when `zero` is noCap). */
	description: string;
	/** The spending actions it checks: an operation whose `spends` can do any of them is checked by it. */
	checks: readonly SpendAction[];
	/** What a model is told the owner can do with it (the tool description: "the owner of the credential can …"). */
	tool: string;
}

/** An amount, as its row declares it: the most one request may ask for. */
interface AmountCapRow<F extends string, Asked> extends CapField<F> {
	/** The decimal places the field takes: 0 (whole currency units, actions) or 2 (e.g. a bid of 0.50). */
	precision: 0 | 2;
	/**
	 * What 0, the field's default, means: `allowsNothing`, or `noCap` (nothing is checked). Saved
	 * credentials get the default: a new cap is `noCap`. Absent or empty reads as 0; negative or not a number reads as 0 under `allowsNothing` and refuses what the cap checks under `noCap` (never no cap).
	 */
	zero: 'allowsNothing' | 'noCap';
	/** The value the credential's notice suggests, and the sandbox's capped credential's. */
	example: number;
	/** What it reads of a request: undefined when the request asks for nothing it caps. */
	reads(request: CapRequest): Asked | undefined;
	/** Its refusal of what `reads` gave, under a cap of `cap` (0 only when `zero` is allowsNothing); undefined when it passes. */
	check(asked: Asked, cap: number): Breach | undefined;
}
export interface AmountCap<F extends string = string, Asked = unknown> extends AmountCapRow<F, Asked> {
	type: 'number';
	default: 0;
	per: 'request';
}

/** A switch, as its row declares it: off (the default) allows everything it checks; on, less. */
interface SwitchCapRow<F extends string, Asked> extends CapField<F> {
	example: boolean;
	reads(request: CapRequest): Asked | undefined;
	/** Its refusal of what `reads` gave, run only while the switch is on; undefined when it passes. */
	check(asked: Asked): Breach | undefined;
}
export interface SwitchCap<F extends string = string, Asked = unknown> extends SwitchCapRow<F, Asked> {
	type: 'boolean';
	default: false;
	per: 'request';
}

/** How many distinct spending actions (of `checks`) one execution may take: it needs the execution's memory (spendingCount.ts). */
interface CountCapRow<F extends string> extends CapField<F> {
	example: number;
	refusals: {
		/** The cap is 0; `total` the actions this execution would then have taken. */
		none: (total: number) => Breach;
		/** `added` the actions this request takes, `made` those taken before it. */
		over: (count: { total: number; cap: number; added: number; made: number }) => Breach;
	};
}
export interface CountCap<F extends string = string> extends CountCapRow<F> {
	type: 'number';
	default: 0;
	precision: 0;
	zero: 'allowsNothing';
	per: 'execution';
}

export type SpendingCap = AmountCap | SwitchCap | CountCap;

const amountCap = <const F extends string, Asked>(row: AmountCapRow<F, Asked>): AmountCap<F, Asked> => ({ ...row, type: 'number', default: 0, per: 'request' });
const switchCap = <const F extends string, Asked>(row: SwitchCapRow<F, Asked>): SwitchCap<F, Asked> => ({ ...row, type: 'boolean', default: false, per: 'request' });
const countCap = <const F extends string>(row: CountCapRow<F>): CountCap<F> => ({ ...row, type: 'number', default: 0, precision: 0, zero: 'allowsNothing', per: 'execution' });

/** A request value as text, trimmed (a number as its digits; none is empty). */
export const requestText = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value));
export const lowerText = (value: unknown) => requestText(value).toLowerCase();

/** The budget a request asks for, as `{amount, type}`: ad creates and boosts send it flat, the others nested (daily unless typed). */
export function adBudgetOf(body: IDataObject): { amount: unknown; type: string } | undefined {
	if (body.budgetAmount !== undefined) return { amount: body.budgetAmount, type: lowerText(body.budgetType) };
	const budget = body.budget as IDataObject | undefined;
	if (!budget || typeof budget !== 'object') return undefined;
	return { amount: budget.amount, type: lowerText(budget.type) || 'daily' };
}

/** What a budget cap reads: the amount of a budget of its type, or of a type the API does not take (held to every budget cap; the node refuses it first). */
const budgetOfType =
	(type: string) =>
	({ body }: CapRequest): unknown => {
		const budget = adBudgetOf(body);
		return budget && (budget.type === type || !['daily', 'lifetime'].includes(budget.type)) ? budget.amount : undefined;
	};

/** A budget cap's check: `what` as a sentence starts ("Daily budget"), `field` the cap's label. */
const budgetCheck =
	(what: string, field: string) =>
	(amount: unknown, cap: number): Breach | undefined => {
		// not a number: the node's own budget check refuses it next (whole units, more than 0)
		if (Number.isNaN(Number(amount)) || Number(amount) <= cap) return undefined;
		const [asked, lower] = [String(amount), what.toLowerCase()];
		if (cap === 0) return { message: `${what} ${asked} is refused: this credential allows no ${lower} (${field} is 0).`, pass: `It passes once the owner sets ${field} to ${asked} or more.` };
		return { message: `${what} ${asked} is above this credential's cap of ${cap} (${field}).`, pass: `A ${lower} of ${cap} or less passes (or ${field} of ${asked} or more).` };
	};

export const SPENDING_CAPS = [
	amountCap({
		field: 'maxDailyBudget',
		displayName: 'Max Daily Budget',
		precision: 0,
		zero: 'allowsNothing',
		example: 50,
		checks: ['budget'],
		description:
			"The largest daily budget one ad, boost, ad set or campaign may be created with, changed to or switched on with (its budget is read first), in whole units of the ad account's currency. Each one's own budget, not an account total: ten ads at 50 a day pass a cap of 50. 0: no daily budget may be set.",
		tool: 'cap the daily budget of each ad, ad set or campaign (whole units of the ad account currency; a cap of 0 allows none)',
		reads: budgetOfType('daily'),
		check: budgetCheck('Daily budget', 'Max Daily Budget'),
	}),
	amountCap({
		field: 'maxLifetimeBudget',
		displayName: 'Max Lifetime Budget',
		precision: 0,
		zero: 'allowsNothing',
		example: 500,
		checks: ['budget'],
		description:
			"The largest lifetime budget one ad, boost, ad set or campaign may be created with, changed to or switched on with, in whole units of the ad account's currency. 0: no lifetime budget may be set.",
		tool: 'cap its lifetime budget the same way',
		reads: budgetOfType('lifetime'),
		check: budgetCheck('Lifetime budget', 'Max Lifetime Budget'),
	}),
	switchCap({
		field: 'pausedOnly',
		displayName: 'Paused Only',
		example: true,
		checks: ['activate'],
		description:
			'Whether everything must be created PAUSED and no change may make an ad, ad set, campaign or keyword active (creates, boosts, status changes, updates): a person switches it on elsewhere. A request for ACTIVE is refused, not turned into PAUSED.',
		tool: 'allow PAUSED only',
		// the status asked (empty: none sent, which the API creates ACTIVE); a change that sends none leaves it as it is
		reads: ({ body, creates }) => (creates || requestText(body.status) !== '' ? { status: requestText(body.status), creates } : undefined),
		check: ({ status, creates }) =>
			status.toLowerCase() === 'paused'
				? undefined
				: {
						message: `Status ${status || '(none: the API then creates it ACTIVE)'} is refused: this credential allows paused only (Paused Only is on).`,
						pass: creates
							? 'Status PAUSED passes: create it PAUSED, for a person to switch on (or the owner turns Paused Only off).'
							: 'Only pausing passes: a person makes it active outside this credential (or the owner turns Paused Only off).',
					},
	}),
	countCap({
		field: 'maxSpendingCallsPerExecution',
		displayName: 'Max Spending Actions per Execution',
		example: 3,
		checks: SPEND_ACTIONS,
		description: `How many spending actions one run of a workflow may take across its items and tool calls: creating an ad, boost or campaign, making something active, changing a budget or bid, adding keywords, or applying a recommendation (one that changes budgets or bidding, e.g. ${RECOMMENDATION_TYPES.flatMap((row) => (row.treatment === 'refused' ? [row.types[0]] : [])).join(', ')}, or of a type not known, is refused). 0: no spending action.`,
		tool: 'limit how many creates, boosts, activations, budget or bid changes and keywords added one run makes',
		refusals: {
			none: (total) => ({
				message: 'This credential allows no spending action (Max Spending Actions per Execution is 0): no create, boost or activation, no budget or bid change, no keywords added.',
				pass: `It passes once the owner sets Max Spending Actions per Execution to ${total} or more.`,
			}),
			over: ({ total, cap, added, made }) => ({
				message: `${added > 1 ? `These ${added} spending actions make ${total} in this execution` : `Spending action ${total} of this execution`}, above this credential's cap of ${cap} (Max Spending Actions per Execution); ${made} already taken.`,
				pass: `It passes with Max Spending Actions per Execution of ${total} or more, or in another execution (one run of the workflow), after a person has looked at these.`,
			}),
		},
	}),
] as const;

/** The value of each cap, by its credential field: a number, or for a switch a boolean. */
export type CapValues = { [C in (typeof SPENDING_CAPS)[number] as C['field']]: C['type'] extends 'boolean' ? boolean : number };
/** What a credential holds, as the Ads node reads it (spendingActions.ts `credentialCaps`): Limit Spending (off: no cap is checked) and each cap's value. */
export type CredentialCaps = { limited: boolean } & CapValues;
