import { operation } from '../../../shared/operation';
import { webhookId, webhooksLocator } from '../../helpers/webhookFields';

export const fields = [
	webhookId,
	webhooksLocator({
		displayName: 'Delivery',
		name: 'deliveryId',
		searchListMethod: 'searchDeliveries',
		placeholder: 'e.g. 9b7a2c5d-8e1f-4a9b-3f2b-8c1e6a4d4e0f',
		description: 'The delivery whose event is sent again',
		listedBy: 'Delivery → Get Many',
	}),
];

export const option = operation({
	value: 'redeliver',
	name: 'Redeliver',
	action: 'Redeliver a delivery',
	description: 'Send the same event again with a fresh timestamp and signature',
	method: 'POST',
	path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
	fields,
});
