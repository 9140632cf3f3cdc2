import { operation } from '../../../shared/operation';
import { markDeleted } from '../../../shared/requestActions';
import { webhookId } from '../../helpers/webhookFields';

export const fields = [webhookId];

export const option = operation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a webhook',
	description: 'Remove the endpoint; deliveries stop at once',
	method: 'DELETE',
	path: '/v1/webhooks/{webhookId}',
	fields,
	postReceive: [markDeleted],
});
