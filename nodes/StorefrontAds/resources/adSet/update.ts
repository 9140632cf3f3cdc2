import { operation } from '../../../shared/operation';
import { accountId, adSetId, platform } from '../../helpers/adsFields';
import { updateFields, updatePreSend } from '../../helpers/updateRules';
import { checkSpendCaps } from '../../helpers/spendCaps';
import { countSpendingCall } from '../../helpers/spendingActions';

/** accountId only feeds the Ad Set list; it is not sent. */
export const fields = [accountId, adSetId, platform, updateFields];

export const option = operation({
	value: 'update',
	name: 'Update',
	action: 'Update an ad set',
	description: 'Change budget, bid strategy, bid amount or (socialnet) name of an ad set; on microblog this is where the budget changes (the line item)',
	method: 'PUT',
	path: '/v1/ads/ad-sets/{adSetId}',
	fields,
	inRequest: { platform: 'body' },
	// a budget or bid change: the credential's spending caps
	preSend: [...updatePreSend('adSet'), checkSpendCaps('update'), countSpendingCall('update')],
});
