import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * How the credential signs a request (its `authenticate`, StorefrontApi.credentials.ts), read top
 * to bottom: the package's own mark, the Base URL, where the key may go, and what Limit Spending lets
 * through.
 *
 * A function rather than `Bearer {{$credentials.apiKey}}`: n8n evaluates a generic authenticate's
 * expressions for every request of every item; this costs nothing. It also gives every relative
 * request the credential's Base URL (nodes send paths only).
 * - The key goes only to the Base URL's own origin: a request elsewhere is sent without it.
 * - A request to that origin on a connection others could read (`readableConnection`) is not sent
 *   at all, rather than sent without the key: its body may hold the Chatnet key or the Spark Auth Code.
 * - With Limit Spending on, a request that could change something is sent only when one of our
 *   operations made it after its caps passed (its mark, `markOwnRequest`); reads go through (`onlyReads`).
 */
export async function signRequest(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const own = takeOwnMark(requestOptions);
	const url = String(requestOptions.url ?? (requestOptions as { uri?: unknown }).uri ?? '');
	if (!requestOptions.baseURL && !/^https?:\/\//i.test(url)) requestOptions.baseURL = normaliseBaseUrl(credentials.baseUrl);
	if (!sameOrigin(credentials.baseUrl, url, requestOptions.baseURL)) return requestOptions;
	const notSent = credentials.allowUnverifiedConnections === true ? undefined : readableConnection(credentials.baseUrl, requestOptions);
	if (notSent) throw refusal(notSent);
	if (!own && limitsSpending(credentials) && !onlyReads(requestOptions)) throw refusal(NOT_FROM_OUR_NODES);
	requestOptions.headers = { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.apiKey ?? '')}` };
	return requestOptions;
}

/**
 * An error n8n wraps in a NodeApiError of the node (n8n-core's request helpers), message and
 * description kept. No `httpCode`: the wrapper then has none (null), and the editor shows no
 * "Error code none" (test/credentials.test.ts).
 */
const refusal = (said: { message: string; description: string }) => Object.assign(new Error(said.message), { description: said.description });

type Options = Record<string, unknown>;

/**
 * The mark of a request made by one of the package's own operations. The wire (nodes/shared/wire)
 * puts it on each attempt it sends, and only operations reach the wire, after the checks their
 * declaration calls for (the spending caps among them) have passed. With Limit Spending on, the
 * credential signs a request that could change something only when it carries this mark
 * (`onlyReads`, below).
 *
 * The mark is a property keyed by a symbol private to this module. What a person or a model can
 * set (parameters, expressions, headers, bodies, query strings, a tool's arguments) is made of
 * text and JSON, whose keys are strings: none of it can carry this key. It is enumerable, so a
 * shallow copy of the options keeps it. `signRequest` takes it off before the request goes out.
 */
const OWN = Symbol('made by a Storefront operation');

type Markable = { [OWN]?: true };

/** Marks one attempt of a request as the package's own; returns the same object. */
export function markOwnRequest<T extends object>(request: T): T {
	(request as Markable)[OWN] = true;
	return request;
}

/** Whether the request carries the mark, which is removed: each attempt is marked, and signed, once. */
export function takeOwnMark(request: object): boolean {
	const own = (request as Markable)[OWN] === true;
	delete (request as Markable)[OWN];
	return own;
}

/**
 * The credential's Base URL without trailing slashes or a trailing /v1, so that
 * `https://host`, `https://host/` and `https://host/v1/` all reach `https://host/v1/...`.
 * The one place this rule lives: the credential's `authenticate` applies it to every request.
 */
export function normaliseBaseUrl(baseUrl: unknown): string {
	return String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/v1$/i, '');
}

/** Axios's test for an absolute URL (a scheme, or `//host`): anything else is joined to the baseURL. */
const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/**
 * Whether a request goes to the Base URL's own origin (scheme, host, port), so that it may carry
 * the key: the address the HTTP client will use, the request's `url` (or a legacy `uri`) joined
 * to its `baseURL` as axios joins them, parsed as a URL (default ports, the host's case and
 * userinfo such as `https://api.example.com@evil.test/` are read as the client reads them). A
 * relative URL without a baseURL goes to the Base URL.
 */
