import { Workflow, type INode } from 'n8n-workflow';

import { StorefrontApi } from '../credentials/StorefrontApi.credentials';
import { makeWorkflow } from './harness';
import { KEYS, startFakeApi, type FakeApiServer } from './server';

const credential = new StorefrontApi();

function resolve(expression: string, credentials: Record<string, string>, wf: Workflow, node: INode) {
	return wf.expression.getSimpleParameterValue(node, expression, 'internal', { $credentials: credentials });
}

describe('Storefront API credential', () => {
	const { workflow, node } = makeWorkflow('storefrontWebhooks', {});

	test('API key is a required password field; Base URL is required', () => {
		const key = credential.properties.find((p) => p.name === 'apiKey')!;
		expect(key.typeOptions?.password).toBe(true);
		expect(key.required).toBe(true);
		expect(credential.properties.find((p) => p.name === 'baseUrl')!.required).toBe(true);
	});

	test.each([
		['https://api.example.com', 'https://api.example.com'],
		['https://api.example.com/', 'https://api.example.com'],
		['https://api.example.com/v1', 'https://api.example.com'],
		['https://api.example.com/v1/', 'https://api.example.com'],
		['  https://api.example.com/V1//  ', 'https://api.example.com'],
		['https://api.example.com/proxy/v1/', 'https://api.example.com/proxy'],
	])('Base URL %j resolves to %j (then /v1/... is appended)', (input, expected) => {
		const baseURL = credential.test.request.baseURL as string;
		expect(resolve(baseURL, { baseUrl: input, apiKey: 'k' }, workflow, node)).toBe(expected);
	});

	test('authenticates with a Bearer header', () => {
		const header = (credential.authenticate.properties.headers as Record<string, string>).Authorization;
		expect(resolve(header, { apiKey: 'sk_abc', baseUrl: 'x' }, workflow, node)).toBe('Bearer sk_abc');
	});

	describe('the Test request tells a wrong key from a wrong URL', () => {
		let api: FakeApiServer;
		beforeAll(async () => (api = await startFakeApi()));
		afterAll(async () => await api.close());

		async function runTest(apiKey: string, baseUrl: string) {
			const creds = { apiKey, baseUrl };
			const { request } = credential.test;
			const url = `${resolve(request.baseURL as string, creds, workflow, node) as string}${request.url}`;
			const header = (credential.authenticate.properties.headers as Record<string, string>).Authorization;
			return await fetch(url, {
				method: request.method,
				headers: { Authorization: resolve(header, creds, workflow, node) as string },
			}).then((r) => r.status);
		}

		test('right key: 200', async () => {
			expect(await runTest(KEYS.full, `${api.url}/v1/`)).toBe(200);
			expect(api.lastRequest()).toMatchObject({ method: 'GET', path: '/v1/webhooks' });
		});
		test('wrong key: 401', async () => expect(await runTest('sk_nope', api.url)).toBe(401));
		test('wrong URL: 404', async () => expect(await runTest(KEYS.full, `${api.url}/wrong`)).toBe(404));
	});
});
