import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { SPEND_CAPS, type SpendCap } from '../nodes/StorefrontAds/helpers/spendCapDeclarations';
import { normaliseBaseUrl, sameOrigin } from './baseUrl';
import { readableConnection } from './connection';

/**
 * A spending cap's field, from its declaration (SPEND_CAPS: name, label, default, what it checks),
 * shown while Limit Spending is on. Amounts are whole and never negative.
 */
const capField = (cap: SpendCap): INodeProperties => ({
	displayName: cap.displayName,
	name: cap.field,
	type: cap.type,
	...(cap.type === 'number' ? { typeOptions: { minValue: 0, numberPrecision: 0 } } : {}),
	default: cap.default,
	displayOptions: { show: { limitSpending: [true] } },
	description: cap.description,
});

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
		{
			displayName:
				"The API key goes only to the Base URL's own origin (scheme, host and port). A request made with this credential to any other address, from the HTTP Request node for example, is sent without the key. A request to the API that others could read (Ignore SSL Issues on, or a proxy with an http:// Base URL) is not sent at all, unless Allow Unverified Connections is on.",
			name: 'keyOriginNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Allow Unverified Connections',
			name: 'allowUnverifiedConnections',
			type: 'boolean',
			default: false,
			description:
				"Whether the key (and the secrets below) may go to the API on a connection that someone else could read: with Ignore SSL Issues on, or a CA certificate the request brings itself (the API's certificate is then not checked, so a proxy can pose as the API), or through a proxy when the Base URL is http:// (the proxy reads plain HTTP). Off: such a request is not sent, and its error says why. Turn on only if every such proxy is yours (a company's TLS-inspecting proxy): anyone who uses this credential, people you share it with included, can then choose the proxy.",
		},
		// Ad network secrets: read by the one Ads operation that sends each (nodes/StorefrontAds/helpers/secrets.ts), never node fields
		{
			displayName: 'Chatnet Ads API Key',
			name: 'chatnetApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"Optional. Only Storefront Ads' Connection → Connect a chat network ad account sends it: the key from the chat network's ads manager. One key connects one chat-network ad account; for several accounts, make one credential per account.",
		},
		{
			displayName: 'Spark Auth Code',
			name: 'sparkAuthCodeSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"Optional. Only Storefront Ads' Ad → Boost a post, on videonet with Use Spark Auth Code on, sends it: the code a video's owner gives you to boost a video that is not one of your identities. For several codes, make one credential per code.",
		},
		// Spending caps: declared in nodes/StorefrontAds/helpers/spendCapDeclarations.ts (SPEND_CAPS), read by the Ads operations that spend, before anything is sent (spendCaps.ts)
		{
			displayName:
				"Spending caps: limits on what Ads calls made with this credential may spend, checked before anything is sent, for everyone who uses it (people you share it with, expressions, AI agents). 0 allows nothing of that kind; turn Limit Spending off for no caps. Each cap below says what it checks; docs/nodes.md (Spending caps) lists every operation.",
			name: 'spendingCapsNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Limit Spending',
			name: 'limitSpending',
			type: 'boolean',
			// on: a credential saved without this switch keeps the caps it has (n8n fills in the default)
			default: true,
			description:
				'Whether the caps below hold for every Ads call made with this credential. Off: no caps at all, Ads operations may create, activate and raise budgets without any limit from this credential.',
		},
		...SPEND_CAPS.map(capField),
	];

	/**
	 * A function rather than `Bearer {{$credentials.apiKey}}`: n8n evaluates a generic
	 * authenticate's expressions for every request of every item; this costs nothing.
	 * It also gives every relative request the credential's Base URL (nodes send paths only).
	 * The key goes only to the Base URL's own origin: n8n offers this credential to its HTTP
	 * Request node (which sends a legacy `uri`), and a request elsewhere is sent without it.
	 * A request to that origin on a connection others could read (connection.ts) is not sent at all,
	 * rather than sent without the key: its body may hold the Chatnet key or the Spark Auth Code.
	 * n8n wraps what this throws in a NodeApiError of the node, message and description kept.
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const url = String(requestOptions.url ?? (requestOptions as { uri?: unknown }).uri ?? '');
		if (!requestOptions.baseURL && !/^https?:\/\//i.test(url)) requestOptions.baseURL = normaliseBaseUrl(credentials.baseUrl);
		if (!sameOrigin(credentials.baseUrl, url, requestOptions.baseURL)) return requestOptions;
		const notSent = credentials.allowUnverifiedConnections === true ? undefined : readableConnection(credentials.baseUrl, requestOptions);
		if (notSent) throw Object.assign(new Error(notSent.message), { description: notSent.description, httpCode: 'none' });
		requestOptions.headers = { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.apiKey ?? '')}` };
		return requestOptions;
	}

	test: ICredentialTestRequest = {
		request: { url: '/v1/webhooks', method: 'GET' },
	};
}
