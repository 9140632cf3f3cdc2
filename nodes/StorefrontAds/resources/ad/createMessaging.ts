import { adFields, adInRequest, adPreSend } from '../../helpers/adCreate';
import { budgetAmount, budgetType, endDate, name, status } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { networkField, spendNotice } from '../../helpers/spendRequest';
import { adsOperation } from '../../helpers/adsOperation';
import { createdOutput } from '../../helpers/createdOutput';

export const fields = [networkField(), accountId, adAccountId, budgetAmount, budgetType, endDate, name, status, spendNotice, ...adFields('messaging')];

export const option = adsOperation({
	value: 'createMessaging',
	name: 'Create Messaging Ad',
	action: 'Create a messaging ad',
	description: 'Create an ad that starts a conversation',
	method: 'POST',
	path: '/v1/ads/messaging',
	spends: ['create', 'activate', 'budget', 'keywords'],
	// a spending call: keyed by the workflow, so a re-run of the same request within 24 hours spends nothing twice
	keying: 'workflow',
	fields,
	inRequest: { ...adInRequest, destination: 'body' },
	preSend: adPreSend(),
	postReceive: [createdOutput('ad')],
});
