import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { unwrap } from '../../../shared/requestActions';
import { checkDecimal } from '../../helpers/decimal';
import { accountId, remoteId, title } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

/** The values the user filled in, as strings (n8n gives unset ones as ""), or undefined when none. */
function filled(values: unknown): IDataObject | undefined {
	const entries = Object.entries((values as IDataObject | undefined) ?? {}).filter(([, v]) => v !== undefined && v !== '');
	return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) : undefined;
}

/** utm and budget members are not fixed by the reference: send what the user filled in, as strings. */
async function buildActivity(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const extra = param<IDataObject>(this, 'additionalFields', {});
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

const text = <N extends string>(displayName: string, name: N, description: string, placeholder: string) =>
	field({ displayName, name, type: 'string', required: true, default: '', description, placeholder });

export const fields = [
	accountId,
	remoteId,
	title,
	text('URL', 'url', 'Where the activity leads', 'e.g. https://example.com/landing'),
	text('Tactic', 'tactic', 'Kind of activity, as the store names it', 'e.g. AD, POST, NEWSLETTER'),
	text('Channel', 'channel', 'Where it runs', 'e.g. SOCIAL, SEARCH, EMAIL'),
	text('Status', 'status', 'Its state', 'e.g. ACTIVE, PAUSED, SCHEDULED'),
	collection('Additional Fields', 'additionalFields', [
		{ displayName: 'Ad Spend', name: 'adSpend', type: 'string', default: '', placeholder: 'e.g. 12.50', description: 'Spend so far, a decimal in the store currency' },
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
						{ displayName: 'Amount', name: 'amount', type: 'string', default: '', placeholder: 'e.g. 100.00' },
						{ displayName: 'Currency', name: 'currency', type: 'string', default: '', placeholder: 'e.g. USD' },
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
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = storeOperation({
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a marketing activity',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	method: 'PUT',
	path: '/v1/commerce/marketing-activities',
	fields,
	inRequest: { remoteId: 'body', title: 'body', url: 'body', tactic: 'body', channel: 'body', status: 'body' },
	preSend: [buildActivity],
	postReceive: [unwrap('marketingActivity')],
});
