import { adFields, adInRequest, adPreSend } from '../../helpers/adCreate';
import { budgetAmount, budgetType, endDate, name, status } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { networkField, spendNotice } from '../../helpers/spendRequest';
import { adsOperation } from '../../helpers/adsOperation';
import { createdOutput } from '../../helpers/createdOutput';

export const fields = [networkField(), accountId, adAccountId, budgetAmount, budgetType, endDate, name, status, spendNotice, ...adFields('call')];

export const option = adsOperation({
	value: 'createCall',
	name: 'Create Call Ad',
	action: 'Create a call ad',
	description: 'Create an ad that makes a phone call',
	method: 'POST',
	path: '/v1/ads/call',
	spends: ['create', 'activate', 'budget', 'keywords'],
	// a spending call: keyed by the workflow, so a re-run of the same request within 24 hours spends nothing twice
	keying: 'workflow',
	fields,
	inRequest: { ...adInRequest, phoneNumber: 'body' },
	preSend: adPreSend(),
	postReceive: [createdOutput('ad')],
});
