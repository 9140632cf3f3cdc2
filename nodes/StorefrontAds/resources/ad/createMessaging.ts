import { operation } from '../../../shared/operation';
import { adFields, adPreSend, adSend, adUses } from '../../helpers/adCreate';
import { createdOutput, networkField } from '../../helpers/spendSafety';

export const option = operation({
	value: 'createMessaging',
	name: 'Create Messaging Ad',
	action: 'Create a messaging ad',
	description: 'Create an ad that starts a conversation',
	method: 'POST',
	path: '/v1/ads/messaging',
	send: { ...adSend, destination: 'body' },
	preSend: adPreSend(),
	postReceive: [createdOutput('ad')],
});

export const leading = [networkField()];

export const uses = adUses;

export const properties = adFields('messaging');
