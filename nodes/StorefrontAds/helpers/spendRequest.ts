import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../shared/fieldBuilders';
import { inRequestFor } from '../../shared/operation';
import { isEmpty, sentWhenOn } from '../../shared/params';
import { reading } from '../../shared/reads';
import { failItem } from '../../shared/requestActions';
import { IDEMPOTENCY_HEADER } from '../../shared/wire/idempotency';
import { apiRequest } from '../../shared/wire/request';
import { budgetAmount, budgetType, endDate, status } from './adsFields';
import { accountId, adAccountId } from './adsLocators';
import { looksUp } from './adsOperation';
import { NETWORKS, networkOptions, type NetworkFacts } from './networks';

/**
 * A request that can spend (ad creates, Boost Post, Campaign → Create), in the order a reader meets
 * it: its fields (the network, the budget and the status it is created with: Paused by default, the
 * API itself defaults to ACTIVE; Validate Only, the user's own Idempotency Key) and where they go,
 * then the checks an ad's request passes before it is sent (whole budgets, dates, the network's
 * limits), and last the user's own Idempotency Key as the header.
 */

/** The ad network of a create or boost; `fact` keeps the networks that have it (e.g. `boost`). */
export function networkField(fact?: keyof NetworkFacts) {
	return field({
		displayName: 'Network',
		name: 'network',
		type: 'options',
		required: true,
		options: networkOptions(fact),
		default: 'socialnet',
		description: 'The ad network. Only the fields it needs are shown.',
	});
}

export const idempotencyOption = field({
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.postId }}-monday',
	description:
		'Leave empty for the automatic key: made from the workflow, this node, the item position and the fields sent, so repeating the same request (a retried execution, Retry On Fail, a re-run) within 24 hours returns the first result and creates nothing new. Set your own key, different per ad, to control this yourself.',
});

export const optionsCollection = collection('Options', 'options', [idempotencyOption], 'Add Option');

export const DRY_RUN_HINT = 'Socialnet allows 30 Validate Only checks per ad account per 5 minutes: validate once when ready, not on every run.';

export function validateOnlyField(description: string) {
	return field({ displayName: 'Validate Only', name: 'validateOnly', type: 'boolean', default: false, description, hint: DRY_RUN_HINT });
}

/** `inRequest` entries of status and Validate Only (validateOnly is sent only when on). */
export const statusInRequest = inRequestFor<[typeof status, ReturnType<typeof validateOnlyField>]>()({
	status: 'body',
	validateOnly: { in: 'body', optional: true, map: sentWhenOn },
});

/** Shown right under Status while it is Active (or set by an expression: n8n shows what it cannot decide). */
export const spendNotice = field({
	displayName: 'Active: this ad spends real money once the network approves it. Choose Paused, or turn on Validate Only below to check everything first.',
	name: 'spendNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { status: ['ACTIVE'] } },
});

/** The shared part of create and boost: what the user decides first (fix order: network, where, how much), the money warning beside Status. */
export const spendFields = [accountId, adAccountId, budgetAmount, budgetType, endDate, status, spendNotice];

/** Validate Only and Options: the last fields of every create and boost. */
export const spendTail = (validateOnly: string) => [validateOnlyField(validateOnly), optionsCollection];

/** Where the spend fields go: the body (the Ad Account's ID; the Ad Connection's is adsOperation's), End Date left out when empty. */
export const spendInRequest = inRequestFor<typeof spendFields | ReturnType<typeof spendTail>>()({
	adAccountId: { in: 'body', locator: true },
	budgetAmount: 'body',
	budgetType: 'body',
	// blank (e.g. a model's empty answer) stays unsent: End Date is optional
	endDate: { in: 'body', optional: true, map: (value: unknown) => (typeof value === 'string' ? value.trim() : value) },
	...statusInRequest,
});

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
	if (text === undefined || text === null || text === '') return undefined;
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

/**
 * The user's own Idempotency Key (Options), sent as the header. Without one, the wire stamps the
 * automatic key of a spending call (wire/idempotency.ts `spendKey`) when it sends it.
 */
function withOwnKey(request: IHttpRequestOptions, options: IDataObject): IHttpRequestOptions {
	const own = String(options.idempotencyKey ?? '').trim();
	if (own) request.headers = { ...request.headers, [IDEMPOTENCY_HEADER]: own };
	return request;
}

/** preSend of Campaign → Create: the user's own Idempotency Key. */
export const sendOwnIdempotencyKey = reading(['options'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	return withOwnKey(request, read.param<IDataObject>(this, 'options', {}));
});

/**
 * preSend of create / messaging / call / boost, the last of their own: the checks the API would
 * fail, made before anything is sent (a lookup: after the caps), then the user's own Idempotency Key.
 */
export function checkAdThenOwnKey(boost = false) {
	return looksUp(reading(['network', 'options'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const { network, options } = read.params(this, { network: '', options: {} as IDataObject });
		const body = (request.body ?? {}) as IDataObject;
		checkBudgetAndDates(this, network, body);
		checkCreative(this, network, body, boost);
		await checkMinimumBudget(this, network, body);
		return withOwnKey(request, options);
	}));
}
