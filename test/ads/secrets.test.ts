/**
 * Issue 44, finding 7: the Chatnet Ads API key and the videonet Spark Auth Code were node
 * parameters, stored in plain text in the workflow, its exports and each execution's copy of it.
 * They now come from the Storefront API credential; a workflow saved with the old fields stops
 * with an error that says where the value goes, and sends nothing.
 */
import { NodeHelpers, type INodeParameters } from 'n8n-workflow';

import { postIdOf } from '../../fake-api';
import { errorText, nodeType, runNode } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { startEchoingApi } from '../../harness/echo';
import { runAsTool } from '../../harness/tool';
import { VIDEO } from './helpers';

const ctx = useFakeApi('storefrontAds');
const CHATNET_KEY = 'cn_live_CREDKEY12345678';
const SPARK_CODE = 'spark_code_FROM_CREDENTIAL_42';
const OLD_KEY = 'cn_live_OLDWORKFLOWKEY99';
const OLD_CODE = 'spark_code_OLD_WORKFLOW_7';

const withSecrets = (secrets: { chatnetApiKey?: string; sparkAuthCodeSecret?: string }) => ({
	credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false, ...secrets },
});

/** The parameters n8n saves for the node as the editor has them (what a workflow and its exports hold). */
const saved = (parameters: INodeParameters) => {
	const type = nodeType('storefrontAds');
	return NodeHelpers.getNodeParameters(type.description.properties, parameters, false, false, { typeVersion: 1 } as never, type.description)!;
};

const connect = { resource: 'connection', operation: 'connectChatnet' };
const videonetBoost = (additionalFields: INodeParameters = {}): INodeParameters => ({
	resource: 'ad',
	operation: 'boost',
	network: 'videonet',
	accountId: byId(VIDEO),
	adAccountId: byId('7001'),
	postId: postIdOf(VIDEO, 0),
	budgetAmount: 20,
	budgetType: 'daily',
	additionalFields,
});

describe('Connect Chatnet: the key comes from the credential', () => {
	test('the key of the credential is the body; the node has no field for it; the output does not hold it', async () => {
		const r = await ctx.run(connect, withSecrets({ chatnetApiKey: CHATNET_KEY }));
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/v1/connect/chatnet/ads', { api_key: CHATNET_KEY }]]);
		expect(r.json).toEqual([{ network: 'chatnet', id: expect.stringMatching(/^acc_chat_/), adAccountName: 'Chat ads account' }]);
		expect(JSON.stringify(r.run)).not.toContain(CHATNET_KEY);
		// a new Connect Chatnet node as the editor saves it: resource and operation, no key field
		expect(saved(connect)).toEqual(connect);
	});

	test('a credential without the key: the error names the credential field; nothing is sent', async () => {
		const r = await ctx.run(connect, withSecrets({}));
		expect(r.requests).toEqual([]);
		expect(r.error?.message).toBe('The credential has no Chatnet Ads API Key. Nothing was sent.');
		expect(r.error?.description).toMatch(/Storefront API credential.*"Chatnet Ads API Key"/);
	});

	test('a workflow saved with the old key field: n8n drops the undeclared value when it loads and saves the workflow; the old key is never sent, the credential\'s is', async () => {
		const old = { ...connect, chatnetApiKey: OLD_KEY };
		expect(saved(old)).toEqual(connect);
		expect(nodeType('storefrontAds').description.properties.some((p) => p.name === 'chatnetApiKey')).toBe(false);
		const r = await ctx.run(old, withSecrets({ chatnetApiKey: CHATNET_KEY }));
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => q.body)).toEqual([{ api_key: CHATNET_KEY }]);
		expect(JSON.stringify(r.requests)).not.toContain(OLD_KEY);
	});
});

