import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { adsOperation } from '../../helpers/adsOperation';
import { credentialSecret, refuseSecretInWorkflow, secretKeptOutOfErrors, type CredentialSecret } from '../../helpers/secrets';

const CHATNET_KEY: CredentialSecret = { name: 'chatnetApiKey', label: 'Chatnet Ads API Key', usedBy: 'Connect Chatnet' };

export const fields = [
	field({
		displayName:
			"The chat network's ads API key comes from the Storefront API credential (its Chatnet Ads API Key field), never from this node. One key connects one ad account: for several, use one credential per account.",
		name: 'chatnetKeyNotice',
		type: 'notice',
		default: '',
	}),
	// Up to 0.1.0 the key was typed here, and n8n kept it in the workflow in plain text. Shown only
	// while a saved workflow still holds a value, so that the user can clear it; its value is never sent.
	// A new node never shows it, so no key can be typed in; password stays because n8n's lint requires
	// it of a parameter named like a key (node-param-type-options-password-missing).
	field({
		displayName: 'Chatnet Ads API Key (Moved to the Credential)',
		name: 'chatnetApiKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'No longer used: put the key in the credential and clear this field. A value here stops the node.',
		displayOptions: { show: { chatnetApiKey: [{ _cnd: { exists: true } }] } },
	}),
];

const { param } = readerOf<typeof fields>();

/** The key from the credential into the body; a key left in the workflow stops the item before anything is sent. */
async function sendKeyFromCredential(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	if (param(this, 'chatnetApiKey', '') !== '') refuseSecretInWorkflow(this, CHATNET_KEY, 'Chatnet Ads API Key (Moved to the Credential)');
	request.body = { api_key: await credentialSecret(this, CHATNET_KEY) };
	return request;
}

export const option = adsOperation({
	value: 'connectChatnet',
	name: 'Connect Chatnet',
	action: 'Connect a chat network ad account',
	description:
		"Connect the chat-network ad account of the credential's Chatnet Ads API Key (the key is stored by the service and never returned). A new key for an account already connected replaces the old one. Open to US-based businesses; ads show in the US, Canada, Australia and New Zealand.",
	method: 'POST',
	path: '/v1/connect/chatnet/ads',
	spends: 'none',
	fields,
	preSend: [sendKeyFromCredential],
	run: secretKeptOutOfErrors('api_key'),
});
