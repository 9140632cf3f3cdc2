import { adId } from '../../helpers/adsFields';
import { adsOperation } from '../../helpers/adsOperation';
import { statusChoice } from '../../helpers/choices';
import { checkSpendCaps } from '../../helpers/spendCaps';
import { countSpendingCall } from '../../helpers/spendingActions';

export const fields = [adId, statusChoice('Paused stops spending; Active resumes it')];

export const option = adsOperation({
	value: 'setStatus',
	name: 'Set Status',
	action: 'Pause or resume an ad',
	description: 'Pause or resume an ad (on microblog its line item too)',
	method: 'PUT',
	path: '/v1/ads/{adId}/status',
	fields,
	inRequest: { status: 'body' },
	// making it active: the credential's spending caps (Paused Only, Max Spending Actions per Execution)
	preSend: [checkSpendCaps('status'), countSpendingCall('status')],
});
