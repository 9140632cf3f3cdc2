import { campaignId, platform } from '../../helpers/adsFields';
import { adsOperation } from '../../helpers/adsOperation';
import { updateFields, updatePreSend } from '../../helpers/updateRules';
import { checkSpendCaps } from '../../helpers/spendCaps';
import { countSpendingCall } from '../../helpers/spendingActions';

export const fields = [campaignId, platform, updateFields];

export const option = adsOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a campaign',
	description: 'Change budget, bid strategy, bid amount or (socialnet) name. Microblog budgets change on the line item (Ad Set → Update) or the ad.',
	method: 'PUT',
	path: '/v1/ads/campaigns/{campaignId}',
	fields,
	inRequest: { platform: 'body' },
	// a budget or bid change: the credential's spending caps
	preSend: [...updatePreSend('campaign'), checkSpendCaps('update'), countSpendingCall('update')],
});
