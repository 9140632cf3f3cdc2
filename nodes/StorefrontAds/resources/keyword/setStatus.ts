import { unwrap } from '../../../shared/requestActions';
import { accountId, keywordId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { statusChoice } from '../../helpers/choices';

export const fields = [accountId, keywordId, statusChoice('Paused stops the keyword from triggering ads; Active resumes it')];

export const option = adsOperation({
	value: 'setStatus',
	name: 'Pause or Resume',
	action: 'Pause or resume a keyword',
	description: 'Pause or resume one keyword',
	method: 'PATCH',
	path: '/v1/ads/keywords/{keywordId}',
	// a keyword set active starts bidding on it (docs/reference/contract.md, 2026-11-26)
	spends: ['activate'],
	switchesOn: 'keyword',
	fields,
	inRequest: { status: 'body' },
	postReceive: [unwrap('keyword')],
});
