import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { updateFields, updatePreSend } from '../../helpers/budget';
import { checkSpendCaps, countSpendingCall } from '../../helpers/spendCaps';

export const option = operation({
	value: 'update',
	name: 'Update',
	action: 'Update a campaign',
	description: 'Change budget, bid strategy, bid amount or (socialnet) name. Microblog budgets change on the line item (Ad Set → Update) or the ad.',
	method: 'PUT',
	path: '/v1/ads/campaigns/{campaignId}',
	send: { platform: 'body' },
	// a budget or bid change: the credential's spending caps
	preSend: [...updatePreSend('campaign'), checkSpendCaps('update'), countSpendingCall('update')],
});

export const uses = ['campaignId', 'platform'];

export const properties: INodeProperties[] = [updateFields];
