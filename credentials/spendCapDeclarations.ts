/**
 * The spending caps of the Storefront API credential, each declared once: its credential field
 * (name, label, default, what it checks in the user's words), the spending actions it checks, and
 * its words (the docs' tables, the note a model reads, a refusal). From this table:
 *
 * - the credential builds its cap fields (credentials/StorefrontApi.credentials.ts), under its own
 *   short *Spending caps* notice and the Limit Spending switch, which name no cap;
 * - spendCaps.ts reads them from the credential (`SpendCaps`) and runs each cap's check, chosen by
 *   its `kind` (a budget against an amount, Paused Only against a status, the count of an
 *   execution's spending actions in spendingActions.ts); the tool description's note lists them;
 * - `npm run docs:caps` (scripts/caps-table.ts) writes docs/nodes.md's tables and README.md's list;
 * - the test harness's `Credentials` type and the sandbox's capped credential take their fields
 *   and example values.
 *
 * The credential imports this file: it imports nothing at run time (n8n loads the credential
 * without the nodes), and the caps' checks stay in spendCaps.ts and spendingActions.ts. A field's
 * `field` name is what saved credentials hold: never rename one.
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

/**
 * What Recommendation → Apply does with each search-network recommendation type under Limit
 * Spending, written once (recommendationCaps.ts applies it; `npm run docs:caps` writes it into
 * docs/nodes.md; the count cap's field below says it). Judged by type, never by the network's
 * estimate: `counted`, applied and a spending action (`does`: what it is, for the count); `refused`,
 * whatever the estimate, as are types not listed here (the network adds types without notice).
 * No type is applied freely: every one changes the account for good, and makes ads or keywords
 * that spend, or changes how they do.
 */
export const RECOMMENDATION_TYPES = [
	{ types: ['TEXT_AD', 'RESPONSIVE_SEARCH_AD', 'RESPONSIVE_SEARCH_AD_ASSET', 'RESPONSIVE_SEARCH_AD_IMPROVE_AD_STRENGTH'], treatment: 'counted', does: 'create', what: 'new or better ad copy in an ad group that already bids' },
	{ types: ['SITELINK_ASSET', 'SITELINK_EXTENSION', 'CALLOUT_ASSET', 'CALLOUT_EXTENSION', 'STRUCTURED_SNIPPET_ASSET'], treatment: 'counted', does: 'create', what: 'links, callouts or snippets shown with existing ads' },
	{ types: ['KEYWORD'], treatment: 'counted', does: 'keywords', what: "a keyword, which starts bidding within the campaign's budget (as Keyword (Searchnet) → Add keywords to an ad group does)" },
	{ types: ['CAMPAIGN_BUDGET', 'MARGINAL_ROI_CAMPAIGN_BUDGET', 'FORECASTING_CAMPAIGN_BUDGET', 'MOVE_UNUSED_BUDGET'], treatment: 'refused', what: 'a budget change, by an amount the API does not show' },
	{
		types: ['MAXIMIZE_CLICKS_OPT_IN', 'MAXIMIZE_CONVERSIONS_OPT_IN', 'MAXIMIZE_CONVERSION_VALUE_OPT_IN', 'TARGET_CPA_OPT_IN', 'TARGET_ROAS_OPT_IN', 'ENHANCED_CPC_OPT_IN'],
		treatment: 'refused',
		what: 'a bidding change, which no cap can check',
	},
] as const satisfies ReadonlyArray<{ types: readonly string[]; what: string } & ({ treatment: 'counted'; does: SpendAction } | { treatment: 'refused' })>;
export type RecommendationRow = (typeof RECOMMENDATION_TYPES)[number];
export const recommendationRow = (type: string): RecommendationRow | undefined => RECOMMENDATION_TYPES.find((row) => (row.types as readonly string[]).includes(type));
const refusedTypes = RECOMMENDATION_TYPES.flatMap((row) => (row.treatment === 'refused' ? [row.types[0]] : []));

/** A cap a request is over: what it asked (naming the cap and its value) and the value that would pass. */
export interface Breach {
	message: string;
	pass: string;
}

