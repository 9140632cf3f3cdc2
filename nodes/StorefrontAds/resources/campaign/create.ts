import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { bodyFrom, failItem } from '../../../shared/requestActions';
import { goalOptions } from '../../helpers/adCreate';
import { accountId, adAccountId, name, status } from '../../helpers/adsFields';
import { adsOperation } from '../../helpers/adsOperation';
import { budgetBody, budgetOptions } from '../../helpers/budget';
import { NETWORKS } from '../../helpers/networks';
import { createdOutput } from '../../helpers/createdOutput';
import { networkField, optionsCollection, sendOwnIdempotencyKey, statusInRequest, validateOnlyField } from '../../helpers/spendFields';

/** Searchnet, microblog and chatnet campaigns need a budget (reference: campaign create rules). */
async function requireBudgetWhereNeeded(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = param<string>(this, 'network', '');
	if (NETWORKS[network]?.campaignBudgetRequired && !(request.body as IDataObject).budget) {
		failItem(this, `A ${network} campaign needs a budget`, 'Add "Budget Amount" (and "Budget Type") under Additional Fields.');
	}
	return request;
}

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
	collection('Additional Fields', 'additionalFields', budgetOptions),
	validateOnlyField("Whether to only check the campaign (socialnet and chatnet run the network's dry run) and create nothing"),
	optionsCollection,
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = adsOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a campaign',
	description: 'Create an empty campaign; add ads to it with Ad → Create (Existing Campaign ID, socialnet and searchnet)',
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
	preSend: [bodyFrom('additionalFields', budgetBody), requireBudgetWhereNeeded, sendOwnIdempotencyKey],
	postReceive: [createdOutput('campaign')],
});
