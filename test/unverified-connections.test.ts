/**
 * Issue 57, finding 1 ("the key goes to a proxy"): with Request Options → Proxy and Ignore SSL
 * Issues, a local TLS-intercepting proxy received `Authorization: Bearer <key>`, from our nodes and
 * from n8n's HTTP Request node with this credential; a proxy reads plain HTTP whatever is set. The
 * key now goes on such a connection only when the credential's owner allows it (Allow Unverified
 * Connections); otherwise nothing is sent, and the error says why.
 */
import type { IHttpRequestOptions, INodeParameters } from 'n8n-workflow';

import { StorefrontApi } from '../credentials/StorefrontApi.credentials';
import { KEYS, startFakeApi, type FakeApiServer } from '../fake-api';
import { runNode, type Credentials } from '../harness';
import { sendAsHttpRequestNode } from '../harness/httpRequestNode';
import { startReadingProxy } from '../harness/proxy';
import { runAsTool } from '../harness/tool';

/** The API as said over https: nothing listens there, the proxy answers for it. */
const HTTPS_API = 'https://127.0.0.1:4443';
const ANSWER = { webhooks: [{ id: 'wh_1', url: 'https://example.com/hook', events: ['order.created'] }], events: ['order.created'] };
const NOT_CHECKED = "The Storefront API key was not sent: the API's certificate would not be checked";
const PROXY_READS = 'The Storefront API key was not sent: the proxy would read it, as the Base URL is http://';

const credentials = (baseUrl: string, allowUnverifiedConnections?: boolean): Credentials => ({ apiKey: KEYS.full, baseUrl, allowUnverifiedConnections });
const getWebhooks = (requestOptions: INodeParameters) => ({ resource: 'webhook', operation: 'getAll', returnAll: true, requestOptions });

let proxy: Awaited<ReturnType<typeof startReadingProxy>>;
let api: FakeApiServer;

/** A fresh reading proxy and fake API (http://) for each test of the describe. */
function useProxyAndApi() {
	beforeEach(async () => {
		proxy = await startReadingProxy(ANSWER);
		api = await startFakeApi();
	});
	afterEach(async () => {
		await proxy.close();
		await api.close();
	});
}

/** Nothing of the request reached the proxy or the API, and the error says why and what the owner can do. */
function refused(error: (Error & { description?: string }) | string | undefined, message: string) {
	expect(proxy.read.map((q) => q.headers.authorization)).toEqual([]);
	expect(proxy.connects).toEqual([]);
	expect(api.requests).toEqual([]);
	if (typeof error === 'string') return expect(error).toContain(message);
	expect(error?.message).toBe(message);
	expect(error?.description).toMatch(/^Nothing was sent\. .*"Allow Unverified Connections" in the Storefront API credential/);
}

