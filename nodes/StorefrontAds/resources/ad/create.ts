import { adFields, adInRequest, adPreSend } from '../../helpers/adCreate';
import { budgetAmount, budgetType, endDate, name, status } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { networkField, spendNotice } from '../../helpers/spendRequest';
import { adsOperation } from '../../helpers/adsOperation';
import { createdOutput } from '../../helpers/createdOutput';

export const fields = [networkField(), accountId, adAccountId, budgetAmount, budgetType, endDate, name, status, spendNotice, ...adFields('create')];

export const option = adsOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an ad',
	description: 'Create a campaign, ad set and ad in one call',
	method: 'POST',
	path: '/v1/ads/create',
	spends: ['create', 'activate', 'budget', 'keywords'],
	// a spending call: keyed by the workflow, so a re-run of the same request within 24 hours spends nothing twice
	keying: 'workflow',
	fields,
	inRequest: adInRequest,
	preSend: adPreSend(),
	postReceive: [createdOutput('ad')],
});
