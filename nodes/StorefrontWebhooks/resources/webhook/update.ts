import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { readerOf } from '../../../shared/reads';
import { failItem } from '../../../shared/requestActions';
import { eventsField, webhookId } from '../../helpers/webhookFields';
import { eventList, webhookUrl } from '../../helpers/webhookBody';
import { signingSecretOutput } from '../../helpers/signingSecret';

/** PATCH sends only what the user set, under the API's names; "Clear Description" sends `description: null`. */
async function buildUpdateBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const fields = param<IDataObject>(this, 'updateFields', {});
	const body: IDataObject = {};
	if (fields.url !== undefined) body.url = webhookUrl.call(this, fields.url);
	if (fields.events !== undefined) body.events = eventList.call(this, fields.events);
	if (fields.description !== undefined) body.description = fields.description;
	if (fields.clearDescription === true) body.description = null;
	if (fields.isActive !== undefined) body.is_active = fields.isActive;
	if (Object.keys(body).length === 0) failItem(this, 'Nothing to update', 'Add at least one field under "Update Fields".');
	request.body = body;
	return request;
}

export const fields = [
	webhookId,
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
			placeholder: 'e.g. https://example.com/hooks/storefront',
			description: 'HTTPS address the service sends events to',
		},
	]),
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = operation({
	value: 'update',
	name: 'Update',
	action: 'Update a webhook',
	description: 'Change the URL, events, description or active flag; the secret stays the same',
	method: 'PATCH',
	path: '/v1/webhooks/{webhookId}',
	fields,
	preSend: [buildUpdateBody],
	// the answer has no secret (reference); should a server send one, a model does not get it
	postReceive: [signingSecretOutput(false)],
});