describe("finding 1: our nodes (Webhooks → Get Many, through n8n-core's RoutingNode)", () => {
	useProxyAndApi();
	const run = async (requestOptions: INodeParameters, creds: Credentials) => await runNode({ node: 'storefrontWebhooks', parameters: getWebhooks(requestOptions), credentials: creds });

	test('finding 1: Ignore SSL Issues through a TLS-intercepting proxy (the review\'s setup): the proxy gets nothing, not even a CONNECT', async () => {
		const r = await run({ allowUnauthorizedCerts: true, proxy: proxy.url }, credentials(HTTPS_API));
		refused(r.error, NOT_CHECKED);
		expect(r.error?.description).toContain('Turn Ignore SSL Issues off');
	});

	test('finding 1: a proxy with an http:// Base URL: the proxy reads plain HTTP, so neither it nor the API gets anything', async () => {
		const r = await run({ proxy: proxy.url }, credentials(api.url));
		refused(r.error, PROXY_READS);
		expect(r.error?.description).toContain('use an https:// Base URL');
	});

	test('finding 1: as an AI tool (RoutingNode alone), the same refusal', async () => {
		const call = await runAsTool({ node: 'storefrontWebhooks', parameters: getWebhooks({ allowUnauthorizedCerts: true, proxy: proxy.url }), args: {}, credentials: credentials(HTTPS_API) });
		refused(call.error, NOT_CHECKED);
	});

	test('with the certificate checked, a proxy stays allowed: it sees only the CONNECT, never the key', async () => {
		const r = await run({ proxy: proxy.url }, credentials(HTTPS_API));
		expect(proxy.connects).toEqual(['127.0.0.1:4443']);
		expect(proxy.read).toEqual([]);
		// the proxy's certificate is not the API's: the client ends the handshake
		expect(r.error?.message).not.toBe(NOT_CHECKED);
	});

	test("with the owner's Allow Unverified Connections on, the key is sent, and such a proxy reads it", async () => {
		const tlsRun = await run({ allowUnauthorizedCerts: true, proxy: proxy.url }, credentials(HTTPS_API, true));
		expect(tlsRun.error).toBeUndefined();
		expect(tlsRun.json).toEqual([expect.objectContaining({ id: 'wh_1' })]);
		const plainRun = await run({ proxy: proxy.url }, credentials(api.url, true));
		expect(plainRun.error).toBeUndefined();
		expect(proxy.read.map((q) => [q.via, q.url, q.headers.authorization])).toEqual([
			['tls', '/v1/webhooks', `Bearer ${KEYS.full}`],
			['plain', `${api.url}/v1/webhooks`, `Bearer ${KEYS.full}`],
		]);
	});
});

/**
 * Where n8n lets its HTTP Request node use this credential at all: n8n 1.x, with a credential saved
 * before the package set Allowed HTTP Request Domains (n8n's default then: All). n8n 2.x refuses
 * it the credential (test/credentials.test.ts, issue 67).
 */
const viaHttpRequestNode = async (url: string, creds: Credentials, options: Parameters<typeof sendAsHttpRequestNode>[2]) =>
	await sendAsHttpRequestNode(url, { ...creds, allowedHttpRequestDomains: 'all' }, options, { engine: { n8n1: true } });

describe("finding 1: n8n's HTTP Request node with this credential (requestWithAuthentication, through n8n-core; n8n 1.x, an older credential)", () => {
	useProxyAndApi();
	test('finding 1: Ignore SSL Issues through the proxy: not sent', async () => {
		const r = await viaHttpRequestNode(`${HTTPS_API}/v1/webhooks`, credentials(HTTPS_API), { rejectUnauthorized: false, proxy: proxy.url });
		refused(r.error, NOT_CHECKED);
	});

	test("finding 1: a CA of the request's own (SSL Certificates) that signed the proxy's certificate: not sent", async () => {
		const r = await viaHttpRequestNode(`${HTTPS_API}/v1/webhooks`, credentials(HTTPS_API), { agentOptions: { ca: proxy.certificate }, proxy: proxy.url });
		refused(r.error, NOT_CHECKED);
	});

	test('finding 1: a proxy with an http:// Base URL: not sent', async () => {
		const r = await viaHttpRequestNode(`${api.url}/v1/webhooks`, credentials(api.url), { proxy: proxy.url });
		refused(r.error, PROXY_READS);
	});

	test("with the owner's Allow Unverified Connections on, the key is sent through the proxy", async () => {
		const r = await viaHttpRequestNode(`${HTTPS_API}/v1/webhooks`, credentials(HTTPS_API, true), { rejectUnauthorized: false, proxy: proxy.url });
		expect(r.error).toBeUndefined();
		expect(proxy.read.map((q) => [q.via, q.headers.authorization])).toEqual([['tls', `Bearer ${KEYS.full}`]]);
	});

	test('to another address through the same proxy: sent without the key, as before (nothing of the credential to protect)', async () => {
		const r = await viaHttpRequestNode('https://127.0.0.1:4444/elsewhere', credentials(HTTPS_API), { rejectUnauthorized: false, proxy: proxy.url });
		expect(r.error).toBeUndefined();
		expect(proxy.read.map((q) => [q.via, q.url, q.headers.authorization])).toEqual([['tls', '/elsewhere', undefined]]);
	});
});

