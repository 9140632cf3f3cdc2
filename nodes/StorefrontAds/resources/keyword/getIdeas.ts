import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { bodyFrom, carryOntoRows, codesList, failItem, linesList } from '../../../shared/requestActions';
import { searchCountries } from '../../helpers/adsFields';
import { accountId, customerId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { convertMicros, convertMicrosField } from '../../helpers/searchnet';

/** The API needs seed keywords, a seed URL or both: refused before the call otherwise. */
async function requireSeed(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const body = request.body as IDataObject;
	if (!(body.seedKeywords as string[] | undefined)?.length && !body.seedUrl) failItem(this, 'No seed given', 'Enter Seed Keywords, a Seed URL, or both.');
	return request;
}

/** The seeds come first; the searchnet connection and Countries (shared with Get Historical Metrics) follow them. */
export const fields = [
	field({
		displayName: 'Seed Keywords',
		name: 'seedKeywords',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: 'e.g. linen dress\nsummer dress',
		description: 'One per line; give these, a Seed URL, or both',
	}),
	field({ displayName: 'Seed URL', name: 'seedUrl', type: 'string', default: '', placeholder: 'e.g. https://shop.example.com' }),
	accountId,
	searchCountries,
	collection('Options', 'options', [customerId], 'Add Option'),
	convertMicrosField,
	...returnAllOrLimit('ideas'),
];

export const option = adsOperation({
	value: 'getIdeas',
	name: 'Get Ideas',
	action: 'Get many keyword ideas',
	description: 'Keyword ideas from seed keywords or a URL, with monthly searches, competition and top-of-page bids; one item per idea',
	method: 'POST',
	// a POST that only reads: asking again is harmless, so it is keyed by the execution, not the event
	keying: 'execution',
	path: '/v1/ads/keywords/ideas',
	spends: 'none',
	fields,
	inRequest: {
		seedKeywords: { in: 'body', optional: true, map: linesList },
		seedUrl: { in: 'body', optional: true },
		searchCountries: { in: 'body', as: 'countries', optional: true, map: codesList },
	},
	preSend: [requireSeed, bodyFrom('options')],
	postReceive: [carryOntoRows('data', ['customerId']), convertMicros],
	list: { style: 'token', rootProperty: 'data' },
});
