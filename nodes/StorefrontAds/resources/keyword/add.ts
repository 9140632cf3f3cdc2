import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { field } from '../../../shared/fieldBuilders';
import { sentWhenOn } from '../../../shared/params';
import { readerOf } from '../../../shared/reads';
import { failItem, linesList } from '../../../shared/requestActions';
import { keywords } from '../../helpers/adsFields';
import { accountId, adSetId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

/** Keywords one per line, all with one match type → `{text, matchType}` (broad is sent as plain text). */
async function sendKeywords(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const texts = linesList(param(this, 'keywords', ''));
	if (!texts.length) failItem(this, 'No keywords to add', 'Enter one or more keywords, one per line.');
	const matchType = param<string>(this, 'matchType', 'broad');
	request.body = { ...(request.body as IDataObject), keywords: matchType === 'broad' ? texts : texts.map((text) => ({ text, matchType })) };
	return request;
}

/** accountId: a searchnet connection; adSetId: the ad group. */
export const fields = [
	accountId,
	adSetId,
	keywords,
	field({
		displayName: 'Match Type',
		name: 'matchType',
		type: 'options',
		options: [
			{ name: 'Broad', value: 'broad' },
			{ name: 'Exact', value: 'exact' },
			{ name: 'Phrase', value: 'phrase' },
		],
		default: 'broad',
	}),
	field({ displayName: 'Negative', name: 'negative', type: 'boolean', default: false, description: 'Whether these are negative keywords (searches to exclude)' }),
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = adsOperation({
	value: 'add',
	name: 'Add',
	action: 'Add keywords to an ad group',
	description: 'Add keywords (or negative keywords) to an ad group',
	method: 'POST',
	path: '/v1/ads/keywords',
	// adding keywords to an active ad group starts bidding on them (docs/reference/contract.md, 2026-11-26)
	spends: ['keywords'],
	fields,
	inRequest: {
		adSetId: { in: 'body', locator: true },
		negative: { in: 'body', optional: true, map: sentWhenOn },
	},
	preSend: [sendKeywords],
});
