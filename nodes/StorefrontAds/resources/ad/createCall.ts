import { operation } from '../../../shared/operation';
import { adFields, adPreSend, adSend, adUses } from '../../helpers/adCreate';
import { createdOutput, networkField } from '../../helpers/spendSafety';

export const option = operation({
	value: 'createCall',
	name: 'Create Call Ad',
	action: 'Create a call ad',
	description: 'Create an ad that makes a phone call',
	method: 'POST',
	path: '/v1/ads/call',
	send: { ...adSend, phoneNumber: 'body' },
	preSend: adPreSend(),
	postReceive: [createdOutput('ad')],
});

export const leading = [networkField()];

export const uses = adUses;

export const properties = adFields('call');
