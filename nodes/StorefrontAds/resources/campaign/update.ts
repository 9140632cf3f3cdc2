import { actionName } from '../../../shared/actionNames';
import { platform } from '../../helpers/adsFields';
import { campaignId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { updateFields, updatePreSend } from '../../helpers/updateRules';

export const fields = [campaignId, platform, updateFields];

export const option = adsOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a campaign',
	description: `Change budget, bid strategy, bid amount or (socialnet) name. Microblog budgets change on the line item (${actionName('adSet', 'update')}) or the ad.`,
	method: 'PUT',
	path: '/v1/ads/campaigns/{campaignId}',
	spends: ['budget', 'bid'],
	fields,
	inRequest: { platform: 'body' },
	preSend: [...updatePreSend('campaign')],
});
