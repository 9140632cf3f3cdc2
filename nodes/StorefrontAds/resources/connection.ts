import type { INodeProperties } from 'n8n-workflow';

import { assembleResource, collection, operation, returnAllOrLimit, type OperationModule } from '../../shared/descriptions';
import { connectionLocator, networkField } from './common';

const getSignInLink: OperationModule = {
	option: operation({
		value: 'getSignInLink',
		name: 'Get Sign-In Link',
		action: 'Get a sign-in link for an ad network',
		description: 'Get the link a person opens to connect an ad network (or connect at once when an existing login can be reused)',
		method: 'GET',
		url: '=/v1/connect/{{ $parameter.network }}/ads',
	}),
	properties: [
		networkField(
			['microblog', 'pronet', 'searchnet', 'socialnet', 'videonet'],
			'The network to connect. Chatnet connects with an API key instead (Connect Chatnet). Pronet needs the professional-network account connected first.',
		),
		{
			displayName: 'Open auth_url from the output in a browser to finish. When already_connected is true, nothing more is needed.',
			name: 'signInNotice',
			type: 'notice',
			default: '',
		},
		collection('Additional Fields', 'additionalFields', [
			{
				displayName: 'Return To',
				name: 'returnTo',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/connected',
				description: 'Where the browser lands after signing in',
				routing: { send: { type: 'query', property: 'return_to' } },
			},
			{
				displayName: 'Posting Account ID',
				name: 'postingAccountId',
				type: 'string',
				default: '',
				placeholder: 'acc_…',
				description: 'Microblog or videonet: the connected posting account to hang the ads login off, when several are connected',
				routing: { send: { type: 'query', property: 'account_id' } },
			},
		]),
	],
};

const connectChatnet: OperationModule = {
	option: operation({
		value: 'connectChatnet',
		name: 'Connect Chatnet',
		action: 'Connect a chat network ad account',
		description: 'Connect one chat-network ad account with its ads API key (the key is stored by the service and never returned)',
		method: 'POST',
		url: '/v1/connect/chatnet/ads',
	}),
	properties: [
		{
			displayName: 'Chatnet Ads API Key',
			name: 'chatnetApiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				"The key from the chat network's ads manager. A new key for an account already connected replaces the old one. Open to US-based businesses; ads show in the US, Canada, Australia and New Zealand.",
			routing: { send: { type: 'body', property: 'api_key' } },
		},
	],
};

const getAll: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many ad connections',
		description: 'List the connected ad network logins (acc_ IDs) and whether they need reconnecting',
		method: 'GET',
		url: '/v1/ads/connections',
		list: { style: 'none', rootProperty: 'connections' },
	}),
	properties: returnAllOrLimit('connections'),
};

const getAdAccounts: OperationModule = {
	option: operation({
		value: 'getAdAccounts',
		name: 'Get Ad Accounts',
		action: 'Get the ad accounts of a connection',
		description: 'List the ad accounts a connection can run ads on, with currency and status',
		method: 'GET',
		url: '/v1/ads/accounts',
		list: { style: 'none', rootProperty: 'accounts' },
	}),
	properties: [connectionLocator('query'), ...returnAllOrLimit('ad accounts')] as INodeProperties[],
};

export const connectionProperties = assembleResource('connection', [getSignInLink, connectChatnet, getAll, getAdAccounts], 'getAll');
