import type { ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { signRequest } from './signing';
import { SPENDING_CAPS, type SpendingCap } from './spendingCaps';

/**
 * A spending cap's field, from its row (SPENDING_CAPS: name, label, default, precision, its help,
 * which says what 0 means for it), shown while Limit Spending is on. Amounts are never negative.
 */
const capField = (cap: SpendingCap): INodeProperties => ({
	displayName: cap.displayName,
	name: cap.field,
	type: cap.type,
	...(cap.type === 'number' ? { typeOptions: { minValue: 0, numberPrecision: cap.precision } } : {}),
	default: cap.default,
	displayOptions: { show: { limitSpending: [true] } },
	description: cap.description,
});

/** A cap at its example value (the sandbox's capped credential's), as the notice suggests it: "Max Daily Budget 50", "Paused Only on". */
const capExample = (cap: SpendingCap) => `${cap.displayName} ${cap.type === 'boolean' ? (cap.example ? 'on' : 'off') : cap.example}`;

export class StorefrontApi implements ICredentialType {
	name = 'storefrontApi';

	displayName = 'Storefront API';

	icon = { light: 'file:../icons/storefront.svg', dark: 'file:../icons/storefront.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-storefront/n8n-nodes-storefront/blob/main/README.md';

	/**
	 * Only the package's own nodes (and n8n's Tool variants of them, which n8n adds) may use this
	 * credential: from n8n 2.x, n8n refuses to decrypt it for any other node, its HTTP Request node
	 * and HTTP Request Tool included, and refuses to save a workflow that gives it to one. n8n
	 * prefixes these names with the package's and infers the same list from the nodes that declare
	 * the credential (test/credentials.test.ts holds the two equal). n8n 1.x ignores both fields:
	 * there `authenticate` holds (signing.ts `onlyReads`).
	 */
	restrictToSupportedNodes = true as const;

	supportedNodes = [
		'storefrontAds',
		'storefrontAdsTrigger',
		'storefrontCommerce',
		'storefrontCommerceTrigger',
		'storefrontTrigger',
		'storefrontWebhooks',
		'storefrontWebhooksTrigger',
	];

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
			placeholder: 'e.g. https://api.example.com',
			description: 'Address of the Storefront API. A trailing slash or a trailing /v1 is fine: the nodes add /v1 themselves.',
		},
		// Spending caps: each one a row of SPENDING_CAPS (spendingCaps.ts), checked by the Ads operations that spend, before anything is sent
		{
			// each cap's help says what 0 means for it: the counts' and budgets' 0 allows nothing, so a new credential spends nothing
			displayName: `A new credential spends nothing until its caps are set (each says what 0 means for it). A sensible start: ${SPENDING_CAPS.map(capExample).join(', ')}.`,
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
				'Whether the caps below hold for everyone who uses this credential: people you share it with, expressions, AI agents. On, only Storefront nodes may make changes with it. Off: no caps at all, and Ads calls may create, switch on and raise budgets without limit.',
		},
		...SPENDING_CAPS.map(capField),
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
		// Connection: where the key may go (signing.ts)
		{
			displayName: 'The key goes only to the Base URL, and only over a connection no one else can read. Allow Unverified Connections, below, changes that: leave it off unless a proxy of yours needs it.',
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
				"Whether the key may go to the API over a connection someone else could read: with Ignore SSL Issues on, a certificate the request brings itself, or a proxy when the Base URL starts with http://. Off, such a request is not sent. Turn on only if every such proxy is yours: anyone using this credential could then choose one.",
		},
		// n8n's own Allowed HTTP Request Domains, declared here so that n8n does not add its field (default All):
		// None keeps n8n's HTTP Request and GraphQL nodes from using a new credential on n8n 1.x too (our nodes ignore it)
		{
			displayName: 'Allowed HTTP Request Domains',
			name: 'allowedHttpRequestDomains',
			type: 'hidden',
			default: 'none',
		},
	];

	/**
	 * Every request n8n sends with this credential: the Base URL, the key only to its origin and
	 * over a connection no one else can read, and with Limit Spending on only what our operations
	 * made (signing.ts).
	 */
	authenticate = signRequest;

	/** The Test button: a read any valid key may make. n8n shows a rule's message for its answer's status, else the status's name. */
	test: ICredentialTestRequest = {
		request: { url: '/v1/webhooks', method: 'GET' },
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: 'The Storefront API refused this API key. Copy the key again from your Storefront dashboard, or create a new one there.' },
			},
			{
				type: 'responseCode',
				properties: { value: 404, message: 'No Storefront API answers at this Base URL. Use the address in front of /v1, e.g. https://api.example.com' },
			},
		],
	};
}
