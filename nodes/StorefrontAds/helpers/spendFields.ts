import { field } from '../../shared/fieldBuilders';
import { inRequestFor } from '../../shared/operation';
import { accountId, adAccountId, budgetAmount, budgetType, endDate, status } from './adsFields';
import { optionsCollection } from './spendSafety';

/**
 * The fields of a request that can spend (ad creates, Boost Post, Campaign → Create): the budget and
 * the status it is created with (Paused by default: the API itself defaults to ACTIVE), Validate
 * Only, and where they go in the request.
 */

export const DRY_RUN_HINT = 'Socialnet allows 30 Validate Only checks per ad account per 5 minutes: validate once when ready, not on every run.';

export function validateOnlyField(description: string) {
	return field({ displayName: 'Validate Only', name: 'validateOnly', type: 'boolean', default: false, description, hint: DRY_RUN_HINT });
}

/** `inRequest` entries of status and Validate Only (validateOnly is sent only when on). */
export const statusInRequest = inRequestFor<[typeof status, ReturnType<typeof validateOnlyField>]>()({
	status: 'body',
	validateOnly: { in: 'body', optional: true, map: (v: unknown) => (v ? true : undefined) },
});

/** The shared part of create and boost: what the user decides first (fix order: network, where, how much). */
export const spendFields = [accountId, adAccountId, budgetAmount, budgetType, endDate, status];

export const spendNotice = field({
	displayName: 'An ACTIVE ad spends real money once the network approves it. Keep it Paused, or turn on Validate Only to check everything first.',
	name: 'spendNotice',
	type: 'notice',
	default: '',
});

/** Validate Only, the spend notice and Options: the last fields of every create and boost. */
export const spendTail = (validateOnly: string) => [validateOnlyField(validateOnly), spendNotice, optionsCollection];

/** Where the spend fields go: the body (the Ad Account's ID; the Ad Connection's is adsOperation's), End Date left out when empty. */
export const spendInRequest = inRequestFor<typeof spendFields | ReturnType<typeof spendTail>>()({
	adAccountId: { in: 'body', locator: true },
	budgetAmount: 'body',
	budgetType: 'body',
	// blank (e.g. a model's empty answer) stays unsent: End Date is optional
	endDate: { in: 'body', optional: true, map: (value: unknown) => (typeof value === 'string' ? value.trim() : value) },
	...statusInRequest,
});
