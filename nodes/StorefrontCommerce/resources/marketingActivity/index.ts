import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { assembleResource, collection, failItem, unwrap } from '../../../shared/descriptions';
import { requiredBodyText, storeOperation } from '../common';

const DECIMAL = /^-?\d+(\.\d+)?$/;

function checkDecimal(ctx: IExecuteSingleFunctions, value: unknown, field: string) {
	if (value !== undefined && !DECIMAL.test(String(value))) {
		failItem(ctx, `${field} "${String(value)}" is not a decimal amount`, 'Write it like 12.50, in the store currency.');
	}
}

const remoteId: INodeProperties = {
	displayName: 'Remote ID',
	name: 'remoteId',
	type: 'string',
	required: true,
	default: '',
	description: 'Your own ID of the activity (the key for create-or-update)',
};

const inPath = (suffix = ''): INodeProperties => ({
	...remoteId,
	routing: { request: { url: `=/v1/commerce/marketing-activities/{{ encodeURIComponent($value) }}${suffix}` } },
});

/** The values the user filled in, as strings (n8n gives unset ones as ""), or undefined when none. */
function filled(values: unknown): IDataObject | undefined {
	const entries = Object.entries((values as IDataObject | undefined) ?? {}).filter(([, v]) => v !== undefined && v !== '');
	return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) : undefined;
}

/** utm and budget members are not fixed by the reference: send what the user filled in, as strings. */
async function buildActivity(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const extra = { ...(this.getNodeParameter('additionalFields', {}) as IDataObject) };
	const body = { ...(request.body as IDataObject) };
	checkDecimal(this, extra.adSpend, 'Ad Spend');
	for (const key of ['previewImageUrl', 'adSpend', 'startedAt', 'endedAt']) {
		if (extra[key] !== undefined && extra[key] !== '') body[key] = String(extra[key]);
	}
	const utm = filled((extra.utm as IDataObject | undefined)?.parameters);
	if (utm) body.utm = utm;
	const budget = filled((extra.budget as IDataObject | undefined)?.values);
	if (budget) {
		checkDecimal(this, budget.amount, 'Budget amount');
		body.budget = budget;
	}
	request.body = body;
	return request;
}

/** A UTC day: date fields send YYYY-MM-DD whatever the picker gave. */
async function buildEngagement(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const raw = String(this.getNodeParameter('date', ''));
	const day = /^\d{4}-\d{2}-\d{2}/.test(raw) && raw.length === 10 ? raw : new Date(raw).toISOString().slice(0, 10);
	if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) failItem(this, `"${raw}" is not a date`, 'Pick the UTC day the numbers are for.');
	const metrics = { ...(this.getNodeParameter('metrics', {}) as IDataObject) };
	checkDecimal(this, metrics.adSpend, 'Ad Spend');
	const body: IDataObject = { ...(request.body as IDataObject), date: day };
	for (const [key, value] of Object.entries(metrics)) {
		if (value === undefined || value === '') continue;
		body[key] = key === 'adSpend' ? String(value) : Number(value);
	}
	request.body = body;
	return request;
}

const count = (displayName: string, name: string): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
});

export const marketingActivityProperties = assembleResource(
	'marketingActivity',
	[
		{
			option: storeOperation({
				value: 'upsert',
				name: 'Create or Update',
				action: 'Create or update a marketing activity',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
				method: 'PUT',
				url: '/v1/commerce/marketing-activities',
				preSend: [buildActivity],
				postReceive: [unwrap('marketingActivity')],
			}),
			properties: [
				{ ...remoteId, routing: { send: { type: 'body', property: 'remoteId' } } },
				requiredBodyText('Title', 'title', 'Name shown in the Marketing section'),
				requiredBodyText('URL', 'url', 'Where the activity leads', 'https://example.com/landing'),
				requiredBodyText('Tactic', 'tactic', 'Kind of activity, as the store names it', 'e.g. AD, POST, NEWSLETTER'),
				requiredBodyText('Channel', 'channel', 'Where it runs', 'e.g. SOCIAL, SEARCH, EMAIL'),
				requiredBodyText('Status', 'status', 'Its state', 'e.g. ACTIVE, PAUSED, SCHEDULED'),
				collection('Additional Fields', 'additionalFields', [
						{ displayName: 'Ad Spend', name: 'adSpend', type: 'string', default: '', placeholder: '12.50', description: 'Spend so far, a decimal in the store currency' },
						{
							displayName: 'Budget',
							name: 'budget',
							type: 'fixedCollection',
							default: {},
							options: [
								{
									name: 'values',
									displayName: 'Budget',
									values: [
										{ displayName: 'Amount', name: 'amount', type: 'string', default: '', placeholder: '100.00' },
										{ displayName: 'Currency', name: 'currency', type: 'string', default: '', placeholder: 'USD' },
										{
											displayName: 'Budget Type',
											name: 'budgetType',
											type: 'options',
											options: [
												{ name: 'Daily', value: 'DAILY' },
												{ name: 'Lifetime', value: 'LIFETIME' },
											],
											default: 'DAILY',
										},
									],
								},
							],
						},
						{ displayName: 'Ended At', name: 'endedAt', type: 'dateTime', default: '' },
						{ displayName: 'Preview Image URL', name: 'previewImageUrl', type: 'string', default: '' },
						{ displayName: 'Started At', name: 'startedAt', type: 'dateTime', default: '' },
						{
							displayName: 'UTM Parameters',
							name: 'utm',
							type: 'fixedCollection',
							default: {},
							options: [
								{
									name: 'parameters',
									displayName: 'UTM',
									values: [
										{ displayName: 'Campaign', name: 'campaign', type: 'string', default: '' },
										{ displayName: 'Content', name: 'content', type: 'string', default: '' },
										{ displayName: 'Medium', name: 'medium', type: 'string', default: '' },
										{ displayName: 'Source', name: 'source', type: 'string', default: '' },
										{ displayName: 'Term', name: 'term', type: 'string', default: '' },
									],
								},
							],
						},
					]),
			],
		},
		{
			option: storeOperation({
				value: 'delete',
				name: 'Delete',
				action: 'Delete a marketing activity',
				description: 'Remove the activity from the Marketing section (hosted stores only)',
				method: 'DELETE',
			}),
			properties: [inPath()],
		},
		{
			option: storeOperation({
				value: 'recordEngagement',
				name: 'Record Engagement',
				action: 'Record engagement for a marketing activity',
				description: 'Report one UTC day of numbers for an activity',
				method: 'POST',
				preSend: [buildEngagement],
			}),
			properties: [
				inPath('/engagements'),
				{ displayName: 'Date', name: 'date', type: 'dateTime', required: true, default: '', description: 'The UTC day the numbers are for (time is ignored)' },
				collection('Metrics', 'metrics', [
						{ displayName: 'Ad Spend', name: 'adSpend', type: 'string', default: '', placeholder: '12.50', description: 'A decimal in the store currency' },
						count('Clicks', 'clicks'),
						count('Comments', 'comments'),
						count('Impressions', 'impressions'),
						count('Likes', 'likes'),
						count('Shares', 'shares'),
						count('Views', 'views'),
					], 'Add Metric'),
			],
		},
	],
	'upsert',
);
