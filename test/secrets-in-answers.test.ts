/**
 * Issue 57, finding 2: a secret the API repeated in a 2xx answer (the Spark Auth Code, the
 * Chatnet key) reached the output, also a model's as a tool: only errors were withheld. docs/reference/contract.md:
 * the API never repeats a secret it was sent; a client that finds one in an answer, success or
 * error, does not pass it on. Every answer now passes one withholding step (nodes/shared/wire/answer.ts `withheldFrom`).
 */
import type { INodeParameters } from 'n8n-workflow';

import { StorefrontApi } from '../credentials/StorefrontApi.credentials';
import { postIdOf } from '../fake-api';
import { runNode, type Credentials } from '../harness';
import { byId } from '../harness/context';
import { startEchoingApi } from '../harness/echo';
import { runAsTool } from '../harness/tool';
import { SECRET_FIELDS } from '../nodes/shared/wire/answer';

const API_KEY = 'sk_live_ECHOED_KEY_0123456789';
const CHATNET_KEY = 'cn_live_CREDKEY12345678';
const SPARK_CODE = 'spark_code_FROM_CREDENTIAL_42';
const SECRETS = [API_KEY, CHATNET_KEY, SPARK_CODE];

/** A 200 to every request, repeating what it got where each operation's output keeps it: top level, nested, in lists and in keys. */
const echoingApi = async () =>
	await startEchoingApi(200, (seen) => ({
		network: 'chatnet',
		id: 'acc_chat_1',
		adAccountName: `Connected with ${seen}`,
		ad: { id: 'ad_1', status: 'pending_review', review: { notes: [seen] } },
		message: `Done: ${seen}`,
		webhooks: [{ id: 'wh_1', url: 'https://example.com/hook', events: ['order.created'], description: seen }],
		events: ['order.created'],
		success: true,
		received: { [seen]: [{ deep: seen }] },
	}));

let api: Awaited<ReturnType<typeof echoingApi>>;
beforeAll(async () => (api = await echoingApi()));
afterAll(async () => await api.close());

const credentials = (): Credentials => ({ apiKey: API_KEY, baseUrl: api.url, limitSpending: false, chatnetApiKey: CHATNET_KEY, sparkAuthCodeSecret: SPARK_CODE });

const cases: Array<[string, string, INodeParameters]> = [
	['Connect Chatnet (the Chatnet key in the body)', 'storefrontAds', { resource: 'connection', operation: 'connectChatnet' }],
	[
		'Boost Post on videonet with the Spark Auth Code',
		'storefrontAds',
		{
			resource: 'ad',
			operation: 'boost',
			network: 'videonet',
			accountId: byId('acc_video1'),
			adAccountId: byId('7001'),
			postId: postIdOf('acc_video1', 0),
			budgetAmount: 20,
			budgetType: 'daily',
			additionalFields: { useSparkAuthCode: true },
		},
	],
	['Webhooks → Get Many (the API key only)', 'storefrontWebhooks', { resource: 'webhook', operation: 'getAll', returnAll: true }],
	[
		'Audience → Add Users (a batch operation: the programmatic door in a normal run)',
		'storefrontAds',
		{ resource: 'audience', operation: 'addUsers', accountId: byId('acc_social1'), audienceId: byId('aud_1'), peopleInput: 'json', peopleJson: '[{"email": "a@example.com"}]' },
	],
];

const holdsNoSecret = (text: string) => expect(SECRETS.filter((secret) => text.includes(secret))).toEqual([]);

describe('finding 2: a secret repeated in a 2xx answer is withheld', () => {
	test.each(cases)('finding 2: %s, normal run: no output item, nor anything the execution keeps, holds a secret', async (_name, node, parameters) => {
		const r = await runNode({ node, parameters, credentials: credentials() });
		expect(r.error).toBeUndefined();
		// the API did repeat it: the output says where
		expect(JSON.stringify(r.json)).toContain('[withheld]');
		holdsNoSecret(JSON.stringify(r.run.data));
	});

	test.each(cases)('finding 2: %s, as an AI tool: the model reads no secret', async (_name, node, parameters) => {
		const call = await runAsTool({ node, parameters, args: {}, credentials: credentials() });
		expect(call.error).toBeUndefined();
		expect(call.text).toContain('[withheld]');
		holdsNoSecret(call.text!);
	});

	test("what is withheld is every password field of the credential (a new secret field is withheld, or this fails)", () => {
		const passwords = new StorefrontApi().properties.filter((p) => p.typeOptions?.password).map((p) => p.name);
		expect([...SECRET_FIELDS].sort()).toEqual(passwords.sort());
	});
});
