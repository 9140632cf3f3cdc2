import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { assembleResource, bodyFrom, collection, failItem, operation, requireAnyField, returnAllOrLimit, type OperationModule } from '../../../shared/descriptions';
import { adAccountLocator, analyticsFields, analyticsOutput, budgetAndLists, budgetOptions, campaignLocator, connectionLocator, dayField, networkField, platformField, platformFilter, sourceFilter, statusChoice, STATUS_OPTIONS } from '../common';
import { createdOutput, sendIdempotencyKey, spendFields } from '../safety';
import { optionsCollection } from '../ad/create';
import { bulkSetStatus } from './bulkStatus';

const query = (property: string) => ({ send: { type: 'query' as const, property } });

const getTree: OperationModule = {
	option: operation({
		value: 'getTree',
		name: 'Get Tree',
		action: 'Get many campaigns with their ad sets and ads',
		description: 'Campaigns with their ad sets and ads, metrics rolled up at each level (default window: last 90 days)',
		method: 'GET',
		url: '/v1/ads/tree',
		list: { style: 'page', rootProperty: 'campaigns', maxPageSize: 500 },
	}),
	properties: [
		...returnAllOrLimit('campaigns'),
		collection(
			'Filters',
			'filters',
			[
				dayField('From Date', 'fromDate', 'Metrics from this day (UTC); default 90 days ago'),
				platformFilter,
				{ displayName: 'Search', name: 'search', type: 'string', default: '', description: 'Part of the campaign name', routing: query('search') },
				dayField('To Date', 'toDate', 'Metrics up to this day (UTC); default today'),
			],
			'Add Filter',
		),
	],
};

const getAll: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many campaigns',
		description: 'List campaigns with budget and ad count',
		method: 'GET',
		url: '/v1/ads/campaigns',
		list: { style: 'page', rootProperty: 'campaigns', maxPageSize: 500 },
	}),
	properties: [
		...returnAllOrLimit('campaigns'),
		collection(
			'Filters',
			'filters',
			[
				{ displayName: 'Ad Account ID', name: 'adAccountId', type: 'string', default: '', routing: query('adAccountId') },
				dayField('From Date', 'fromDate', 'First day (UTC)'),
				platformFilter,
				sourceFilter,
				{ displayName: 'Status', name: 'status', type: 'options', options: STATUS_OPTIONS, default: 'active', routing: query('status') },
				dayField('To Date', 'toDate', 'Last day (UTC)'),
			],
			'Add Filter',
		),
	],
};

/** Searchnet, microblog and chatnet campaigns need a budget (reference: campaign create rules). */
async function requireBudgetWhereNeeded(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = this.getNodeParameter('network', '') as string;
	if (['searchnet', 'microblog', 'chatnet'].includes(network) && !(request.body as IDataObject).budget) {
		failItem(this, `A ${network} campaign needs a budget`, 'Add "Budget Amount" (and "Budget Type") under Additional Fields.');
	}
	return request;
}

const create: OperationModule = {
	option: operation({
		value: 'create',
		name: 'Create',
		action: 'Create a campaign',
		description: 'Create an empty campaign; add ads to it with Ad → Create (Existing Campaign ID, socialnet and searchnet)',
		method: 'POST',
		url: '/v1/ads/campaigns',
		preSend: [bodyFrom('additionalFields', budgetAndLists), requireBudgetWhereNeeded, sendIdempotencyKey],
		postReceive: [createdOutput('campaign')],
	}),
	properties: [
		networkField(),
		connectionLocator('body'),
		adAccountLocator('body'),
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', routing: { send: { type: 'body', property: 'name' } } },
		{
			displayName: 'Goal',
			name: 'goal',
			type: 'string',
			required: true,
			default: 'traffic',
			placeholder: 'e.g. engagement, traffic, awareness, leads, conversions',
			routing: { send: { type: 'body', property: 'goal' } },
		},
		...spendFields.map((f) => (f.name === 'validateOnly' ? { ...f, description: 'Whether to only check the campaign (socialnet and chatnet run the network’s dry run) and create nothing' } : f)),
		collection('Additional Fields', 'additionalFields', budgetOptions),
		optionsCollection,
	],
};