interface Cap {
	/** The credential field's name: what saved credentials hold (never rename one). */
	field: string;
	/** The field's label in the credential, and the cap's name in every message and doc. */
	displayName: string;
	/** The credential field's description: what it checks, for the credential's owner. */
	description: string;
	/** The spending actions it checks: an operation whose `spends` can do any of them is checked by it. */
	checks: readonly SpendAction[];
	/** What it caps, in README.md's list (`npm run docs:caps`): one sentence. */
	readme: string;
	/** What it caps, in docs/nodes.md's table (`npm run docs:caps`). */
	docs: string;
	/** What a model is told the owner can do with it (the tool description: "the owner of the credential can …"). */
	tool: string;
}

/** A cap of an amount: 0 allows nothing; every amount the field accepts is whole (numberPrecision 0). */
interface AmountCap extends Cap {
	type: 'number';
	default: 0;
	/** The sandbox's capped credential's value, and the docs' example. */
	example: number;
}

/** A switch that, on, allows less; off (the default) allows everything it checks. */
interface SwitchCap extends Cap {
	type: 'boolean';
	default: false;
	example: boolean;
}

/**
 * The kinds of cap: what its check does (spendCaps.ts runs it, by kind) and the words it needs.
 * A new kind is a member here and its check there; a new cap of a known kind is a row below.
 */
export type SpendCap =
	| (AmountCap & {
			/** The largest budget of this type one ad, boost, ad set or campaign may ask for. */
			kind: 'budget';
			budgetType: 'daily' | 'lifetime';
			refused: {
				/** The cap is 0: no budget of this type. */
				none: (asked: string) => Breach;
				over: (asked: string, cap: number) => Breach;
			};
	  })
	| (SwitchCap & {
			/** On: a create asks for PAUSED, a change only pauses (spendCaps.ts `pausedBreaches`). */
			kind: 'pausedOnly';
			/** `status` as asked (empty: none), `creates` whether the request creates. */
			refused: (status: string, creates: boolean) => Breach;
	  })
	| (AmountCap & {
			/** How many distinct spending actions (of `checks`) one execution may take (spendingActions.ts). */
			kind: 'count';
			refused: {
				/** The cap is 0; `total` the actions this execution would then have taken. */
				none: (total: number) => Breach;
				/** `added` the actions this request takes, `made` those taken before it. */
				over: (count: { total: number; cap: number; added: number; made: number }) => Breach;
			};
	  });
export type CapKind = SpendCap['kind'];

/** A budget cap's refusals: `what` as a sentence starts ("Daily budget"), `field` the cap's label. */
function budgetRefusals(what: string, field: string): Extract<SpendCap, { kind: 'budget' }>['refused'] {
	const lower = what.toLowerCase();
	return {
		none: (asked) => ({
			message: `${what} ${asked} is refused: this credential allows no ${lower} (${field} is 0).`,
			pass: `It passes once the owner sets ${field} to ${asked} or more.`,
		}),
		over: (asked, cap) => ({
			message: `${what} ${asked} is above this credential's cap of ${cap} (${field}).`,
			pass: `A ${lower} of ${cap} or less passes (or ${field} of ${asked} or more).`,
		}),
	};
}

