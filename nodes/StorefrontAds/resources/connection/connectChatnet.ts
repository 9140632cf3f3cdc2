import { field } from '../../../shared/fieldBuilders';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [
	field({
		displayName: 'Chatnet Ads API Key',
		name: 'chatnetApiKey',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			"The key from the chat network's ads manager. A new key for an account already connected replaces the old one. Open to US-based businesses; ads show in the US, Canada, Australia and New Zealand.",
	}),
];

export const option = adsOperation({
	value: 'connectChatnet',
	name: 'Connect Chatnet',
	action: 'Connect a chat network ad account',
	description: 'Connect one chat-network ad account with its ads API key (the key is stored by the service and never returned)',
	method: 'POST',
	path: '/v1/connect/chatnet/ads',
	spends: 'none',
	fields,
	inRequest: { chatnetApiKey: { in: 'body', as: 'api_key' } },
});
