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
