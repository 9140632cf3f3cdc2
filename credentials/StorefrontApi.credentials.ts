import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { API_BASE_URL } from '../nodes/shared/transport';

export class StorefrontApi implements ICredentialType {
	name = 'storefrontApi';

	displayName = 'Storefront API';

	icon = { light: 'file:../icons/storefront.svg', dark: 'file:../icons/storefront.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-storefront/n8n-nodes-storefront#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The key from your Storefront dashboard. One key serves store, ads and webhook calls.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com',
			description:
				'Address of the Storefront API. A trailing slash or a trailing /v1 is fine: the nodes add /v1 themselves.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: API_BASE_URL,
			url: '/v1/webhooks',
			method: 'GET',
		},
	};
}
