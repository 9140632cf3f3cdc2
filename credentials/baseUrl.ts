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