export function sameOrigin(baseUrl: unknown, url: string, requestBaseUrl: string | undefined): boolean {
	let own: URL;
	try {
		own = new URL(normaliseBaseUrl(baseUrl));
	} catch {
		return false;
	}
	const target = ABSOLUTE.test(url) || !requestBaseUrl ? url : `${requestBaseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
	if (!ABSOLUTE.test(target)) return !requestBaseUrl;
	try {
		const parsed = new URL(target);
		return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.origin === own.origin;
	} catch {
		return false;
	}
}

/*
 * Whether a request to the Base URL's own origin would carry the key on a connection that
 * someone other than the API can read. n8n hands `authenticate` the request options of both ways
 * the credential is used (n8n-core 2.41.1):
 * - our nodes (RoutingNode, `IHttpRequestOptions`): Request Options → Ignore SSL Issues as
 *   `skipSslCertificateValidation: true`, Request Options → Proxy as `proxy: {host, port, protocol, auth}`;
 * - n8n's HTTP Request node (`requestWithAuthentication`, legacy options): Ignore SSL Issues as
 *   `rejectUnauthorized: false`, Proxy as a URL string, SSL Certificates as `agentOptions` (`ca`, `cert`, `key`, `pfx`).
 * A proxy set for the whole instance (HTTP_PROXY, HTTPS_PROXY) and NODE_TLS_REJECT_UNAUTHORIZED are
 * not in the options: they are the instance owner's, and not seen here.
 */

export interface NotSent {
	message: string;
	description: string;
}

const OWNER_CAN =
	'the credential\'s owner can turn on "Allow Unverified Connections" in the Storefront API credential; anyone who uses the credential can then choose such a connection';

export const CERTIFICATE_NOT_CHECKED: NotSent = {
	message: "The Storefront API key was not sent: the API's certificate would not be checked",
	description:
		"Nothing was sent. With Ignore SSL Issues on, or a CA certificate the request brings itself (the HTTP Request node's SSL Certificates), a proxy or any host between n8n and the API can pose as the API and read the key and the whole request. " +
		"Turn Ignore SSL Issues off (the node's Request Options, or the HTTP Request node's Options) and remove the request's own CA: with the certificate checked, a proxy sees only the API's host name. " +
		`If the connection is one you control (a company's TLS-inspecting proxy), ${OWNER_CAN}.`,
};

export const PROXY_READS_IT: NotSent = {
	message: 'The Storefront API key was not sent: the proxy would read it, as the Base URL is http://',
	description:
		'Nothing was sent. Over plain HTTP a proxy reads every request, its Authorization header and body included. ' +
		"Remove the Proxy option, or ask the credential's owner to use an https:// Base URL (a proxy then sees only the API's host name). " +
		`If the proxy is one they control, ${OWNER_CAN}.`,
};


/** Set and not true: the client checks certificates unless told false (undefined means checked). */
const toldFalse = (value: unknown) => value !== undefined && !value;

/** The API's certificate would not be checked against the system's authorities. */
function certificateUnchecked(request: Options): boolean {
	const agent = (request.agentOptions ?? {}) as Options;
	return (
		Boolean(request.skipSslCertificateValidation) ||
		toldFalse(request.rejectUnauthorized) ||
		toldFalse(agent.rejectUnauthorized) ||
		// a CA of the request's own (a PFX may carry CAs too) replaces the authorities; so does its own host check
		Boolean(agent.ca || agent.pfx || agent.checkServerIdentity)
	);
}

const proxied = (proxy: unknown) => (typeof proxy === 'string' ? proxy.trim() !== '' : Boolean(proxy));

/** Why the key may not go on this request to the Base URL's origin, or undefined when only the API can read it. */
export function readableConnection(baseUrl: unknown, request: object): NotSent | undefined {
	const options = request as Options;
	const https = new URL(normaliseBaseUrl(baseUrl)).protocol === 'https:';
	if (https) return certificateUnchecked(options) ? CERTIFICATE_NOT_CHECKED : undefined;
	return proxied(options.proxy) ? PROXY_READS_IT : undefined;
}

/*
 * Deny by default at the credential itself. With Limit Spending on, a request to the API that
 * could change something (and so spend) is signed only when one of the package's own operations
 * made it (its mark, above), after its caps passed. Anything else that carries this credential is
 * not sent: n8n's HTTP Request node and HTTP Request Tool where n8n lets them use it (n8n 1.x; a
 * credential saved with Allowed HTTP Request Domains set to All), a node of another package, a
 * path n8n's own restriction (restrictToSupportedNodes, 2.x) misses.
 *
 * A read passes without the mark, so that n8n's HTTP Request node can still read where n8n lets
 * it use the credential: GET or HEAD, without a body, and without anything that asks a server to
 * take it as another method. Everything else needs the mark: no list of "safe" paths to keep.
 */

/** Limit Spending as n8n hands it over: on unless turned off (a credential saved without the switch gets its default, on). */
export const limitsSpending = (credentials: ICredentialDataDecryptedObject) => credentials.limitSpending !== false && credentials.limitSpending !== 'false';

const READ_METHODS = ['GET', 'HEAD'];

/** A body that says nothing: none, an empty text, an empty plain object. */
function emptyBody(body: unknown): boolean {
	if (body === undefined || body === null || body === '') return true;
	return typeof body === 'object' && Object.getPrototypeOf(body) === Object.prototype && Object.keys(body).length === 0;
}

/** A header, query key or form field that asks a server to treat the request as another method (X-HTTP-Method-Override, _method). */
const OVERRIDES = /method/i;

function queryKeys(request: Options): string[] {
	const url = String(request.url ?? request.uri ?? '');
	const inUrl = url.includes('?') ? [...new URLSearchParams(url.slice(url.indexOf('?') + 1).split('#')[0]).keys()] : [];
	const qs = request.qs && typeof request.qs === 'object' ? Object.keys(request.qs) : [];
	return [...inUrl, ...qs];
}

/** Whether the request only reads: GET or HEAD (none named is GET), no body, no method override in its headers or query. */
export function onlyReads(request: object): boolean {
	const options = request as Options;
	if (!READ_METHODS.includes(String(options.method ?? 'GET').toUpperCase())) return false;
	// the legacy request options of the HTTP Request node carry a body as `body`, `form`, `formData` or an object `json`
	const jsonBody = typeof options.json === 'object' && options.json !== null;
	if (!emptyBody(options.body) || jsonBody || options.form !== undefined || options.formData !== undefined) return false;
	const headers = options.headers && typeof options.headers === 'object' ? Object.keys(options.headers) : [];
	return ![...headers, ...queryKeys(options)].some((name) => OVERRIDES.test(name));
}

/** The refusal: what happened, that nothing was sent, and the two ways forward. */
export const NOT_FROM_OUR_NODES = {
	message: 'The Storefront API credential did not send this request: with Limit Spending on, only Storefront nodes may make changes with it',
	description:
		"Nothing was sent. Reads go through; a request that could change something, and so spend, is sent only when a Storefront node makes it, after the credential's spending caps pass. " +
		'Use the Storefront Ads, Commerce or Webhooks node for this call instead of the HTTP Request node. ' +
		"The credential's owner can turn Limit Spending off, which removes every cap.",
};
