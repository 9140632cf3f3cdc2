import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { collection, operation } from '../../../shared/descriptions';
import { eventsField } from '../common';

export const SECRET_NOTICE =
	'Save "secret" now: the API returns it only in this answer. It signs every delivery (X-Webhook-Signature). To get a new one, delete the webhook and create it again.';

export async function checkWebhookUrl(this: IExecuteSingleFunctions, url: string) {
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || !['https:', 'http:'].includes(parsed.protocol)) {
		throw new NodeOperationError(this.getNode(), `"${url}" is not a valid webhook URL`, {
			description: 'Enter a full HTTPS address such as https://example.com/hooks/storefront.',
			itemIndex: this.getItemIndex(),
		});
	}
}

async function validateCreate(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	await checkWebhookUrl.call(this, String((request.body as { url?: string }).url ?? ''));
	return request;
}

async function addSecretNotice(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	return items.map((item) => ({ json: { ...item.json, secretNotice: SECRET_NOTICE } }));
}

export const option = operation({
	value: 'create',
	name: 'Create',
	action: 'Create a webhook',
	description: 'Register an HTTPS endpoint that receives signed events',
	method: 'POST',
	url: '/v1/webhooks',
	preSend: [validateCreate],
	postReceive: [addSecretNotice],
});

export const properties: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://example.com/hooks/storefront',
		description: 'HTTPS address the service POSTs events to',
		routing: { send: { type: 'body', property: 'url' } },
	},
	{
		...eventsField('Events to receive. Leave empty to receive all events.'),
		routing: { send: { type: 'body', property: 'events' } },
	},
	collection('Additional Fields', 'additionalFields', [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'Your own note, e.g. which workflow uses it',
				routing: { send: { type: 'body', property: 'description' } },
			},
		]),
];
