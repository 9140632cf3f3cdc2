import { operation } from '../../../shared/operation';
import { accountId, keywordId } from '../../helpers/adsFields';

export const fields = [accountId, keywordId];

export const option = operation({
	value: 'remove',
	name: 'Remove',
	action: 'Remove a keyword',
	description: 'Remove one keyword from its ad group',
	method: 'DELETE',
	path: '/v1/ads/keywords/{keywordId}',
	fields,
	inRequest: { accountId: { in: 'query', locator: true } },
});
