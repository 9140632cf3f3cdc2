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
		// Spending caps: read by the Ads operations that spend, before anything is sent (nodes/StorefrontAds/helpers/spendCaps.ts)
		{
			displayName:
				'Spending caps. They protect your ad accounts from whoever uses this credential: colleagues and their workflows when you share it (they can use it without seeing or editing it), expressions over upstream data, and AI agents choosing values. Every Ads operation that spends or raises spend is checked against them before anything is sent; a call over a cap fails with an error naming it. 0 (or off) means no cap.',
			name: 'spendingCapsNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Max Daily Budget',
			name: 'maxDailyBudget',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description:
				"The largest daily budget any ad, boost, campaign or ad set may be created with or changed to, in whole units of the ad account's currency. 0: no cap.",
		},
		{
			displayName: 'Max Lifetime Budget',
			name: 'maxLifetimeBudget',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description: "The same for lifetime budgets, in whole units of the ad account's currency. 0: no cap.",
		},
		{
			displayName: 'Paused Only',
			name: 'pausedOnly',
			type: 'boolean',
			default: false,
			description:
				'Whether everything must be created PAUSED and no status change may make an ad, ad set or campaign active: a person switches it on elsewhere. A request for ACTIVE is refused, not turned into PAUSED.',
		},
		{
			displayName: 'Max Spending Calls per Execution',
			name: 'maxSpendingCallsPerExecution',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description:
				'How many spending calls (creates, boosts, budget and bid changes, activations) one workflow execution may make across all its items and tool calls. Validate Only checks and resends of the same call do not count. 0: no cap.',
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
