import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../../shared/actionNames';
import { collection, field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { bodyFrom, failItem, refuseUnsent } from '../../../shared/requestActions';
import { apiRequest } from '../../../shared/wire/request';
import { goalOptions } from '../../helpers/adCreate';
import { name, status } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation, looksUp } from '../../helpers/adsOperation';
import { budgetBody, budgetOptions } from '../../helpers/budget';
import { listed, NETWORKS, networksWhere } from '../../helpers/networks';
import { createdOutput } from '../../helpers/createdOutput';
import { networkField, optionsCollection, sendOwnIdempotencyKey, statusInRequest, validateOnlyField } from '../../helpers/spendRequest';

/** Searchnet, microblog and chatnet campaigns need a budget (reference: campaign create rules). */
async function requireBudgetWhereNeeded(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = param<string>(this, 'network', '');
	if (NETWORKS[network]?.campaignBudgetRequired && !(request.body as IDataObject).budget) {
		failItem(this, `A ${network} campaign needs a budget`, 'Add "Budget Amount" (and "Budget Type") under Additional Fields.');
	}
	return request;
}

/** The networks whose campaigns need a budget (the networks table). */
const BUDGET_NETWORKS = networksWhere('campaignBudgetRequired');

/** Where the API applies a campaign's Validate Only (the networks table), as the panel names them. */
const DRY_RUN_NETWORKS = networksWhere('campaignValidate')
	.map((n) => NETWORKS[n].name)
	.join(' and ');
// made while the node runs: the action's words, not a stand-in (actionNames.ts)
const dryRunFix = () =>
	`Validate Only checks a campaign on ${DRY_RUN_NETWORKS} only. Here, turn it off and set Status to "Paused (Recommended)" to create the campaign without spending; to check an ad on any network, use ${actionName('ad', 'create')} with Validate Only on.`;

/**
 * Validate Only is a dry run only where the API applies it; elsewhere the API ignores it and creates
 * the campaign as sent. The API goes by the Ad Connection's network, not the Network field, so a
 * check the field says is a dry run looks the connection up (a read) before it is sent.
 */
const dryRunOnlyWhereApplied = looksUp(async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const body = request.body as IDataObject;
	if (body.validateOnly !== true) return request;
	let network = param<string>(this, 'network', '');
	if (NETWORKS[network]?.campaignValidate) {
		const { body: answer } = await apiRequest.call(this, 'GET', '/v1/ads/connections', { itemIndex: this.getItemIndex() });
		const connection = ((answer.connections as IDataObject[] | undefined) ?? []).find((c) => c.id === body.accountId);
		if (!connection) refuseUnsent(this, `Validate Only is refused: Ad Connection ${String(body.accountId)} is not among the API's connections, so whether its network applies Validate Only is unknown. Nothing was sent.`, dryRunFix());
		network = String(connection.network);
	}
	if (!NETWORKS[network]?.campaignValidate) {
		refuseUnsent(this, `Validate Only is not a dry run for a ${network} campaign: the API applies it on ${DRY_RUN_NETWORKS} only, and would create this campaign as sent (status, budget and all). Nothing was sent.`, dryRunFix());
	}
	return request;
});

export const fields = [
	networkField(),
	accountId,
	adAccountId,
	name,
	status,
	field({
		displayName: 'Goal',
		name: 'goal',
		type: 'options',
		options: goalOptions,
		required: true,
		default: 'traffic',
		description: 'What the network optimizes for (not every goal exists on every network); another value can be given as an expression',
	}),
	field({
		displayName: `${listed(BUDGET_NETWORKS.map((n) => NETWORKS[n].name))} campaigns need a budget: add Budget Amount under Additional Fields.`,
		name: 'budgetNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { network: BUDGET_NETWORKS } },
	}),
	collection('Additional Fields', 'additionalFields', budgetOptions),
	validateOnlyField(`Whether to only check the campaign and create nothing: on ${DRY_RUN_NETWORKS} only (the API ignores it elsewhere and creates the campaign, so it is refused there)`),
	optionsCollection,
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = adsOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a campaign',
	description: `Create an empty campaign; add ads to it with ${actionName('ad', 'create')} (Additional Fields → Existing Campaign, socialnet and searchnet)`,
	method: 'POST',
	path: '/v1/ads/campaigns',
	spends: ['create', 'activate', 'budget'],
	// a spending call: keyed by the workflow, so a re-run of the same request within 24 hours spends nothing twice
	keying: 'workflow',
	fields,
	inRequest: {
		adAccountId: { in: 'body', locator: true },
		name: 'body',
		goal: 'body',
		...statusInRequest,
	},
	preSend: [bodyFrom('additionalFields', budgetBody), requireBudgetWhereNeeded, dryRunOnlyWhereApplied, sendOwnIdempotencyKey],
	postReceive: [createdOutput('campaign')],
});
