import { actionName } from '../../shared/actionNames';
import { collection, field } from '../../shared/fieldBuilders';
import { PLATFORMS } from './networks';

/**
 * Fields several Ads operations show (the IDs they pick From list: adsLocators.ts). Each operation
 * imports the ones it shows into its `fields`; the node declares each name once
 * (nodes/shared/oneDeclarationPerName.ts).
 */

export const platform = field({
	displayName: 'Platform',
	name: 'platform',
	type: 'options',
	required: true,
	options: PLATFORMS,
	default: 'socialfeed',
	description: 'Where it runs: the platform shown next to it in the list (and in Get Many output)',
});

/** What a new Budget Amount field shows: enough for every network (videonet's minimum is 20 USD), and created Paused. */
export const DEFAULT_BUDGET = 20;

export const budgetTypeOptions = [
	{ name: 'Daily', value: 'daily' },
	{ name: 'Lifetime', value: 'lifetime', description: 'Total for the whole run; needs an End Date' },
];

/** The budget a new ad (create, boost) runs on, sent as it is; campaign and update budgets are the `budget` option (budget.ts). */
export const budgetAmount = field({
	displayName: 'Budget Amount',
	name: 'budgetAmount',
	type: 'number',
	required: true,
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: DEFAULT_BUDGET,
	description: "Whole units of the ad account's currency (no cents), more than 0. Videonet needs at least 20 USD.",
});

export const budgetType = field({
	displayName: 'Budget Type',
	name: 'budgetType',
	type: 'options',
	required: true,
	options: budgetTypeOptions,
	default: 'daily',
});

export const endDate = field({
	displayName: 'End Date',
	name: 'endDate',
	type: 'dateTime',
	default: '',
	description: 'When the ad stops. Required for a lifetime budget; a daily-budget socialnet ad must run at least 24 hours.',
});

/** The name of the campaign an ad create or Campaign → Create makes (audiences have `audienceName`). */
export const name = field({
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	description: 'The campaign name',
});

export const audienceName = field({
	displayName: 'Name',
	name: 'audienceName',
	type: 'string',
	required: true,
	default: '',
	description: 'The audience name',
});

/** The status a create or boost asks for: Paused unless set otherwise (the API itself defaults to ACTIVE). */
export const status = field({
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: [
		{ name: 'Paused (Recommended)', value: 'PAUSED', description: 'Created paused: nothing is spent until you activate it' },
		{ name: 'Active (Spends Money)', value: 'ACTIVE', description: 'Starts spending real money as soon as the network approves it' },
	],
	default: 'PAUSED',
	description: 'Status it is created with. ACTIVE spends real money once the network approves it.',
});

/** Search keywords, one per line: Keyword → Add and Get Historical Metrics (searchnet ads: `searchnetKeywords`). */
export const keywords = field({
	displayName: 'Keywords',
	name: 'keywords',
	type: 'string',
	typeOptions: { rows: 3 },
	required: true,
	default: '',
	placeholder: 'e.g. linen dress\nsummer dress',
	description: 'One keyword per line (a comma stays inside the keyword), or a list from an expression',
});

/** The countries whose searches keyword ideas and historical metrics cover (sent as `countries`; ads target theirs under Targeting or Additional Fields). */
export const searchCountries = field({
	displayName: 'Countries',
	name: 'searchCountries',
	type: 'string',
	default: '',
	placeholder: 'e.g. US, CA',
	description: 'Countries whose searches the figures cover: ISO country codes, separated by commas or new lines; empty means worldwide',
});

/** The targeting `spec` of bid pricing and supply forecast. */
export const spec = collection('Targeting Spec', 'spec', [
	{ displayName: 'Countries', name: 'countries', type: 'string', default: '', placeholder: 'e.g. US, CA', description: 'ISO country codes, separated by commas or new lines' },
	{ displayName: 'Industries', name: 'industries', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'One per line (pronet)' },
	{ displayName: 'Seniorities', name: 'seniorities', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'One per line (pronet)' },
	{ displayName: 'More Spec (JSON)', name: 'moreJson', type: 'json', default: '{}', description: 'Any other spec keys, e.g. {"jobFunctions": ["marketing"]}' },
]);

/** The recommendations to apply or dismiss. */
export const resourceNames = field({
	displayName: 'Recommendations',
	name: 'resourceNames',
	type: 'string',
	typeOptions: { rows: 2 },
	required: true,
	default: '',
	placeholder: 'e.g. customers/1234567890/recommendations/1',
	description: `The recommendations by name, as ${actionName('recommendation', 'getAll')} lists them (e.g. customers/1234567890/recommendations/1), separated by commas or new lines, or a list from an expression`,
});
