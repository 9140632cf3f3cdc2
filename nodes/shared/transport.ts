import type { INodeTypeDescription } from 'n8n-workflow';

/**
 * The credential's Base URL without trailing slashes or a trailing /v1, so that
 * `https://host`, `https://host/` and `https://host/v1/` all reach `https://host/v1/...`.
 */
export const API_BASE_URL =
	'={{ String($credentials.baseUrl || "").trim().replace(/\\/+$/, "").replace(/\\/v1$/i, "") }}';

export const CREDENTIAL_NAME = 'storefrontApi';

/** Shared by every action node: errors come back as responses so `throwOnApiError` can explain them. */
export const requestDefaults: INodeTypeDescription['requestDefaults'] = {
	baseURL: API_BASE_URL,
	headers: { Accept: 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
};
