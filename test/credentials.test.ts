import type { IHttpRequestOptions } from 'n8n-workflow';

import { StorefrontApi } from '../credentials/StorefrontApi.credentials';
import { SPEND_CAPS } from '../nodes/StorefrontAds/helpers/spendCapDeclarations';
import { KEYS, startFakeApi, type FakeApiServer } from '../fake-api';
import { sendAsHttpRequestNode } from '../harness/httpRequestNode';
import { startReceiver } from '../harness/receiver';

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
			['chatnetApiKey', 'Chatnet Ads API Key', "Storefront Ads' Connection → Connect a chat network ad account", 'for several accounts, make one credential per account'],
			['sparkAuthCodeSecret', 'Spark Auth Code', "Storefront Ads' Ad → Boost a post, on videonet with Use Spark Auth Code on", 'For several codes, make one credential per code'],
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
		const CAPS = SPEND_CAPS.map((c) => c.field);

		test('under a short "Spending caps" notice; each cap says what it limits: each ad, ad set or campaign, one currency, per execution; 0 allows nothing', () => {
			const notice = property('spendingCapsNotice');
			expect(notice.type).toBe('notice');
			expect(notice.displayName).toMatch(/^Spending caps: /);
			for (const said of ['0 allows nothing', 'turn Limit Spending off', 'docs/nodes.md']) expect(notice.displayName).toContain(said);
			for (const [name, said] of [
				['maxDailyBudget', 'not an account total: ten ads at 50 a day pass a cap of 50'],
				['maxDailyBudget', "whole units of the ad account's currency (50 is 50 USD on a USD account"],
				['maxSpendingCallsPerExecution', 'one execution of a workflow (one run, not one day)'],
			])
				expect(property(name).description).toContain(said);
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

		test('each cap field is built from its declaration (SPEND_CAPS): name, label, type, default, what it checks, shown while Limit Spending is on', () => {
			const fields = credential.properties.slice(credential.properties.findIndex((p) => p.name === 'limitSpending') + 1);
			expect(fields.map((p) => p.name)).toEqual(SPEND_CAPS.map((cap) => cap.field));
			for (const cap of SPEND_CAPS) {
				const field = property(cap.field)!;
				expect(field).toMatchObject({ displayName: cap.displayName, type: cap.type, default: cap.default, description: cap.description, displayOptions: { show: { limitSpending: [true] } } });
				// a cap is a whole number of currency units or actions, never below 0
				if (field.type === 'number') expect(field.typeOptions).toEqual({ minValue: 0, numberPrecision: 0 });
			}
		});

		test('the fields saved credentials hold keep their names, types and defaults (a new cap may be added; none renamed)', () => {
			const saved = { limitSpending: ['boolean', true], maxDailyBudget: ['number', 0], maxLifetimeBudget: ['number', 0], pausedOnly: ['boolean', false], maxSpendingCallsPerExecution: ['number', 0] };
			for (const [name, [type, value]] of Object.entries(saved)) expect({ name, type: property(name)?.type, default: property(name)?.default }).toEqual({ name, type, default: value });
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

/**
 * Issue 44, finding 4: the key goes only to the Base URL's own origin. n8n offers this credential
 * to its HTTP Request node, so anyone it is shared with could point a request at a server of theirs.
 */
describe('the key goes only to the Base URL', () => {
	const BASE = 'https://api.example.com';
	const authorization = async (request: IHttpRequestOptions & { uri?: string }, baseUrl = BASE) =>
		(await authenticate(request, { apiKey: 'sk_secret', baseUrl })).headers?.Authorization;

	test.each([
		['another host', { url: 'https://evil.test/x' }],
		['another host over http', { url: 'http://evil.test/v1/webhooks' }],
		['the same host over another scheme', { url: 'http://api.example.com/v1/webhooks' }],
		['the same host on another port', { url: 'https://api.example.com:8443/v1/webhooks' }],
		['userinfo that looks like the host', { url: 'https://api.example.com@evil.test/v1/webhooks' }],
		['a subdomain-like host', { url: 'https://api.example.com.evil.test/v1/webhooks' }],
		['a protocol-relative URL', { url: '//evil.test/v1/webhooks' }],
		['a relative URL on a baseURL of another host', { url: '/v1/webhooks', baseURL: 'https://evil.test' }],
		['a baseURL with a userinfo trick', { url: '/v1/webhooks', baseURL: 'https://api.example.com@evil.test/' }],
		["the HTTP Request node's legacy uri to another host", { uri: 'https://evil.test/x' }],
		['a non-HTTP scheme', { url: 'ftp://api.example.com/v1/webhooks' }],
	])('%s: no Authorization', async (_name, request) => {
		expect(await authorization(request as IHttpRequestOptions)).toBeUndefined();
	});

	test.each([
		['a relative URL (the nodes)', { url: '/v1/webhooks' }],
		['the Base URL itself', { url: 'https://api.example.com/v1/webhooks' }],
		['the default port written out', { url: 'https://api.example.com:443/v1/webhooks' }],
		['the host in capitals', { url: 'https://API.Example.COM/v1/webhooks' }],
		['a relative URL on the Base URL given as baseURL', { url: 'v1/webhooks', baseURL: 'https://api.example.com/' }],
		["the HTTP Request node's legacy uri to the API", { uri: 'https://api.example.com/v1/commerce/pages' }],
	])('%s: Bearer key', async (_name, request) => {
		expect(await authorization(request as IHttpRequestOptions)).toBe('Bearer sk_secret');
	});

	test('a Base URL with a path and a port: the origin is scheme, host and port', async () => {
		expect(await authorization({ url: 'http://127.0.0.1:4010/other/path' }, 'http://127.0.0.1:4010/proxy/v1')).toBe('Bearer sk_secret');
		expect(await authorization({ url: 'http://127.0.0.1:4011/proxy/v1/webhooks' }, 'http://127.0.0.1:4010/proxy/v1')).toBeUndefined();
	});

	test("the credential's notice says so", () => {
		const notice = credential.properties.find((p) => p.name === 'keyOriginNotice')!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/only to the Base URL's own origin \(scheme, host and port\)/);
		expect(notice.displayName).toMatch(/HTTP Request node .* sent without the key/);
	});

	/** Through n8n-core as n8n's HTTP Request node sends with a predefined credential (harness/httpRequestNode.ts). */
	describe('as the HTTP Request node sends, through n8n-core', () => {
		let api: FakeApiServer;
		let other: Awaited<ReturnType<typeof startReceiver>>;
		beforeAll(async () => {
			api = await startFakeApi();
			other = await startReceiver(200);
		});
		afterAll(async () => {
			await api.close();
			await other.close();
		});

		const send = async (url: string) => await sendAsHttpRequestNode(url, { apiKey: KEYS.full, baseUrl: api.url });

		test('toward the API (the Base URL): the key is sent and the API answers', async () => {
			api.clearRequests();
			const r = await send(`${api.url}/v1/webhooks`);
			expect(r.error).toBeUndefined();
			expect(api.requests.map((q) => [q.method, q.path, q.headers.authorization])).toEqual([['GET', '/v1/webhooks', `Bearer ${KEYS.full}`]]);
			expect(r.json).toHaveProperty('webhooks');
		});

		test('toward another server (another port of the same host): the request goes without the key', async () => {
			const r = await send(`${other.url}?steal=1`);
			expect(r.error).toBeUndefined();
			expect(other.received).toHaveLength(1);
			expect(other.received[0].headers.authorization).toBeUndefined();
			expect(JSON.stringify(other.received[0])).not.toContain(KEYS.full);
		});
	});
});
