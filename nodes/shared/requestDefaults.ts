import type { INodeTypeDescription } from 'n8n-workflow';

export const CREDENTIAL_NAME = 'storefrontApi';

/**
 * Shared by every action node. No expressions: the credential's `authenticate` adds the
 * Base URL and the Authorization header, and every status comes back as an answer, which the
 * wire classifies (wire/answer.ts) and explains when it fails.
 */
export const requestDefaults: INodeTypeDescription['requestDefaults'] = {
	headers: { Accept: 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
};
