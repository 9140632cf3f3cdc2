import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';
import { accountId, keywordId } from '../../helpers/adsFields';
import { statusChoice } from '../../helpers/choices';

export const fields = [accountId, keywordId, statusChoice('Paused stops the keyword from triggering ads; Active resumes it')];

export const option = operation({
	value: 'setStatus',
	name: 'Set Status',
	action: 'Pause or resume a keyword',
	description: 'Pause or resume one keyword',
	method: 'PATCH',
	path: '/v1/ads/keywords/{keywordId}',
	fields,
	inRequest: { accountId: { in: 'body', locator: true }, status: 'body' },
	postReceive: [unwrap('keyword')],
});
