/**
 * The name n8n 2.41.1's editor proposes for a new credential of a type: its display name without
 * the words API, OAuth1, OAuth2 and MCP, plus "account" (editor-ui's credentials store,
 * getNewCredentialName and getAppNameFromCredType); n8n's GET /rest/credentials/new numbers it
 * when the name is taken.
 */
export const editorCredentialName = (displayName: string) => {
	const app = displayName
		.split(' ')
		.filter((word) => !['API', 'OAuth1', 'OAuth2', 'MCP'].includes(word))
		.join(' ');
	return app ? `${app} account` : 'Unnamed credential';
};
