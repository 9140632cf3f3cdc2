import { platform } from '../../helpers/adsFields';
import { campaignId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { statusChoice } from '../../helpers/choices';

export const fields = [campaignId, platform, statusChoice('Paused stops spending; Active resumes it')];

export const option = adsOperation({
	value: 'setStatus',
	name: 'Pause or Resume',
	action: 'Pause or resume a campaign',
	description: 'Pause or resume a campaign and its ad sets, on every network',
	method: 'PUT',
	path: '/v1/ads/campaigns/{campaignId}/status',
	spends: ['activate'],
	switchesOn: 'campaign',
	fields,
	inRequest: { status: 'body', platform: 'body' },
});