export const SPEND_CAPS = [
	{
		field: 'maxDailyBudget',
		displayName: 'Max Daily Budget',
		kind: 'budget',
		budgetType: 'daily',
		type: 'number',
		default: 0,
		example: 50,
		checks: ['budget'],
		description:
			"The largest daily budget one ad, boost, ad set or campaign may be created with, changed to or switched on with (its budget is read first), in whole units of the ad account's currency. Each one's own budget, not an account total: ten ads at 50 a day pass a cap of 50. 0: no daily budget may be set.",
		readme: 'The largest daily budget one ad, boost, ad set or campaign may be created with or changed to',
		docs: "The largest daily budget one ad, boost, campaign or ad set may be created with, changed to or switched on with (its budget is read before a status change sets it active; one that cannot be read is refused), in whole units of the ad account's currency (the API's unit for every ads budget)",
		tool: 'cap the daily budget of each ad, ad set or campaign (whole units of the ad account currency; a cap of 0 allows none)',
		refused: budgetRefusals('Daily budget', 'Max Daily Budget'),
	},
	{
		field: 'maxLifetimeBudget',
		displayName: 'Max Lifetime Budget',
		kind: 'budget',
		budgetType: 'lifetime',
		type: 'number',
		default: 0,
		example: 500,
		checks: ['budget'],
		description:
			"The largest lifetime budget one ad, boost, ad set or campaign may be created with, changed to or switched on with, in whole units of the ad account's currency. 0: no lifetime budget may be set.",
		readme: 'The same for lifetime budgets',
		docs: 'The same for lifetime budgets. A Budget Type that is neither `daily` nor `lifetime` (an expression\'s typo) is refused before the caps read it',
		tool: 'cap its lifetime budget the same way',
		refused: budgetRefusals('Lifetime budget', 'Max Lifetime Budget'),
	},
	{
		field: 'pausedOnly',
		displayName: 'Paused Only',
		kind: 'pausedOnly',
		type: 'boolean',
		default: false,
		example: true,
		checks: ['activate'],
		description:
			'Whether everything must be created PAUSED and no change may make an ad, ad set, campaign or keyword active (creates, boosts, status changes, updates): a person switches it on elsewhere. A request for ACTIVE is refused, not turned into PAUSED.',
		readme: 'Nothing may be created or set ACTIVE (keywords included): a request for ACTIVE is refused, never silently paused',
		docs: 'Nothing may be created ACTIVE (everything is created PAUSED, for a person to switch on) and no status change or update may make an ad, ad set, campaign or keyword active. A request for ACTIVE is **refused**, never silently turned into PAUSED: the workflow asked for something else. A create with no status at all is refused too (the API creates ACTIVE by default)',
		tool: 'allow PAUSED only',
		refused: (status, creates) => ({
			message: `Status ${status || '(none: the API then creates it ACTIVE)'} is refused: this credential allows paused only (Paused Only is on).`,
			pass: creates
				? 'Status PAUSED passes: create it PAUSED, for a person to switch on (or the owner turns Paused Only off).'
				: 'Only pausing passes: a person makes it active outside this credential (or the owner turns Paused Only off).',
		}),
	},
	{
		field: 'maxSpendingCallsPerExecution',
		displayName: 'Max Spending Actions per Execution',
		kind: 'count',
		type: 'number',
		default: 0,
		example: 3,
		checks: SPEND_ACTIONS,
		description:
			`How many spending actions one run of a workflow may take across its items and tool calls: creating an ad, boost or campaign, making something active, changing a budget or bid, adding keywords, or applying a recommendation (one that changes budgets or bidding, e.g. ${refusedTypes.join(', ')}, or of a type not known, is refused). 0: no spending action.`,
		readme: 'How many creates, boosts, activations, keywords added and budget or bid changes one run of a workflow may make',
		docs: 'How many spending actions (creates, boosts, activations, budget and bid changes, keywords added: the table below) one workflow execution may take, across all its items, nodes and tool calls',
		tool: 'limit how many creates, boosts, activations, budget or bid changes and keywords added one run makes',
		refused: {
			none: (total) => ({
				message: 'This credential allows no spending action (Max Spending Actions per Execution is 0): no create, boost or activation, no budget or bid change, no keywords added.',
				pass: `It passes once the owner sets Max Spending Actions per Execution to ${total} or more.`,
			}),
			over: ({ total, cap, added, made }) => ({
				message: `${added > 1 ? `These ${added} spending actions make ${total} in this execution` : `Spending action ${total} of this execution`}, above this credential's cap of ${cap} (Max Spending Actions per Execution); ${made} already taken.`,
				pass: `It passes with Max Spending Actions per Execution of ${total} or more, or in another execution (one run of the workflow), after a person has looked at these.`,
			}),
		},
	},
] as const satisfies readonly SpendCap[];

type Declared = (typeof SPEND_CAPS)[number];

/** The caps of one kind, as declared. */
export type CapOfKind<K extends CapKind> = Extract<Declared, { kind: K }>;
export const capsOfKind = <K extends CapKind>(kind: K): Array<CapOfKind<K>> => SPEND_CAPS.filter((c): c is CapOfKind<K> => c.kind === kind);

/** The value of each cap, by its credential field: a number, or for a switch a boolean. */
export type CapValues = { [C in Declared as C['field']]: C['type'] extends 'boolean' ? boolean : number };

/** Each cap at its `example` value (the sandbox's capped credential; docs/development.md). */
export const EXAMPLE_CAPS = Object.fromEntries(SPEND_CAPS.map((c) => [c.field, c.example])) as CapValues;

/** Caps in words, as the credential shows them: "Max Daily Budget 50, Paused Only" (a switch that is off is left out). */
export const capsInWords = (values: Partial<CapValues>) =>
	SPEND_CAPS.flatMap((c) => {
		const value = values[c.field as keyof CapValues];
		if (value === undefined || value === false) return [];
		return [value === true ? c.displayName : `${c.displayName} ${String(value)}`];
	}).join(', ');
