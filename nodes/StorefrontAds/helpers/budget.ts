import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';
import { budgetTypeOptions, DEFAULT_BUDGET } from './adsFields';
import { wholeBudget } from './spendRequest';

/** `send` map / `bodyFrom` transform of a Daily Budget (targeting forecasts and pricing): whole units too. */
export function wholeDailyBudget(this: IExecuteSingleFunctions, value: unknown): number {
	return wholeBudget(this, value, 'Daily Budget');
}
export function wholeDailyBudgetIn(this: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	return fields.dailyBudget === undefined ? fields : { ...fields, dailyBudget: wholeBudget(this, fields.dailyBudget, 'Daily Budget') };
}

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
