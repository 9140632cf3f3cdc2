import { operation } from '../../../shared/operation';
import { adFields, adPreSend, adSend, adUses } from '../../helpers/adCreate';
import { createdOutput, networkField } from '../../helpers/spendSafety';

export const option = operation({
	value: 'create',
	name: 'Create',
	action: 'Create an ad',
	description: 'Create a campaign, ad set and ad in one call',
	method: 'POST',
	path: '/v1/ads/create',
	send: adSend,
	preSend: adPreSend(),
	postReceive: [createdOutput('ad')],
});

export const leading = [networkField()];

export const uses = adUses;

export const properties = adFields('create');
