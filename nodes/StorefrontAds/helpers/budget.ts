import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { collection } from '../../shared/fieldBuilders';
import { bodyFrom, failItem, requireAnyField } from '../../shared/requestActions';
import { NETWORKS, networkOfPlatform } from './networks';

/** What a new Budget Amount field shows: enough for every network (videonet's minimum is 20 USD), and created Paused. */
export const DEFAULT_BUDGET = 20;

/** Budgets (and campaign bids) are whole units of the ad account's currency, more than 0 (reference: budgetAmount). */
export function wholeBudget(ctx: IExecuteSingleFunctions, value: unknown, field = 'Budget Amount'): number {
	const amount = Number(value);
	const what = field === 'Bid Amount' ? 'Campaign bids' : 'Budgets';
	if (!Number.isInteger(amount)) {
		failItem(ctx, `${field} must be a whole number`, `${what} are whole units of the ad account's currency: enter ${Math.round(amount) || 1} instead of ${String(value)}.`);
	}
	if (!(amount > 0)) failItem(ctx, `${field} must be more than 0`, `${what} are whole units of the ad account's currency, 1 or more.`);
	return amount;
}

/** `send` map / `bodyFrom` transform of a Daily Budget (targeting forecasts and pricing): whole units too. */
export function wholeDailyBudget(this: IExecuteSingleFunctions, value: unknown): number {
	return wholeBudget(this, value, 'Daily Budget');
}
export function wholeDailyBudgetIn(this: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	return fields.dailyBudget === undefined ? fields : { ...fields, dailyBudget: wholeBudget(this, fields.dailyBudget, 'Daily Budget') };
}

export const budgetTypeOptions = [
	{ name: 'Daily', value: 'daily' },
	{ name: 'Lifetime', value: 'lifetime', description: 'Total for the whole run; needs an End Date' },
];

/**
 * Budget amount + type → `{budget: {amount, type}}` (Campaign → Create, campaign, ad set and ad
 * updates). Named `budget`: the top-level `budgetAmount` of an ad create is sent flat.
 */
export const budgetOptions: INodeProperties[] = [
	{
		displayName: 'Budget Amount',
		name: 'budget',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_BUDGET,
		description: "Whole units of the ad account's currency (no cents), more than 0",
	},
	{
		displayName: 'Budget Type',
		name: 'budgetType',
		type: 'options',
		options: budgetTypeOptions,
		default: 'daily',
		description: 'Used with Budget Amount',
	},
];

/** `bodyFrom` transform: `budget`/`budgetType` become `budget: {amount, type}`. */
export function budgetBody(this: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const { budget, budgetType, ...rest } = fields;
	if (budget !== undefined) return { ...rest, budget: { amount: wholeBudget(this, budget), type: (budgetType as string) ?? 'daily' } };
	if (budgetType !== undefined) failItem(this, 'Budget Type needs a Budget Amount', 'Add "Budget Amount" too, or remove "Budget Type".');
	return rest;
}

/** Update Fields of campaigns and ad sets (PUT with `platform`). */
export const updateFields = collection('Update Fields', 'updateFields', [
	{
		displayName: 'Bid Amount',
		name: 'bidAmount',
		type: 'number',
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		default: 1,
		description: 'In the ad account currency, more than 0: whole units on a campaign, any amount on an ad set',
	},
	{ displayName: 'Bid Strategy', name: 'bidStrategy', type: 'string', default: '', placeholder: 'e.g. LOWEST_COST_WITHOUT_CAP' },
	...budgetOptions,
	{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Socialnet only' },
]);

/** What each network lets an update of a campaign or an ad set change (reference: update support). */
function checkUpdate(level: 'campaign' | 'adSet') {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = request.body as IDataObject;
		const platform = String(body.platform);
		const network = networkOfPlatform(platform);
		const Platform = platform.charAt(0).toUpperCase() + platform.slice(1);
		const support = NETWORKS[network]?.campaignUpdate;
		if (level === 'campaign' && support === false) {
			failItem(this, `${Platform} campaigns cannot be updated`, 'Change the budget on the line item (Ad Set → Update) or on the ad (Ad → Update).');
		}
		if (body.name !== undefined && network !== 'socialnet') failItem(this, 'Only socialnet names can be changed', `Remove "Name": ${platform} does not rename.`);
		if (level === 'campaign' && support === 'budget' && (body.bidStrategy !== undefined || body.bidAmount !== undefined)) {
			failItem(this, `${Platform} takes budget changes only`, 'Remove "Bid Strategy" and "Bid Amount".');
		}
		// a campaign's bid is whole currency units (reference: PUT /v1/ads/campaigns); an ad set's bid is any number
		if (level === 'campaign' && body.bidAmount !== undefined) wholeBudget(this, body.bidAmount, 'Bid Amount');
		if (body.bidAmount !== undefined && !(Number(body.bidAmount) > 0)) failItem(this, 'Bid Amount must be more than 0', 'Enter the bid in the ad account currency, e.g. 0.50.');
		return request;
	};
}

export const updatePreSend = (level: 'campaign' | 'adSet') => [requireAnyField('updateFields'), bodyFrom('updateFields', budgetBody), checkUpdate(level)];
