import { markDeleted } from '../../../shared/requestActions';
import { accountId, keywordId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [accountId, keywordId];

export const option = adsOperation({
	value: 'remove',
	name: 'Remove',
	action: 'Remove a keyword',
	description: 'Remove one keyword from its ad group',
	method: 'DELETE',
	path: '/v1/ads/keywords/{keywordId}',
	spends: 'none',
	fields,
	postReceive: [markDeleted],
});