describe('Boost Post: the Spark Auth Code comes from the credential', () => {
	test('Use Spark Auth Code on videonet sends the credential\'s code; off, nothing is sent of it', async () => {
		const used = await ctx.run(videonetBoost({ useSparkAuthCode: true }), withSecrets({ sparkAuthCodeSecret: SPARK_CODE }));
		expect(used.error).toBeUndefined();
		expect(used.requests.map((q) => [q.method, q.path])).toEqual([['POST', '/v1/ads/boost']]);
		expect(used.requests[0].body).toMatchObject({ accountId: VIDEO, postId: postIdOf(VIDEO, 0), sparkAuthCode: SPARK_CODE });
		expect(JSON.stringify(used.json)).not.toContain(SPARK_CODE);
		// what the workflow holds: the switch, not the code
		expect(saved(videonetBoost({ useSparkAuthCode: true })).additionalFields).toEqual({ useSparkAuthCode: true });

		const unused = await ctx.run(videonetBoost(), withSecrets({ sparkAuthCodeSecret: SPARK_CODE }));
		expect(unused.error).toBeUndefined();
		expect(unused.requests[0].body).not.toHaveProperty('sparkAuthCode');
	});

	test('Use Spark Auth Code with a credential that has none: the error names the credential field; nothing is sent', async () => {
		const r = await ctx.run(videonetBoost({ useSparkAuthCode: true }), withSecrets({}));
		expect(r.requests).toEqual([]);
		expect(r.error?.message).toBe('The credential has no Spark Auth Code. Nothing was sent.');
	});

	test('a workflow saved with the old code in Additional Fields: a clear error that says where it goes now; the old code is not sent', async () => {
		const old = videonetBoost({ sparkAuthCode: OLD_CODE });
		expect((saved(old).additionalFields as INodeParameters).sparkAuthCode).toBe(OLD_CODE);
		const r = await ctx.run(old, withSecrets({ sparkAuthCodeSecret: SPARK_CODE }));
		expect(r.requests).toEqual([]);
		expect(r.error?.name).toBe('NodeApiError');
		expect(r.error?.message).toBe('The Spark Auth Code is no longer a node field: this workflow still holds one in "Additional Fields → Spark Auth Code (Moved to the Credential)". Nothing was sent.');
		expect(r.error?.description).toMatch(/put the value in its "Spark Auth Code" field/);
		expect(`${r.error?.message} ${r.error?.description}`).not.toContain(OLD_CODE);
	});
});

describe('no secret is a node field, so none is a value a model fills in', () => {
	test('no password field of Storefront Ads shows on a new node of any operation', () => {
		const type = nodeType('storefrontAds');
		const props = type.description.properties;
		const operations = props.filter((p) => p.name === 'operation').flatMap((p) => (p.displayOptions!.show!.resource as string[]).flatMap((resource) => (p.options as Array<{ value: string }>).map((o) => ({ resource, operation: o.value }))));
		const shown: string[] = [];
		for (const { resource, operation } of operations) {
			for (const network of ['socialnet', 'videonet', 'chatnet']) {
				const values = NodeHelpers.getNodeParameters(props, { resource, operation, network }, true, false, { typeVersion: 1 } as never, type.description)!;
				for (const p of props) {
					const options = p.type === 'collection' ? (p.options as typeof props) : [p];
					for (const o of options) {
						if (!o.typeOptions?.password) continue;
						const where = p.type === 'collection' ? (values[p.name] ?? {}) : values;
						if (NodeHelpers.displayParameter(values, p, { typeVersion: 1 } as never, type.description) && NodeHelpers.displayParameter(where as INodeParameters, o, { typeVersion: 1 } as never, type.description, values)) shown.push(`${resource}.${operation} ${network}: ${o.name}`);
					}
				}
			}
		}
		expect(shown).toEqual([]);
	});

	test('as an AI tool, Connect Chatnet takes the key from the credential: the model gives no secret and gets none', async () => {
		const call = await runAsTool({ node: 'storefrontAds', parameters: connect, args: {}, credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false, chatnetApiKey: CHATNET_KEY } });
		expect(call.error).toBeUndefined();
		expect(JSON.stringify(call.schema)).not.toMatch(/chatnetApiKey|sparkAuthCode/);
		expect(ctx.api.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/v1/connect/chatnet/ads', { api_key: CHATNET_KEY }]]);
		expect(call.text).not.toContain(CHATNET_KEY);
		expect(call.text).not.toContain(CHATNET_KEY.slice(0, 12));
	});
});

describe('an API error that repeats the secret it was sent', () => {
	/** Every request answered 400 with what it got in the error's message and details. */
	const echoingApi = async () =>
		await startEchoingApi(400, (seen) => ({ error: { code: 'validation_error', message: `Invalid request: ${seen}`, details: [{ field: 'body', message: seen }] } }));

	test.each([
		['Connect Chatnet', connect, { chatnetApiKey: CHATNET_KEY }, CHATNET_KEY],
		['Boost Post with the Spark Auth Code', videonetBoost({ useSparkAuthCode: true }), { sparkAuthCodeSecret: SPARK_CODE }, SPARK_CODE],
	])('%s: the error, its stored form and a tool\'s answer hold no secret', async (_name, parameters, secrets, secret) => {
		const api = await echoingApi();
		try {
			const credentials = { apiKey: ctx.apiKey, baseUrl: api.url, limitSpending: false, ...secrets };
			const r = await runNode({ node: 'storefrontAds', parameters, credentials });
			expect(r.error?.message).toMatch(/^The API rejected the request/);
			// the server did get it, and repeated it: the node's error does not
			expect(`${r.error?.message} ${r.error?.description}`).toContain('[withheld]');
			expect(errorText(r.error)).not.toContain(secret);
			expect(JSON.stringify(r.run.data)).not.toContain(secret);
			const call = await runAsTool({ node: 'storefrontAds', parameters, args: {}, credentials });
			expect(call.error).toBeDefined();
			expect(call.error).not.toContain(secret);
		} finally {
			await api.close();
		}
	});
});
