import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../shared/fieldBuilders';
import { inRequestFor } from '../../shared/operation';
import { reading } from '../../shared/reads';
import { IDEMPOTENCY_HEADER } from '../../shared/wire/idempotency';
import { budgetAmount, budgetType, endDate, status } from './adsFields';
import { accountId, adAccountId } from './adsLocators';
import { networkOptions, type NetworkFacts } from './networks';

/**
 * The fields of a request that can spend (ad creates, Boost Post, Campaign → Create): the network,
 * the budget and the status it is created with (Paused by default: the API itself defaults to
 * ACTIVE), Validate Only, the user's own Idempotency Key, and where they go in the request.
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

/**
 * preSend: the user's own Idempotency Key (Options), sent as the header. Without one, the wire
 * stamps the automatic key of a spending call (wire/idempotency.ts `spendKey`) when it sends it.
 */
export const sendOwnIdempotencyKey = reading(['options'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const own = String(read.param<IDataObject>(this, 'options', {}).idempotencyKey ?? '').trim();
	if (own) request.headers = { ...request.headers, [IDEMPOTENCY_HEADER]: own };
	return request;
});

export const DRY_RUN_HINT = 'Socialnet allows 30 Validate Only checks per ad account per 5 minutes: validate once when ready, not on every run.';

export function validateOnlyField(description: string) {
	return field({ displayName: 'Validate Only', name: 'validateOnly', type: 'boolean', default: false, description, hint: DRY_RUN_HINT });
}

/** `inRequest` entries of status and Validate Only (validateOnly is sent only when on). */
export const statusInRequest = inRequestFor<[typeof status, ReturnType<typeof validateOnlyField>]>()({
	status: 'body',
	validateOnly: { in: 'body', optional: true, map: (v: unknown) => (v ? true : undefined) },
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