describe('the rule, as authenticate applies it to the options n8n hands it', () => {
	const credential = new StorefrontApi();
	const HTTPS = 'https://api.example.com';
	const HTTP = 'http://127.0.0.1:4010';
	const PROXY = { host: '127.0.0.1', port: 3128, protocol: 'http' };
	const authorize = async (baseUrl: string, request: object, allowUnverifiedConnections = false) =>
		(await credential.authenticate({ apiKey: 'sk_secret_0123456789', baseUrl, allowUnverifiedConnections }, { url: '/v1/webhooks', ...request } as IHttpRequestOptions)).headers?.Authorization;

	test.each([
		['our Ignore SSL Issues', HTTPS, { skipSslCertificateValidation: true }, NOT_CHECKED],
		["the HTTP Request node's Ignore SSL Issues", HTTPS, { uri: `${HTTPS}/v1/webhooks`, url: undefined, rejectUnauthorized: false }, NOT_CHECKED],
		['agent options that skip the check', HTTPS, { agentOptions: { rejectUnauthorized: false } }, NOT_CHECKED],
		["a CA of the request's own", HTTPS, { agentOptions: { ca: '-----BEGIN CERTIFICATE-----' } }, NOT_CHECKED],
		["a PFX of the request's own (it may carry CAs)", HTTPS, { agentOptions: { pfx: Buffer.from('pfx') } }, NOT_CHECKED],
		['our Proxy with an http:// Base URL', HTTP, { proxy: PROXY }, PROXY_READS],
		["the HTTP Request node's Proxy with an http:// Base URL", HTTP, { proxy: 'https://proxy.example:3128' }, PROXY_READS],
	])('%s: refused, nothing returned to send', async (_name, baseUrl, request, message) => {
		await expect(authorize(baseUrl, request)).rejects.toMatchObject({ message });
		// no HTTP code of its own: n8n's wrapper then has none, and the editor shows no "Error code none"
		await expect(authorize(baseUrl, request)).rejects.not.toHaveProperty('httpCode');
		expect(await authorize(baseUrl, request, true)).toBe('Bearer sk_secret_0123456789');
	});

	test.each([
		['a proxy with the certificate checked', HTTPS, { proxy: PROXY, rejectUnauthorized: true, skipSslCertificateValidation: false }],
		['a client certificate (it does not change what is trusted)', HTTPS, { agentOptions: { cert: 'PEM', key: 'PEM' } }],
		['an http:// Base URL without a proxy', HTTP, { proxy: '' }],
		['Ignore SSL Issues on an http:// Base URL (no certificate to check, no proxy)', HTTP, { skipSslCertificateValidation: true }],
	])('%s: the key goes', async (_name, baseUrl, request) => {
		expect(await authorize(baseUrl, request)).toBe('Bearer sk_secret_0123456789');
	});

	test('another address with both: sent without the key, not refused', async () => {
		expect(await authorize(HTTP, { url: 'http://other.example/x', proxy: PROXY, skipSslCertificateValidation: true })).toBeUndefined();
	});

	test("the field is the owner's: off by default, described, and named in the connection notice just above it", () => {
		const field = credential.properties.find((p) => p.name === 'allowUnverifiedConnections')!;
		expect(field).toMatchObject({ displayName: 'Allow Unverified Connections', type: 'boolean', default: false });
		expect(field.description).toMatch(/^Whether .*Ignore SSL Issues.*proxy when the Base URL starts with http:\/\/.*Off, such a request is not sent/);
		const names = credential.properties.map((p) => p.name);
		expect(names.indexOf('allowUnverifiedConnections') - names.indexOf('keyOriginNotice')).toBe(1);
		expect(credential.properties.find((p) => p.name === 'keyOriginNotice')!.displayName).toContain('Allow Unverified Connections, below, changes that');
	});
});
