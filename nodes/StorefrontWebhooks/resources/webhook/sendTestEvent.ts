import { operation } from '../../../shared/operation';
import { webhookId } from '../../helpers/webhookFields';

export const fields = [webhookId];

export const option = operation({
	// the value saved workflows hold: it stays 'sendTest' whatever the file is called
	value: 'sendTest',
	name: 'Send Test Event',
	action: 'Send a test event to a webhook',
	description: 'Deliver a signed webhook.test event now and return the endpoint status',
	method: 'POST',
	path: '/v1/webhooks/{webhookId}/test',
	fields,
});