/** What each network lets an update change (reference: update support). */
async function checkUpdateAllowed(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const body = request.body as IDataObject;
	const platform = String(body.platform);
	const socialnet = platform === 'socialfeed' || platform === 'photoapp';
	if (platform === 'microblog') failItem(this, 'Microblog campaigns cannot be updated', 'Change the budget on the ad (Ad → Update) or on its line item (Ad Set → Update).');
	if (body.name !== undefined && !socialnet) failItem(this, 'Only socialnet names can be changed', `Remove "Name": ${platform} does not rename.`);
	if (platform === 'chatnet' && (body.bidStrategy !== undefined || body.bidAmount !== undefined)) {
		failItem(this, 'Chatnet takes budget changes only', 'Remove "Bid Strategy" and "Bid Amount".');
	}
	return request;
}

export const updateFields = collection('Update Fields', 'updateFields', [
	{ displayName: 'Bid Amount', name: 'bidAmount', type: 'number', typeOptions: { minValue: 0, numberPrecision: 2 }, default: 0, description: 'Whole currency units' },
	{ displayName: 'Bid Strategy', name: 'bidStrategy', type: 'string', default: '', placeholder: 'e.g. LOWEST_COST_WITHOUT_CAP' },
	...budgetOptions,
	{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Socialnet only' },
]);

export const updatePreSend = [requireAnyField('updateFields'), bodyFrom('updateFields', budgetAndLists), checkUpdateAllowed];

const update: OperationModule = {
	option: operation({
		value: 'update',
		name: 'Update',
		action: 'Update a campaign',
		description: 'Change budget, bid strategy, bid amount or (socialnet) name',
		method: 'PUT',
		preSend: updatePreSend,
	}),
	properties: [campaignLocator(), platformField(), updateFields],
};

async function checkDeletable(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const platform = String((request.body as IDataObject).platform);
	if (!['socialfeed', 'photoapp', 'searchnet'].includes(platform)) {
		failItem(this, `Campaigns on ${platform} cannot be deleted through the API`, 'Pause it instead (Campaign → Set Status).');
	}
	return request;
}

const remove: OperationModule = {
	option: operation({
		value: 'delete',
		name: 'Delete',
		action: 'Delete a campaign',
		description: 'Delete a campaign with all its ad sets and ads (socialnet, searchnet). This cannot be undone.',
		method: 'DELETE',
		preSend: [checkDeletable],
	}),
	properties: [
		{
			displayName: 'Deleting a campaign deletes all its ad sets and ads for good. To stop spending but keep them, use Set Status → Paused.',
			name: 'deleteNotice',
			type: 'notice',
			default: '',
		},
		campaignLocator(),
		platformField(),
	],
};

const setStatus: OperationModule = {
	option: operation({
		value: 'setStatus',
		name: 'Set Status',
		action: 'Pause or resume a campaign',
		description: 'Pause or resume a campaign and its ad sets, on every network',
		method: 'PUT',
	}),
	properties: [campaignLocator('/status'), statusChoice('Paused stops spending; Active resumes it'), platformField()],
};

const getAnalytics: OperationModule = {
	option: operation({
		value: 'getAnalytics',
		name: 'Get Analytics',
		action: 'Get analytics of a campaign',
		description: 'Spend, impressions, clicks, CTR, CPC, CPM, conversions and ROAS per day',
		method: 'GET',
		postReceive: [analyticsOutput],
	}),
	properties: [campaignLocator('/analytics'), ...analyticsFields({ network: 'pronet', values: ['company_size', 'industry', 'job_function', 'seniority'] })],
};

export const campaignProperties = assembleResource(
	'campaign',
	[getTree, getAll, create, update, remove, setStatus, bulkSetStatus, getAnalytics],
	'getAll',
);
