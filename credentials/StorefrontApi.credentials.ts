import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { normaliseBaseUrl } from './baseUrl';

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

	/**
	 * A function rather than `Bearer {{$credentials.apiKey}}`: n8n evaluates a generic
	 * authenticate's expressions for every request of every item; this costs nothing.
	 * It also gives every relative request the credential's Base URL (nodes send paths only).
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const url = String(requestOptions.url ?? '');
		if (!requestOptions.baseURL && !/^https?:\/\//i.test(url)) requestOptions.baseURL = normaliseBaseUrl(credentials.baseUrl);
		requestOptions.headers = { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.apiKey ?? '')}` };
		return requestOptions;
	}

	test: ICredentialTestRequest = {
		request: { url: '/v1/webhooks', method: 'GET' },
	};
}
