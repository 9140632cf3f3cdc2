import { campaignId, platform } from '../../helpers/adsFields';
import { adsOperation } from '../../helpers/adsOperation';
import { statusChoice } from '../../helpers/choices';
import { checkSpendCaps } from '../../helpers/spendCaps';
import { countSpendingCall } from '../../helpers/spendingActions';

export const fields = [campaignId, platform, statusChoice('Paused stops spending; Active resumes it')];

export const option = adsOperation({
	value: 'setStatus',
	name: 'Set Status',
	action: 'Pause or resume a campaign',
	description: 'Pause or resume a campaign and its ad sets, on every network',
	method: 'PUT',
	path: '/v1/ads/campaigns/{campaignId}/status',
	fields,
	inRequest: { status: 'body', platform: 'body' },
	// making it active: the credential's spending caps (Paused Only, Max Spending Actions per Execution)
	preSend: [checkSpendCaps('status'), countSpendingCall('status')],
});
