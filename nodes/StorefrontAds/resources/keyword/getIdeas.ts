import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { collection, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { bodyFrom, carryOntoRows, failItem } from '../../../shared/requestActions';
import { codesList, linesList } from '../../helpers/lists';
import { convertMicros, convertMicrosField, customerIdField } from '../../helpers/searchnet';

/** The API needs seed keywords, a seed URL or both: refused before the call otherwise. */
async function requireSeed(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const body = request.body as IDataObject;
	if (!(body.seedKeywords as string[] | undefined)?.length && !body.seedUrl) failItem(this, 'No seed given', 'Enter Seed Keywords, a Seed URL, or both.');
	return request;
}

export const option = operation({
	value: 'getIdeas',
	name: 'Get Ideas',
	action: 'Get many keyword ideas',
	description: 'Keyword ideas from seed keywords or a URL, with monthly searches, competition and top-of-page bids; one item per idea',
	method: 'POST',
	path: '/v1/ads/keywords/ideas',
	send: {
		accountId: { in: 'body', locator: true },
		seedKeywords: { in: 'body', optional: true, map: linesList },
		seedUrl: { in: 'body', optional: true },
		countries: { in: 'body', optional: true, map: codesList },
	},
	preSend: [requireSeed, bodyFrom('options')],
	postReceive: [carryOntoRows('data', ['customerId']), convertMicros],
	list: { style: 'token', rootProperty: 'data' },
});

/** accountId: a searchnet connection. */
export const uses = ['accountId', 'countries'];

/** The seeds come first; Countries (shared with Get Historical Metrics) follows them. */
export const leading: INodeProperties[] = [
	{
		displayName: 'Seed Keywords',
		name: 'seedKeywords',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: 'linen dress\nsummer dress',
		description: 'One per line; give these, a Seed URL, or both',
	},
	{ displayName: 'Seed URL', name: 'seedUrl', type: 'string', default: '', placeholder: 'https://shop.example.com' },
];

export const properties: INodeProperties[] = [
	collection('Options', 'options', [customerIdField], 'Add Option'),
	convertMicrosField,
	...returnAllOrLimit('ideas'),
];
