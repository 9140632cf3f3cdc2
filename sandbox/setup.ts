import fs from 'node:fs';
import path from 'node:path';

import { DEMO } from '../fake-api/demo';
import { SPENDING_CAPS, type CapValues } from '../credentials/spendingCaps';
import { ROOT } from '../scripts/lib/n8n';

/**
 * What the sandbox sets up in n8n (startSandbox.ts), and what the tests that import the examples
 * read: the credentials' names and caps, and the example workflows with the demo data in place of
 * their placeholders.
 */

/** The sandbox's Storefront credential with Limit Spending off (SANDBOX_NO_CAPS): every example but CAPPED_EXAMPLES runs under it. */
export const UNCAPPED_CREDENTIAL_NAME = 'Storefront account';
/**
 * A second Storefront credential with spending caps set (docs/nodes.md, "Spending caps"): the sandbox
 * runs the two AI agent examples (CAPPED_EXAMPLES) under it, every other example under UNCAPPED_CREDENTIAL_NAME.
 */
export const CAPPED_CREDENTIAL_NAME = 'Storefront account (spending caps)';
export const CAPPED_EXAMPLES = ['ai-agent-boost-with-spending-caps.json', 'ai-agent-store-assistant.json', 'ai-ad-assistant-with-approval.json'];
/**
 * What every Storefront node of the files in examples/ names: no ID (`id: null`), and the name n8n's
 * editor gives a user's first Storefront API credential ("Storefront API" without "API", plus
 * "account"). n8n 2.41.1 resolves such a reference by name when a workflow is imported or saved,
 * so a user's own credential of that name is selected on every node (docs/examples.md).
 */
export const EXAMPLE_CREDENTIAL = { id: null, name: 'Storefront account' };
/** CAPPED_CREDENTIAL_NAME's caps: Limit Spending on, each cap at its row's example (SPENDING_CAPS; the credential's notice suggests the same). */
export const SANDBOX_CAPS = { limitSpending: true, ...(Object.fromEntries(SPENDING_CAPS.map((cap) => [cap.field, cap.example])) as CapValues) };
/** UNCAPPED_CREDENTIAL_NAME's explicit choice: Limit Spending off (the switch defaults on, with every cap 0). */
export const SANDBOX_NO_CAPS = { limitSpending: false };
/** The `openAiApi` credential of the example's chat model: the fake API's scripted model (fake-api/openai.ts). */
export const OPENAI_CREDENTIAL_NAME = 'OpenAI (scripted fake model)';
export const EXAMPLES_DIR = path.join(ROOT, 'examples');
/**
 * What the examples leave to the user (in their Settings node, or in the tool nodes of the MCP
 * example; each example's sticky note says which), and the demo data's value for each: filled in
 * wherever an example is imported here, so the sandbox and the tests run the files users get.
 */
export const EXAMPLE_PLACEHOLDERS: Record<string, string> = {
	YOUR_STORE_ACCOUNT_ID: DEMO.store,
	YOUR_STORE_ADDRESS: 'https://shop.example.com',
	YOUR_AD_CONNECTION_ID: DEMO.socialConnection,
	YOUR_AD_ACCOUNT_ID: DEMO.socialAdAccount,
	YOUR_AD_ACCOUNT_CURRENCY: 'USD',
	YOUR_CAMPAIGN_ID: DEMO.campaign,
	YOUR_PIXEL_ID: DEMO.socialPixel,
};
const PLACEHOLDER = new RegExp(`\\b(${Object.keys(EXAMPLE_PLACEHOLDERS).join('|')})\\b`, 'g');
/** The example that `npm start` publishes: our nodes as tools behind an MCP Server Trigger. */
export const MCP_EXAMPLE = 'Store tools for MCP clients (MCP Server Trigger)';

/**
 * The example workflows, with the demo data in place of their placeholders (EXAMPLE_PLACEHOLDERS),
 * their credential references pointed at `credentialId` (those of CAPPED_EXAMPLES at
 * `cappedCredentialId`, when given), and with `openAiCredentialId` given to the OpenAI chat model nodes.
 */
export function loadExamples(credentialId: string, openAiCredentialId?: string, cappedCredentialId?: string) {
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
			for (const node of workflow.nodes) {
				// the sticky notes keep saying what a user sets
				if (node.type !== 'n8n-nodes-base.stickyNote') node.parameters = JSON.parse(JSON.stringify(node.parameters).replace(PLACEHOLDER, (p) => EXAMPLE_PLACEHOLDERS[p]));
				if (node.credentials?.storefrontApi) {
					const capped = cappedCredentialId !== undefined && CAPPED_EXAMPLES.includes(file);
					node.credentials.storefrontApi = capped ? { id: cappedCredentialId, name: CAPPED_CREDENTIAL_NAME } : { id: credentialId, name: UNCAPPED_CREDENTIAL_NAME };
				}
				if (openAiCredentialId && node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi') {
					node.credentials = { openAiApi: { id: openAiCredentialId, name: OPENAI_CREDENTIAL_NAME } };
				}
			}
			return { file, workflow };
		});
}

/** One example workflow by file name, its credentials pointed as in loadExamples. */
export function loadExample(file: string, credentialId: string, openAiCredentialId?: string, cappedCredentialId?: string) {
	const found = loadExamples(credentialId, openAiCredentialId, cappedCredentialId).find((e) => e.file === file);
	if (!found) throw new Error(`no example ${file} in ${EXAMPLES_DIR}`);
	return found.workflow;
}
