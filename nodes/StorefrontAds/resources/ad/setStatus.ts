import { adId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { statusChoice } from '../../helpers/choices';

export const fields = [adId, statusChoice('Paused stops spending; Active resumes it')];

export const option = adsOperation({
	value: 'setStatus',
	name: 'Pause or Resume',
	action: 'Pause or resume an ad',
	description: 'Pause or resume an ad (on microblog its line item too)',
	method: 'PUT',
	path: '/v1/ads/{adId}/status',
	spends: ['activate'],
	switchesOn: 'ad',
	fields,
	inRequest: { status: 'body' },
});
