import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { IHttpRequestOptions, INodeTypeDescription } from 'n8n-workflow';

import { markOwnRequest, NOT_FROM_OUR_NODES } from '../credentials/signing';
import { StorefrontApi } from '../credentials/StorefrontApi.credentials';
import { SPEND_ACTIONS, SPENDING_CAPS } from '../credentials/spendingCaps';
import { KEYS, startFakeApi, type FakeApiServer } from '../fake-api';
import { NodeTypes, PACKAGE, runNode, supportedNodeTypes } from '../harness';
import { byId } from '../harness/context';
import { sendAsHttpRequestNode, type N8nDoor, type UserRequest } from '../harness/httpRequestNode';
import { startReceiver } from '../harness/receiver';
import { runAsTool } from '../harness/tool';
import { SOCIAL, socialBody } from './ads/helpers';

const credential = new StorefrontApi();
const words = (text: string) => text.trim().split(/\s+/).length;

/** Requests that spend, as the API takes them, and our Ads node's parameters for a paused ad within caps of 50 a day. */
const SPEND = {
	ad: { ...socialBody, name: 'Door test' },
	campaign: { accountId: SOCIAL, adAccountId: 'act_1001', name: 'Door test', goal: 'traffic' },
	adParameters: { ...socialBody, budgetAmount: 25, status: 'PAUSED', accountId: byId(SOCIAL), adAccountId: byId('act_1001') },
};

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
		const CAPS = SPENDING_CAPS.map((c) => c.field);

		test('a new credential meets the caps first, right after API Key and Base URL: a short line says it spends nothing until they are set and what a sensible start is (the caps\' example values), then Limit Spending and the caps', () => {
			const notice = property('spendingCapsNotice');
			expect(notice.type).toBe('notice');
			expect(notice.displayName).toMatch(/^A new credential spends nothing until its caps are set \(each says what 0 means for it\)\. /);
			// the start it suggests is each cap's example (the sandbox's capped credential)
			expect(notice.displayName).toContain('A sensible start: Max Daily Budget 50, Max Lifetime Budget 500, Paused Only on, Max Spending Actions per Execution 3');
			for (const cap of SPENDING_CAPS) expect(notice.displayName).toContain(`${cap.displayName} ${cap.type === 'boolean' ? (cap.example ? 'on' : 'off') : cap.example}`);
			expect(words(notice.displayName)).toBeLessThanOrEqual(45);
			for (const [name, said] of [
				['maxDailyBudget', 'not an account total: ten ads at 50 a day pass a cap of 50'],
				['maxDailyBudget', "in whole units of the ad account's currency"],
				['maxSpendingCallsPerExecution', 'one run of a workflow may take across its items and tool calls'],
			])
				expect(property(name).description).toContain(said);
			// the connection fields, then the notice, the switch and the caps it shows
			const names = credential.properties.map((p) => p.name);
			expect(names.slice(0, 4 + CAPS.length)).toEqual(['apiKey', 'baseUrl', 'spendingCapsNotice', 'limitSpending', ...CAPS]);
		});

		test('Limit Spending is on by default (a credential saved without it keeps its caps) and shows the caps; "no caps" is turning it off', () => {
			expect(property('limitSpending')).toMatchObject({ displayName: 'Limit Spending', type: 'boolean', default: true });
			for (const name of CAPS) expect(property(name).displayOptions).toEqual({ show: { limitSpending: [true] } });
			expect(property('maxSpendingCallsPerExecution').displayName).toBe('Max Spending Actions per Execution');
		});

		test('the caps a new credential starts with allow nothing at 0, and say so: no such description calls 0 "no cap"', () => {
			for (const name of ['maxDailyBudget', 'maxLifetimeBudget', 'maxSpendingCallsPerExecution']) {
				const p = property(name);
				expect(p).toMatchObject({ type: 'number', default: 0, typeOptions: { minValue: 0, numberPrecision: 0 } });
				expect(p.description).toMatch(/ 0: no (daily budget|lifetime budget|spending action)/);
				expect(p.description).not.toMatch(/no cap/i);
			}
		});

		test('each amount cap says what its 0 means, as its row declares it; the notice\'s "spends nothing" holds: a cap whose 0 allows nothing checks every spending action', () => {
			for (const cap of SPENDING_CAPS) {
				if (cap.type !== 'number') continue;
				if (cap.zero === 'noCap') expect({ field: cap.field, says: / 0: no cap\.$/.test(cap.description) }).toEqual({ field: cap.field, says: true });
				else expect({ field: cap.field, says: / 0: no [^.]+\.$/.test(cap.description) && !/no cap/i.test(cap.description) }).toEqual({ field: cap.field, says: true });
			}
			const closedAtZero = SPENDING_CAPS.filter((cap) => cap.type === 'number' && cap.zero === 'allowsNothing' && cap.default === 0);
			expect(closedAtZero.some((cap) => SPEND_ACTIONS.every((a) => cap.checks.includes(a)))).toBe(true);
		});

		test('each cap field is built from its row (SPENDING_CAPS): name, label, type, default, precision, what it checks, shown while Limit Spending is on', () => {
			const after = credential.properties.findIndex((p) => p.name === 'limitSpending') + 1;
			const fields = credential.properties.slice(after, after + SPENDING_CAPS.length);
			expect(fields.map((p) => p.name)).toEqual(SPENDING_CAPS.map((cap) => cap.field));
			for (const cap of SPENDING_CAPS) {
				const field = property(cap.field)!;
				expect(field).toMatchObject({ displayName: cap.displayName, type: cap.type, default: cap.default, description: cap.description, displayOptions: { show: { limitSpending: [true] } } });
				// an amount takes the decimals its row declares (whole currency units or actions, or cents), never below 0
				if (cap.type === 'number') expect(field.typeOptions).toEqual({ minValue: 0, numberPrecision: cap.precision });
			}
		});

		test('the fields saved credentials hold keep their names, types and defaults (a new cap may be added; none renamed)', () => {
			const saved = { limitSpending: ['boolean', true], maxDailyBudget: ['number', 0], maxLifetimeBudget: ['number', 0], pausedOnly: ['boolean', false], maxSpendingCallsPerExecution: ['number', 0] };
			for (const [name, [type, value]] of Object.entries(saved)) expect({ name, type: property(name)?.type, default: property(name)?.default }).toEqual({ name, type, default: value });
		});

		test('help is short and in the user\'s words: at most 60 words each, no status numbers, header names, hashing terms or file paths (the caps\' help included: each row\'s description)', () => {
			const own = credential.properties.filter((p) => p.type !== 'hidden');
			const texts = own.flatMap((p) => [p.displayName, p.description ?? '']).filter(Boolean);
			expect(texts.filter((t) => words(t) > 60)).toEqual([]);
			const jargon = /\b[1-5]\d\d (answer|error|status|response)|status code|Authorization|Bearer|Idempotency|HMAC|SHA|\bhex\b|\borigin\b|\bscheme\b|\bCA\b|TLS|\w+\/\w+\.(md|ts|js)\b/;
			expect(texts.filter((t) => jargon.test(t))).toEqual([]);
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

		test("n8n shows the test's own words for a refused key (where to get one) and for a Base URL with no API behind it", () => {
			const rules = Object.fromEntries((credential.test.rules ?? []).map((r) => [String((r.properties as { value: number }).value), (r.properties as { message: string }).message]));
			expect(credential.test.rules?.every((r) => r.type === 'responseCode')).toBe(true);
			expect(rules['401']).toBe('The Storefront API refused this API key. Copy the key again from your Storefront dashboard, or create a new one there.');
			expect(rules['404']).toMatch(/^No Storefront API answers at this Base URL\. .*e\.g\. https:\/\/api\.example\.com$/);
		});

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

	test('the connection details sit behind their own short notice, placed with the switch that changes them, after the caps and the secrets', () => {
		const names = credential.properties.map((p) => p.name);
		expect(names.slice(names.indexOf('sparkAuthCodeSecret'))).toEqual(['sparkAuthCodeSecret', 'keyOriginNotice', 'allowUnverifiedConnections', 'allowedHttpRequestDomains']);
		const notice = credential.properties.find((p) => p.name === 'keyOriginNotice')!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/^The key goes only to the Base URL, and only over a connection no one else can read\./);
		expect(words(notice.displayName)).toBeLessThanOrEqual(35);
	});

	/**
	 * Through n8n-core as n8n's HTTP Request node sends with a predefined credential
	 * (harness/httpRequestNode.ts), where n8n lets it use the credential: n8n 1.x, a credential
	 * saved before this package declared Allowed HTTP Request Domains (n8n's default then: All).
	 */
	describe('as the HTTP Request node sends, through n8n-core (n8n 1.x, an older credential)', () => {
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

		const send = async (url: string) =>
			await sendAsHttpRequestNode(url, { apiKey: KEYS.full, baseUrl: api.url, allowedHttpRequestDomains: 'all' }, {}, { engine: { n8n1: true } });

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

/**
 * Issue 67, finding 1: n8n's HTTP Request node, with Authentication → Predefined Credential Type →
 * Storefront API, created an ACTIVE ad at 1,000,000 a day under the strictest caps. Deny by default
 * at every door that carries the credential: n8n 2.x refuses the credential to any node but ours
 * (restrictToSupportedNodes); where n8n lets another node use it (n8n 1.x, an older credential),
 * the credential itself signs a request that could change something only when one of our
 * operations made it. The fake API's books decide.
 */
describe('issue 67, finding 1: no door but our nodes spends with the credential', () => {
	const STRICTEST = { limitSpending: true, maxDailyBudget: 0, maxLifetimeBudget: 0, pausedOnly: true, maxSpendingCallsPerExecution: 0 };
	let api: FakeApiServer;
	let pausedAd: string;
	let pausedCampaign: string;
	beforeAll(async () => {
		api = await startFakeApi();
		const post = async (method: string, path: string, body: object) => {
			const res = await fetch(`${api.url}${path}`, { method, headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
			if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
			return (await res.json()) as Record<string, Record<string, string>>;
		};
		pausedAd = (await post('POST', '/v1/ads/create', { ...SPEND.ad, status: 'PAUSED', budgetAmount: 5 })).ad.id;
		pausedCampaign = (await post('POST', '/v1/ads/campaigns', { ...SPEND.campaign, status: 'PAUSED', budget: { amount: 5, type: 'daily' } })).campaign.platformCampaignId;
		expect([pausedAd, pausedCampaign]).toEqual([expect.any(String), expect.any(String)]);
	});
	afterAll(async () => await api.close());

	/** What the review sent: an ACTIVE ad and an ACTIVE campaign at huge budgets, a paused ad and campaign switched on. */
	const attempts = (): Array<[string, string, UserRequest]> => [
		['an ACTIVE ad at 1,000,000 a day', '/v1/ads/create', { method: 'POST', body: { ...SPEND.ad, status: 'ACTIVE', budgetAmount: 1_000_000 } }],
		['an ACTIVE campaign at 500,000 a day', '/v1/ads/campaigns', { method: 'POST', body: { ...SPEND.campaign, status: 'ACTIVE', budget: { amount: 500_000, type: 'daily' } } }],
		['a paused ad switched on', `/v1/ads/${pausedAd}/status`, { method: 'PUT', body: { status: 'active' } }],
		['a paused campaign switched on', `/v1/ads/campaigns/${pausedCampaign}/status`, { method: 'PUT', body: { status: 'active', platform: 'socialfeed' } }],
	];
	/** Headers, query keys and body fields a user or a model might try, to pass as one of our operations. */
	const FORGED: UserRequest = {
		headers: { 'x-storefront-operation': 'true', 'made by a Storefront operation': 'true', 'Symbol(made by a Storefront operation)': 'true', 'x-n8n-node': 'n8n-nodes-storefront.storefrontAds' },
		qs: { own: 'true', 'Symbol(made by a Storefront operation)': 'true' },
	};

	const send = async (path: string, request: UserRequest, options: { door?: N8nDoor; n8n1?: boolean; credential?: object } = {}) =>
		await sendAsHttpRequestNode(
			`${api.url}${path}`,
			{ apiKey: KEYS.full, baseUrl: api.url, ...STRICTEST, ...(options.credential ?? {}) },
			{},
			{ door: options.door ?? 'httpRequest', request, engine: { n8n1: options.n8n1 } },
		);

	describe('n8n 2.x: the credential is restricted to our nodes (restrictToSupportedNodes)', () => {
		test('it names our seven nodes, the ones that declare it: n8n prefixes them with the package name and adds their Tool variants', () => {
			const files: string[] = JSON.parse(readFileSync(`${__dirname}/../package.json`, 'utf8')).n8n.nodes;
			const declaring = files
				.map((file) => (new NodeTypes().getByName(`${PACKAGE}.${basename(file, '.node.js').replace(/^./, (c) => c.toLowerCase())}`) as { description: INodeTypeDescription }).description)
				.filter((description) => description.credentials?.some((c) => c.name === 'storefrontApi'))
				.map((description) => description.name);
			expect(declaring).toHaveLength(files.length);
			expect(credential.restrictToSupportedNodes).toBe(true);
			expect([...credential.supportedNodes].sort()).toEqual([...declaring].sort());
			expect(supportedNodeTypes(credential)).toEqual(expect.arrayContaining([`${PACKAGE}.storefrontAds`, `${PACKAGE}.storefrontAdsTool`, `${PACKAGE}.storefrontTrigger`]));
			expect(supportedNodeTypes(credential)).not.toContain('n8n-nodes-base.httpRequest');
		});

		test.each([
			['the HTTP Request node', 'httpRequest'],
			['the HTTP Request node as a tool', 'httpRequestTool'],
			['the HTTP Request Tool', 'toolHttpRequest'],
		] as Array<[string, N8nDoor]>)('%s: n8n-core refuses the credential before anything is signed or sent, for every attempt; the books do not change', async (_name, door) => {
			const mark = api.books.mark();
			api.clearRequests();
			for (const [, path, request] of attempts()) {
				const r = await send(path, request, { door, credential: { allowedHttpRequestDomains: 'all' } });
				expect(r.error?.message).toBe('Credential type "storefrontApi" is restricted to specific nodes');
			}
			expect(api.requests).toEqual([]);
			expect(api.books.since(mark)).toEqual([]);
		});
	});

	describe('where n8n lets another node use it (n8n 1.x; a credential saved with Allowed HTTP Request Domains: All), the credential refuses what it did not get from our operations', () => {
		test.each([
			['the HTTP Request node', 'httpRequest'],
			['the HTTP Request node as a tool', 'httpRequestTool'],
			['the HTTP Request Tool (n8n 1.x does not check Allowed HTTP Request Domains there)', 'toolHttpRequest'],
		] as Array<[string, N8nDoor]>)('%s, under the strictest caps, with and without forged marks: nothing is sent, the error names the fix; the books do not change', async (_name, door) => {
			const mark = api.books.mark();
			api.clearRequests();
			for (const [what, path, request] of attempts()) {
				for (const sent of [request, { ...request, headers: FORGED.headers, qs: FORGED.qs }]) {
					const r = await send(path, sent, { door, n8n1: true, credential: { allowedHttpRequestDomains: 'all' } });
					expect({ what, message: r.error?.message }).toEqual({ what, message: NOT_FROM_OUR_NODES.message });
					expect(r.error?.description).toContain('Use the Storefront Ads, Commerce or Webhooks node');
					// n8n wraps the refusal in an error of the node: no HTTP code, so the editor shows no "Error code none"
					expect({ what, httpCode: (r.error as { httpCode?: unknown } | undefined)?.httpCode ?? null }).toEqual({ what, httpCode: null });
				}
			}
			expect(api.requests).toEqual([]);
			expect(api.books.since(mark)).toEqual([]);
		});

		test.each([
			['a GET that asks to be taken as a POST (X-HTTP-Method-Override)', { method: 'GET', headers: { 'X-HTTP-Method-Override': 'POST' } }],
			['a GET with _method=POST in its query', { method: 'GET', qs: { _method: 'POST' } }],
			['a GET with a body', { method: 'GET', body: { ...SPEND.ad, status: 'ACTIVE', budgetAmount: 1_000_000 } }],
			['a HEAD with a body', { method: 'HEAD', body: 'status=ACTIVE' }],
			['a POST in lower case', { method: 'post', body: { ...SPEND.ad, status: 'ACTIVE', budgetAmount: 1_000_000 } }],
			['an OPTIONS', { method: 'OPTIONS' }],
		] as Array<[string, UserRequest]>)('%s is not a read: not sent', async (_name, request) => {
			api.clearRequests();
			const r = await send('/v1/ads/create', request, { n8n1: true, credential: { allowedHttpRequestDomains: 'all' } });
			expect(r.error?.message).toBe(NOT_FROM_OUR_NODES.message);
			expect(api.requests).toEqual([]);
		});

		test('reads still go through, with the key (GET and HEAD, no body)', async () => {
			api.clearRequests();
			const r = await send(`/v1/ads/campaigns?adAccountId=act_1001`, { method: 'GET', qs: { platform: 'socialfeed' } }, { n8n1: true, credential: { allowedHttpRequestDomains: 'all' } });
			expect(r.error).toBeUndefined();
			expect(r.json).toHaveProperty('campaigns');
			expect(api.requests.map((q) => [q.method, q.path, q.headers.authorization])).toEqual([['GET', '/v1/ads/campaigns', `Bearer ${KEYS.full}`]]);
		});

		test('the books can tell: with Limit Spending off (the owner allows anything), the same request is sent and booked', async () => {
			const mark = api.books.mark();
			const [, path, request] = attempts()[0];
			const r = await send(path, request, { n8n1: true, credential: { allowedHttpRequestDomains: 'all', limitSpending: false } });
			expect(r.error).toBeUndefined();
			expect(api.books.since(mark).map((e) => [e.kind, e.status, e.budget?.amount])).toEqual([['create', 'active', 1_000_000]]);
		});

		test("a new credential (Allowed HTTP Request Domains: None, the package's default) keeps n8n 1.x's HTTP Request node out altogether, reads included", async () => {
			api.clearRequests();
			for (const door of ['httpRequest', 'httpRequestTool'] as N8nDoor[]) {
				const r = await send('/v1/webhooks', { method: 'GET' }, { door, n8n1: true });
				expect(r.error?.message).toBe('This credential is configured to prevent use within an HTTP Request or GraphQL node');
			}
			expect(api.requests).toEqual([]);
		});
	});

	describe('the mark: only our operations can give it, once per attempt', () => {
		const request = () => ({ method: 'POST' as const, url: '/v1/ads/create', body: { status: 'ACTIVE' } });
		const sign = async (options: object) => await authenticate(options as IHttpRequestOptions, { apiKey: 'sk_secret', baseUrl: 'https://api.example.com', ...STRICTEST });

		test('a marked request is signed and leaves without the mark; the same options again are refused (each attempt is marked once)', async () => {
			const options = markOwnRequest(request());
			const signed = await credential.authenticate({ apiKey: 'sk_secret', baseUrl: 'https://api.example.com', ...STRICTEST }, options as IHttpRequestOptions);
			expect(signed.headers?.Authorization).toBe('Bearer sk_secret');
			expect(Object.getOwnPropertySymbols(signed)).toEqual([]);
			await expect(credential.authenticate({ apiKey: 'sk_secret', baseUrl: 'https://api.example.com', ...STRICTEST }, options as IHttpRequestOptions)).rejects.toThrow(NOT_FROM_OUR_NODES.message);
		});

		test('a shallow copy of marked options keeps the mark (n8n may copy them before signing)', async () => {
			expect((await sign({ ...markOwnRequest(request()) })).headers?.Authorization).toBe('Bearer sk_secret');
		});

		test('nothing else passes: a symbol of the same name, a registered symbol, string keys, a JSON round trip of marked options', async () => {
			const forged: object[] = [
				{ ...request(), [Symbol('made by a Storefront operation')]: true },
				{ ...request(), [Symbol.for('made by a Storefront operation')]: true },
				{ ...request(), 'made by a Storefront operation': true, own: true, marked: true },
				JSON.parse(JSON.stringify(markOwnRequest(request()))),
			];
			for (const options of forged) await expect(sign(options)).rejects.toThrow(NOT_FROM_OUR_NODES.message);
		});

		test('our Ads node, under caps its request passes, still creates a paused ad with Limit Spending on, in n8n 1.x and 2.x, and as an AI tool', async () => {
			const parameters = { resource: 'ad', operation: 'create', network: 'socialnet', ...SPEND.adParameters };
			const caps = { apiKey: KEYS.full, baseUrl: api.url, limitSpending: true, maxDailyBudget: 50, maxLifetimeBudget: 0, pausedOnly: true, maxSpendingCallsPerExecution: 3 };
			// each run its own ad (the same one again would be a replay of the first: Idempotency-Key)
			for (const [i, engine] of [{}, { n8n1: true }].entries()) {
				const mark = api.books.mark();
				const r = await runNode({ node: 'storefrontAds', parameters: { ...parameters, name: `Door test ${i}` }, credentials: caps, engine });
				expect(r.error).toBeUndefined();
				expect(api.books.since(mark).map((e) => [e.kind, e.status])).toEqual([['create', 'paused']]);
			}
			const mark = api.books.mark();
			const tool = await runAsTool({ node: 'storefrontAds', parameters: { ...parameters, name: 'Door test tool' }, credentials: caps, args: {} });
			expect(tool.error).toBeUndefined();
			expect(api.books.since(mark).map((e) => [e.kind, e.status])).toEqual([['create', 'paused']]);
		});
	});
});
