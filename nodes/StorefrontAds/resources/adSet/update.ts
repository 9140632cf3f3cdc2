import { platform } from '../../helpers/adsFields';
import { accountId, adSetId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { updateFields, updatePreSend } from '../../helpers/updateRules';

export const fields = [accountId, adSetId, platform, updateFields];

export const option = adsOperation({
	value: 'update',
	name: 'Update',
	action: 'Update an ad set',
	description: 'Change budget, bid strategy, bid amount or (socialnet) name of an ad set; on microblog this is where the budget changes (the line item)',
	method: 'PUT',
	path: '/v1/ads/ad-sets/{adSetId}',
	spends: ['budget', 'bid'],
	fields,
	// the Ad Connection only loads the Ad Set list
	sendsAccount: false,
	inRequest: { platform: 'body' },
	preSend: [...updatePreSend('adSet')],
});
