import { collection, field } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { bodyFrom } from '../../../shared/requestActions';
import { eventsField } from '../../helpers/webhookFields';
import { eventList, webhookUrl } from '../../helpers/webhookBody';
import { signingSecretOutput } from '../../helpers/signingSecret';

export const fields = [
	field({
		displayName:
			'The signing secret is in the output of this operation only: the API never returns it again. Store it before you leave this node. As an AI tool the node withholds it from the model: create endpoints from a normal run.',
		name: 'secretNotice',
		type: 'notice',
		default: '',
	}),
	field({
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/hooks/storefront',
		description: 'HTTPS address the service sends events to',
	}),
	eventsField('Events to receive. Leave empty to receive all events.'),
	collection('Additional Fields', 'additionalFields', [
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			description: 'Your own note, e.g. which workflow uses it',
		},
	]),
];

export const option = operation({
	value: 'create',
	name: 'Create',
	action: 'Create a webhook',
	description: 'Register an HTTPS endpoint that receives signed events',
	method: 'POST',
	path: '/v1/webhooks',
	fields,
	inRequest: { url: { in: 'body', map: webhookUrl }, events: { in: 'body', map: eventList } },
	preSend: [bodyFrom('additionalFields')],
	// the secret in a normal run's output; as an AI tool, withheld from the model
	postReceive: [signingSecretOutput(true)],
});
