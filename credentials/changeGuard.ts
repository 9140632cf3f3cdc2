import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * Deny by default at the credential itself. With Limit Spending on, a request to the API that
 * could change something (and so spend) is signed only when one of the package's own operations
 * made it (ownRequests.ts), after its caps passed. Anything else that carries this credential is
 * not sent: n8n's HTTP Request node and HTTP Request Tool where n8n lets them use it (n8n 1.x; a
 * credential saved with Allowed HTTP Request Domains set to All), a node of another package, a
 * path n8n's own restriction (restrictToSupportedNodes, 2.x) misses.
 *
 * A read passes without the mark, so that n8n's HTTP Request node can still read where n8n lets
 * it use the credential: GET or HEAD, without a body, and without anything that asks a server to
 * take it as another method. Everything else needs the mark: no list of "safe" paths to keep.
 */

type Options = Record<string, unknown>;

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
