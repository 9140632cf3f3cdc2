import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { bodyFrom, collection, failItem, operation, requireAnyField, returnAllOrLimit, unwrap, type OperationModule } from '../../../shared/descriptions';
import { adLocator, adWithStale, analyticsFields, analyticsOutput, budgetAndLists, budgetOptions, dayField, jsonParameter, platformFilter, sourceFilter, statusChoice, STATUS_OPTIONS } from '../common';

const AD_STATUSES = ['active', 'cancelled', 'completed', 'error', 'paused', 'pending_review', 'rejected'];

/** A 202 `backfillPending` is not "no ads": say so instead of returning an empty list. */
async function failWhileBackfilling(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	const answer = items[0]?.json;
	if (answer?.backfillPending) {
		failItem(
			this,
			'The ad history is still being imported',
			`${typeof answer.message === 'string' ? `${answer.message}. ` : ''}A newly connected ad account imports its history first; run the node again in a few minutes.`,
		);
	}
	return items;
}

export const getAll: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many ads',
		description: 'List ads with their metrics (default: created in the last 90 days)',
		method: 'GET',
		url: '/v1/ads',
		list: { style: 'page', rootProperty: 'ads', maxPageSize: 500 },
		postReceive: [failWhileBackfilling],
	}),
	properties: [
		...returnAllOrLimit('ads'),
		collection(
			'Filters',
			'filters',
			[
				{ displayName: 'Campaign ID', name: 'campaignId', type: 'string', default: '', routing: { send: { type: 'query', property: 'campaignId' } } },
				dayField('Created From', 'fromDate', 'First day of the window (UTC); default 90 days ago, at most 730 days back'),
				dayField('Created To', 'toDate', 'Last day of the window (UTC); default today'),
				platformFilter,
				sourceFilter,
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					options: AD_STATUSES.map((s) => ({ name: s.replace('_', ' ').replace(/^./, (c) => c.toUpperCase()), value: s })),
					default: 'active',
					routing: { send: { type: 'query', property: 'status' } },
				},
			],
			'Add Filter',
		),
	],
};

export const get: OperationModule = {
	option: operation({
		value: 'get',
		name: 'Get',
		action: 'Get an ad',
		description: 'Get an ad with its creative, targeting and schedule',
		method: 'GET',
		postReceive: [adWithStale],
	}),
	properties: [
		adLocator(),
		{
			displayName: 'Live',
			name: 'live',
			type: 'boolean',
			default: false,
			description: 'Whether to re-read the ad from the network now instead of the last synced copy (the output says `stale`)',
			routing: { send: { type: 'query', property: 'live', value: '={{ $value ? "true" : undefined }}' } },
		},
	],
};

async function parseJsonUpdateFields(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const body = { ...(request.body as Record<string, unknown>) };
	for (const [key, label] of [
		['targeting', 'Targeting (JSON)'],
		['creative', 'Creative (JSON)'],
	]) {
		if (body[key] !== undefined) body[key] = jsonParameter(this, body[key], label);
	}
	request.body = body;
	return request;
}

export const update: OperationModule = {
	option: operation({
		value: 'update',
		name: 'Update',
		action: 'Update an ad',
		description: 'Change budget, status, name, creative or targeting (what each network allows)',
		method: 'PUT',
		preSend: [requireAnyField('updateFields'), bodyFrom('updateFields', budgetAndLists), parseJsonUpdateFields],
		postReceive: [unwrap('ad')],
	}),
	properties: [
		adLocator(),
		{
			displayName:
				'Microblog and chatnet ads cannot change creative or targeting (the API answers 501): create a new ad instead.',
			name: 'updateNotice',
			type: 'notice',
			default: '',
		},
		collection('Update Fields', 'updateFields', [
			...budgetOptions,
			{ displayName: 'Creative (JSON)', name: 'creative', type: 'json', default: '{}', description: 'Socialnet and searchnet only' },
			{ displayName: 'Descriptions', name: 'descriptions', type: 'string', default: '', description: 'Searchnet: comma-separated descriptions' },
			{ displayName: 'Final URLs', name: 'finalUrls', type: 'string', default: '', description: 'Searchnet: comma-separated landing page URLs' },
			{ displayName: 'Headlines', name: 'headlines', type: 'string', default: '', description: 'Searchnet: comma-separated headlines' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Socialnet only' },
			{ displayName: 'Status', name: 'status', type: 'options', options: STATUS_OPTIONS, default: 'paused', description: 'Active spends money' },
			{
				displayName: 'Targeting (JSON)',
				name: 'targeting',
				type: 'json',
				default: '{}',
				description: 'Socialnet and searchnet (searchnet: keywords, locations, languages, devices)',
			},
		]),
	],
};

export const remove: OperationModule = {
	option: operation({
		value: 'delete',
		name: 'Delete',
		action: 'Delete an ad',
		description: 'Cancel an ad; it stops for good (on chatnet its ad group and campaign are archived too)',
		method: 'DELETE',
		postReceive: [unwrap('ad')],
	}),
	properties: [adLocator()],
};

export const setStatus: OperationModule = {
	option: operation({
		value: 'setStatus',
		name: 'Set Status',
		action: 'Pause or resume an ad',
		description: 'Pause or resume an ad (on microblog its line item too)',
		method: 'PUT',
	}),
	properties: [adLocator('/status'), statusChoice('Paused stops spending; Active resumes it')],
};

export const getAnalytics: OperationModule = {
	option: operation({
		value: 'getAnalytics',
		name: 'Get Analytics',
		action: 'Get analytics of an ad',
		description: 'Spend, impressions, reach, clicks, CTR, CPC, CPM, conversions and ROAS per day',
		method: 'GET',
		postReceive: [analyticsOutput],
	}),
	properties: [adLocator('/analytics'), ...analyticsFields({ network: 'socialnet', values: ['age', 'country', 'device', 'gender', 'placement', 'region'] })],
};
