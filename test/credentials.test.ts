import type { IHttpRequestOptions } from 'n8n-workflow';

import { StorefrontApi } from '../credentials/StorefrontApi.credentials';
import { KEYS, startFakeApi, type FakeApiServer } from '../fake-api';

const credential = new StorefrontApi();

/** What n8n does with the credential before each request: our authenticate function. */
async function authenticate(request: IHttpRequestOptions, creds: { apiKey: string; baseUrl: string }) {
	return await credential.authenticate({ ...creds }, { ...request, headers: { ...request.headers } });
}

describe('Storefront API credential', () => {
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
	])('Base URL %j resolves to %j (then /v1/... is appended)', async (input, expected) => {
		const out = await authenticate({ url: '/v1/webhooks' }, { baseUrl: input, apiKey: 'k' });
		expect(out.baseURL).toBe(expected);
	});

	test('authenticates with a Bearer header, without expressions, keeping other headers', async () => {
		const out = await authenticate({ url: '/v1/webhooks', headers: { Accept: 'application/json' } }, { apiKey: 'sk_abc', baseUrl: 'https://x' });
		expect(out.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer sk_abc' });
	});

	test('an absolute URL or a base URL already set is left alone', async () => {
		expect((await authenticate({ url: 'https://other.example.com/x' }, { apiKey: 'k', baseUrl: 'https://api' })).baseURL).toBeUndefined();
		expect((await authenticate({ url: '/x', baseURL: 'https://own' }, { apiKey: 'k', baseUrl: 'https://api' })).baseURL).toBe('https://own');
	});

	describe('the Test request tells a wrong key from a wrong URL', () => {
		let api: FakeApiServer;
		beforeAll(async () => (api = await startFakeApi()));
		afterAll(async () => await api.close());

		async function runTest(apiKey: string, baseUrl: string) {
			const request = await authenticate(credential.test.request as IHttpRequestOptions, { apiKey, baseUrl });
			return await fetch(`${request.baseURL}${request.url}`, {
				method: request.method,
				headers: request.headers as Record<string, string>,
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
