import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { field } from '../../../shared/fieldBuilders';
import { adsOperation } from '../../helpers/adsOperation';
import { credentialSecret, type CredentialSecret } from '../../helpers/secrets';

const CHATNET_KEY: CredentialSecret = { name: 'chatnetApiKey', label: 'Chatnet Ads API Key', usedBy: 'Connect Chat Network' };

export const fields = [
	field({
		displayName:
			"The chat network's ads API key comes from the Storefront API credential (its Chatnet Ads API Key field), never from this node. One key connects one ad account: for several, use one credential per account.",
		name: 'chatnetKeyNotice',
		type: 'notice',
		default: '',
	}),
];

// Up to 0.1.0 the key was typed in this node (`chatnetApiKey`). No field holds it any more: n8n
// drops an undeclared parameter when it loads a workflow (the old value is never read or sent) and
// when the workflow is saved again (the secret leaves it).

/** The key from the credential into the body. */
async function sendKeyFromCredential(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	request.body = { api_key: await credentialSecret(this, CHATNET_KEY) };
	return request;
}

export const option = adsOperation({
	value: 'connectChatnet',
	name: 'Connect Chat Network',
	action: 'Connect a chat network ad account',
	description:
		"Connect the chat-network ad account of the credential's Chatnet Ads API Key (the key is stored by the service and never returned). A new key for an account already connected replaces the old one. Open to US-based businesses; ads show in the US, Canada, Australia and New Zealand.",
	method: 'POST',
	path: '/v1/connect/chatnet/ads',
	spends: 'none',
	fields,
	preSend: [sendKeyFromCredential],
});
