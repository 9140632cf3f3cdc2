import { normaliseBaseUrl } from './baseUrl';

/**
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

type Options = Record<string, unknown>;

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
