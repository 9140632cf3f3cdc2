import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { operation, resourceLocator } from '../../../shared/descriptions';
import { webhookIdField } from '../common';

async function setRedeliverUrl(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const webhookId = this.getNodeParameter('webhookId', undefined, { extractValue: true }) as string;
	const deliveryId = this.getNodeParameter('deliveryId', undefined, { extractValue: true }) as string;
	request.url = `/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`;
	return request;
}

export const option = operation({
	value: 'redeliver',
	name: 'Redeliver',
	action: 'Redeliver a delivery',
	description: 'Send the same event again with a fresh timestamp and signature',
	method: 'POST',
	preSend: [setRedeliverUrl],
});

export const properties: INodeProperties[] = [
	webhookIdField(),
	resourceLocator({
		displayName: 'Delivery',
		name: 'deliveryId',
		searchListMethod: 'searchDeliveries',
		placeholder: 'e.g. 9b7a2c5d-8e1f-4a9b-3f2b-8c1e6a4d4e0f',
		description: 'The delivery whose event is sent again',
	}),
];
