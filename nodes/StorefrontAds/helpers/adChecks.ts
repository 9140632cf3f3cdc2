import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiRequest } from '../../shared/wire/request';
import { isEmpty } from '../../shared/params';
import { reading } from '../../shared/reads';
import { failItem } from '../../shared/requestActions';
import { looksUp } from './adsOperation';
import { NETWORKS } from './networks';

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

/**
 * A date as given (typed, mapped or from a model), or undefined when empty (an optional date
 * stays optional); anything that is not a date is refused with the form expected.
 */
export function checkedDate(ctx: IExecuteSingleFunctions, value: unknown, field: string): string | undefined {
	const text = typeof value === 'string' ? value.trim() : value;
	if (isEmpty(text)) return undefined;
	if (Number.isNaN(Date.parse(String(text)))) {
		failItem(ctx, `${field} "${String(value)}" is not a date`, `Give an ISO 8601 date, e.g. 2026-12-31 or 2026-12-31T18:00:00Z${field.includes('End') || field.includes('Start') ? ', or leave it empty' : ''}.`);
	}
	return String(text);
}

const DAY_MS = 24 * 3600 * 1000;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Budget and schedule checks shared by create, messaging, call and boost. */
function checkBudgetAndDates(ctx: IExecuteSingleFunctions, network: string, body: IDataObject) {
	wholeBudget(ctx, body.budgetAmount);
	const startDate = checkedDate(ctx, body.startDate, 'Start Date');
	const endDate = checkedDate(ctx, body.endDate, 'End Date');
	const start = startDate ? Date.parse(startDate) : Date.now();
	const end = endDate ? Date.parse(endDate) : undefined;
	if (body.budgetType === 'lifetime' && end === undefined) {
		failItem(ctx, 'A lifetime budget needs an End Date', 'Set "End Date", or choose a daily budget.');
	}
	if (end !== undefined && end <= start) failItem(ctx, 'End Date is not after Start Date', 'Set an End Date later than the start (or than now).');
	if (network === 'socialnet' && body.budgetType === 'daily' && end !== undefined && end - start < DAY_MS) {
		failItem(ctx, 'A daily-budget ad on socialnet must run at least 24 hours', 'Move "End Date" to at least 24 hours after the start, or use a lifetime budget.');
	}
}

/** Per-network required fields (reference: per-network requirements) and creative limits (reference: Limits). */
function checkCreative(ctx: IExecuteSingleFunctions, network: string, body: IDataObject, boost: boolean) {
	const missing = boost ? [] : (NETWORKS[network]?.requiredCreative ?? []).filter((f) => isEmpty(body[f]));
	if (missing.length) failItem(ctx, `${network} ads need ${missing.join(', ')}`, `Fill in ${missing.map((f) => `"${f}"`).join(', ')}.`);
	const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');
	if (network === 'microblog' && text('body').length > 280) {
		failItem(ctx, `Microblog ad text is ${text('body').length} characters; the limit is 280`, 'Shorten "Ad Text" to 280 characters or fewer.');
	}
	if (network === 'chatnet') {
		const headline = text('headline').length;
		if (headline < 3 || headline > 50) {
			failItem(ctx, `Chatnet headline is ${headline} characters; it must be 3 to 50`, 'Change "Headline" to between 3 and 50 characters.');
		}
		if (text('body').length > 100) {
			failItem(ctx, `Chatnet ad text is ${text('body').length} characters; the limit is 100`, 'Shorten "Ad Text" to 100 characters or fewer.');
		}
	}
	if ('phoneNumber' in body && !E164.test(text('phoneNumber'))) {
		failItem(ctx, `Phone number "${text('phoneNumber')}" is not in international format`, 'Write it with + and the country code, digits only, e.g. +15551234567.');
	}
}

/** Videonet's minimum is 20 USD: checked when the chosen ad account is in USD (one lookup, only when the budget is lower). */
async function checkMinimumBudget(ctx: IExecuteSingleFunctions, network: string, body: IDataObject) {
	const minimum = NETWORKS[network]?.minBudgetUsd;
	if (!minimum || Number(body.budgetAmount) >= minimum) return;
	let currency: string | undefined;
	try {
		const { body: answer } = await apiRequest.call(ctx, 'GET', '/v1/ads/accounts', { qs: { accountId: String(body.accountId) } });
		const accounts = (answer.accounts as IDataObject[] | undefined) ?? [];
		currency = accounts.find((a) => a.adAccountId === body.adAccountId)?.currency as string | undefined;
	} catch {
		return; // the API makes the same check; its answer explains it then
	}
	if (currency === 'USD') {
		failItem(ctx, `The ${network} minimum budget is ${minimum} USD; this ad has ${String(body.budgetAmount)} USD`, `Raise "Budget Amount" to ${minimum} or more.`);
	}
}

/** preSend of create / messaging / call / boost: the checks the API would fail, made before anything is sent (a lookup: after the caps). */
export function checkAdBeforeSending(boost = false) {
	return looksUp(reading(['network'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const network = read.param<string>(this, 'network', '');
		const body = (request.body ?? {}) as IDataObject;
		checkBudgetAndDates(this, network, body);
		checkCreative(this, network, body, boost);
		await checkMinimumBudget(this, network, body);
		return request;
	}));
}
