import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { collection, operation } from '../../../shared/descriptions';
import { eventsField, webhookIdField } from '../common';
import { checkWebhookUrl } from './create';

/** PATCH sends only what the user set; "Clear Description" sends `description: null`. */
async function buildUpdateBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.url !== undefined) {
		await checkWebhookUrl.call(this, String(fields.url));
		body.url = fields.url;
	}
	if (fields.events !== undefined) body.events = fields.events;
	if (fields.description !== undefined) body.description = fields.description;
	if (fields.clearDescription === true) body.description = null;
	if (fields.isActive !== undefined) body.is_active = fields.isActive;
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			description: 'Add at least one field under "Update Fields".',
			itemIndex: this.getItemIndex(),
		});
	}
	request.body = body;
	return request;
}

export const option = operation({
	value: 'update',
	name: 'Update',
	action: 'Update a webhook',
	description: 'Change the URL, events, description or active flag; the secret stays the same',
	method: 'PATCH',
	preSend: [buildUpdateBody],
});

export const properties: INodeProperties[] = [
	webhookIdField(''),
	collection('Update Fields', 'updateFields', [
			{
				displayName: 'Active',
				name: 'isActive',
				type: 'boolean',
				default: true,
				description:
					'Whether deliveries are on. Turning a webhook back on also resets its failure count (the service turns a webhook off after 10 failed deliveries in a row).',
			},
			{
				displayName: 'Clear Description',
				name: 'clearDescription',
				type: 'boolean',
				default: true,
				description: 'Whether to remove the description',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
			},
			eventsField('Replaces the whole event list. Leave empty to receive all events.'),
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/hooks/storefront',
			},
		]),
];
