import { platform } from '../../helpers/adsFields';
import { accountId, adSetId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { statusChoice } from '../../helpers/choices';

export const fields = [accountId, adSetId, platform, statusChoice('Paused stops spending; Active resumes it')];

export const option = adsOperation({
	value: 'setStatus',
	name: 'Pause or Resume',
	action: 'Pause or resume an ad set',
	description: 'Pause or resume an ad set on every network (the line item on microblog)',
	method: 'PUT',
	path: '/v1/ads/ad-sets/{adSetId}/status',
	spends: ['activate'],
	switchesOn: 'adSet',
	fields,
	// the Ad Connection only loads the Ad Set list
	sendsAccount: false,
	inRequest: { status: 'body', platform: 'body' },
});
