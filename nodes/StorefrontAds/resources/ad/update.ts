import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { collection } from '../../../shared/fields';
import { operation } from '../../../shared/operation';
import { bodyFrom, requireAnyField } from '../../../shared/requestActions';
import { budgetBody, budgetOptions } from '../../helpers/budget';
import { jsonParameter } from '../../helpers/jsonInput';
import { linesList } from '../../helpers/lists';
import { STATUS_OPTIONS } from '../../helpers/status';

const LISTS = ['headlines', 'descriptions', 'finalUrls'];
const JSON_FIELDS: Array<[string, string]> = [
	['targeting', 'Targeting (JSON)'],
	['creative', 'Creative (JSON)'],
];

/** Budget → `budget`, searchnet lists one per line (never split on commas), JSON fields parsed. */
function updateBody(this: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const body = budgetBody.call(this, fields);
	for (const key of LISTS) if (body[key] !== undefined) body[key] = linesList(body[key]);
	for (const [key, label] of JSON_FIELDS) if (body[key] !== undefined) body[key] = jsonParameter(this, body[key], label);
	return body;
}

/** `{ad: {id, budget}, message}` → the ad with the API's message beside it (nothing dropped). */
async function adWithMessage(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	return items.map(({ json }) => {
		const { ad, ...rest } = json;
		return { json: ad && typeof ad === 'object' ? { ...(ad as IDataObject), ...rest } : json };
	});
}

export const option = operation({
	value: 'update',
	name: 'Update',
	action: 'Update an ad',
	description: 'Change budget, status, name, creative or targeting (what each network allows)',
	method: 'PUT',
	path: '/v1/ads/{adId}',
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields', updateBody)],
	postReceive: [adWithMessage],
});

export const uses = ['adId'];

const oneLine = (what: string) => `Searchnet: one ${what} per line (commas stay inside an entry); an expression may give a list`;

export const properties: INodeProperties[] = [
	{
		displayName: 'Microblog and chatnet ads cannot change creative or targeting (the API answers 501): create a new ad instead.',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	collection('Update Fields', 'updateFields', [
		...budgetOptions,
		{ displayName: 'Creative (JSON)', name: 'creative', type: 'json', default: '{}', description: 'Socialnet and searchnet only' },
		{ displayName: 'Descriptions', name: 'descriptions', type: 'string', typeOptions: { rows: 3 }, default: '', description: oneLine('description') },
		{ displayName: 'Final URLs', name: 'finalUrls', type: 'string', typeOptions: { rows: 2 }, default: '', description: oneLine('landing page URL') },
		{ displayName: 'Headlines', name: 'headlines', type: 'string', typeOptions: { rows: 3 }, default: '', description: oneLine('headline') },
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
];
