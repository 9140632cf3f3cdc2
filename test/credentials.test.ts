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

	test('the ad network secrets are optional password fields that name the operation sending each, and say: one credential per account or code', () => {
		const byName = (name: string) => credential.properties.find((p) => p.name === name)!;
		for (const [name, displayName, operation, several] of [
			['chatnetApiKey', 'Chatnet Ads API Key', 'Ads → Connection → Connect Chatnet', 'for several accounts, make one credential per account'],
			['sparkAuthCodeSecret', 'Spark Auth Code', 'Ads → Ad → Boost Post on videonet with Use Spark Auth Code on', 'For several codes, make one credential per code'],
		]) {
			const p = byName(name);
			expect(p).toMatchObject({ displayName, type: 'string', typeOptions: { password: true }, default: '' });
			expect(p.required).toBeUndefined();
			expect(p.description).toMatch(/^Optional\. Only /);
			expect(p.description).toContain(operation);
			expect(p.description).toContain(several);
		}
	});

	describe('Spending caps', () => {
		const property = (name: string) => credential.properties.find((p) => p.name === name)!;
		const CAPS = ['maxDailyBudget', 'maxLifetimeBudget', 'pausedOnly', 'maxSpendingCallsPerExecution'];

		test('under a "Spending caps" notice that says what they limit: each ad, ad set or campaign, one currency, per execution; 0 allows nothing', () => {
			const notice = property('spendingCapsNotice');
			expect(notice.type).toBe('notice');
			expect(notice.displayName).toMatch(/^Spending caps\. /);
			for (const said of [
				'0 allows nothing',
				'turn Limit Spending off',
				"each ad, ad set or campaign on its own, not to an ad account's total (ten ads at 50 a day pass a cap of 50)",
				'one number in whatever currency the ad account uses',
				'per execution (one run of a workflow), not per day',
			]) {
				expect(notice.displayName).toContain(said);
			}
			// the notice comes first, then the switch, then the caps it shows
			const names = credential.properties.map((p) => p.name);
			expect(names.slice(names.indexOf('spendingCapsNotice'))).toEqual(['spendingCapsNotice', 'limitSpending', ...CAPS]);
		});

		test('Limit Spending is on by default (a credential saved without it keeps its caps) and shows the caps; "no caps" is turning it off', () => {
			expect(property('limitSpending')).toMatchObject({ displayName: 'Limit Spending', type: 'boolean', default: true });
			for (const name of CAPS) expect(property(name).displayOptions).toEqual({ show: { limitSpending: [true] } });
			expect(property('maxSpendingCallsPerExecution').displayName).toBe('Max Spending Actions per Execution');
		});

		test('a cap of 0 allows nothing: no description calls 0 "no cap"', () => {
			for (const name of ['maxDailyBudget', 'maxLifetimeBudget', 'maxSpendingCallsPerExecution']) {
				const p = property(name);
				expect(p).toMatchObject({ type: 'number', default: 0, typeOptions: { minValue: 0, numberPrecision: 0 } });
				expect(p.description).toMatch(/ 0: no (daily budget|lifetime budget|spending action)/);
				expect(p.description).not.toMatch(/no cap/i);
			}
		});

		test('every text is plain: straight apostrophes only', () => {
			const texts = credential.properties.flatMap((p) => [p.displayName, p.description ?? '', String(p.placeholder ?? '')]);
			expect(texts.filter((t) => /[\u2018\u2019]/.test(t))).toEqual([]);
		});
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
