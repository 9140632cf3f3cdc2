import { operation } from '../../../shared/operation';
import { accountId, adSetId, platform } from '../../helpers/adsFields';
import { statusChoice } from '../../helpers/choices';
import { checkSpendCaps } from '../../helpers/spendCaps';
import { countSpendingCall } from '../../helpers/spendingActions';

/** accountId only feeds the Ad Set list; it is not sent. */
export const fields = [accountId, adSetId, platform, statusChoice('Paused stops spending; Active resumes it')];

export const option = operation({
	value: 'setStatus',
	name: 'Set Status',
	action: 'Pause or resume an ad set',
	description: 'Pause or resume an ad set on every network (the line item on microblog)',
	method: 'PUT',
	path: '/v1/ads/ad-sets/{adSetId}/status',
	fields,
	inRequest: { status: 'body', platform: 'body' },
	// making it active: the credential's spending caps (Paused Only, Max Spending Actions per Execution)
	preSend: [checkSpendCaps('status'), countSpendingCall('status')],
});
