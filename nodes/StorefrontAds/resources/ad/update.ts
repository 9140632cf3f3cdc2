import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { collection, field } from '../../../shared/fieldBuilders';
import { bodyFrom, failItem, linesList, parseJson, requireAnyField, unwrap } from '../../../shared/requestActions';
import { adId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { budgetBody, budgetOptions } from '../../helpers/budget';
import { STATUS_OPTIONS } from '../../helpers/choices';

const LISTS = ['headlines', 'descriptions', 'finalUrls'];
const JSON_FIELDS: Array<[string, string, string]> = [
	['targeting', 'Targeting (JSON)', '{"countries": ["US"]}'],
	['creative', 'Creative (JSON)', '{"headline": "Summer sale"}'],
];

/** Budget → `budget`, searchnet lists one per line (never split on commas), JSON fields parsed. */
function updateBody(this: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const body = budgetBody.call(this, fields);
	for (const key of LISTS) if (body[key] !== undefined) body[key] = linesList(body[key]);
	for (const [key, label, example] of JSON_FIELDS) {
		if (body[key] !== undefined) body[key] = parseJson(body[key], label, `a JSON object, e.g. ${example}`, (m, d) => failItem(this, m, d)) as IDataObject;
	}
	return body;
}

const oneLine = (what: string) => `Searchnet: one ${what} per line (commas stay inside an entry); an expression may give a list`;

export const fields = [
	adId,
	field({
		displayName: 'Microblog and chatnet ads cannot change creative or targeting: create a new ad instead.',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	}),
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

export const option = adsOperation({
	value: 'update',
	name: 'Update',
	action: 'Update an ad',
	description: 'Change budget, status, name, creative or targeting (what each network allows)',
	method: 'PUT',
	path: '/v1/ads/{adId}',
	// searchnet's targeting keywords join the ad group and bid, as Keyword → Add's do (docs/reference/contract.md, 2026-11-27)
	spends: ['activate', 'budget', 'keywords'],
	switchesOn: 'ad',
	fields,
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields', updateBody)],
	// `{ad: {id, budget}, message}` → the ad with the API's message beside it (nothing dropped)
	postReceive: [unwrap('ad', { keep: 'rest' })],
});
