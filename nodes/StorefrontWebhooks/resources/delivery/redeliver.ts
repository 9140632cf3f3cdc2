import { operation } from '../../../shared/operation';
import { deliveryId, webhookId } from '../../helpers/webhookFields';

export const fields = [webhookId, deliveryId];

export const option = operation({
	value: 'redeliver',
	name: 'Redeliver',
	action: 'Redeliver a delivery',
	description: 'Send the same event again with a fresh timestamp and signature',
	method: 'POST',
	path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
	fields,
});
