import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { KEYS } from '../../../fake-api';
import { DEMO } from '../../../fake-api/demo';
import { ensureN8n, waitFor, workflowNode as node } from '../../../scripts/lib/n8n';
import type { Sandbox } from '../../../sandbox/startSandbox';

/**
 * Issue 67, finding 1, in a real n8n 2.41.1: n8n's HTTP Request node (4.2) and its tools, with
 * Authentication → Predefined Credential Type → Storefront API under the sandbox's capped
 * credential, cannot spend. n8n refuses to save such a workflow; a workflow that reaches the
 * credential all the same (its Credential Type an expression, which n8n's save check reads as
 * written, as a workflow saved before the restriction would) is refused at run time; the HTTP
 * Request node as a tool of the MCP Server Trigger likewise. The fake API's books decide. The
 * credential test still works, and says when a key is refused (the examples and our nodes as MCP
 * tools run in the same sandbox: examples.ts, mcpTools.ts).
 */

let sandbox: Sandbox;

/** What the review sent: an ACTIVE ad at 1,000,000 a day on the demo's socialnet ad account. */
const ACTIVE_AD = {
	accountId: DEMO.socialConnection,
	adAccountId: DEMO.socialAdAccount,
	name: 'Door test',
	goal: 'traffic',
	budgetAmount: 1_000_000,
	budgetType: 'daily',
	status: 'ACTIVE',
	headline: 'Door test',
	linkUrl: 'https://shop.example.com/',
	imageUrl: 'https://cdn.example.com/door.jpg',
};

/** n8n's HTTP Request node (or its tool variant) posting ACTIVE_AD with the capped credential. */
/** The one request every door tries: an ACTIVE ad, signed by the capped credential. */
const createAd = () => ({
	method: 'POST',
	url: `${sandbox.api.url}/v1/ads/create`,
	authentication: 'predefinedCredentialType',
	nodeCredentialType: 'storefrontApi',
	sendBody: true,
	specifyBody: 'json',
	jsonBody: JSON.stringify(ACTIVE_AD),
});
const capped = () => ({ storefrontApi: { id: sandbox.cappedCredentialId, name: 'Storefront account (spending caps)' } });

function httpRequest(type: 'n8n-nodes-base.httpRequest' | 'n8n-nodes-base.httpRequestTool') {
	return node('Create an ad', type, 300, {
		...createAd(),
		options: {},
		...(type === 'n8n-nodes-base.httpRequestTool' ? { toolDescription: 'Creates an ad' } : {}),
	}, { typeVersion: 4.2, credentials: capped() });
}

/** The HTTP Request Tool of @n8n/n8n-nodes-langchain (1.1), with the same request. */
const httpRequestTool = () =>
	node('Create an ad', '@n8n/n8n-nodes-langchain.toolHttpRequest', 300, { toolDescription: 'Creates an ad', ...createAd() }, { typeVersion: 1.1, credentials: capped() });

const manual = () => node('Start', 'n8n-nodes-base.manualTrigger', 0, {});
const mcpTrigger = (path: string) => node('MCP Server Trigger', '@n8n/n8n-nodes-langchain.mcpTrigger', 0, { path }, { typeVersion: 2, webhookId: randomUUID() });
/**
 * A workflow saved before this version, as `n8n import:workflow` beside the running n8n puts it in
 * its database (the import, unlike the editor's save, does not check the restriction); its id.
 */
async function importedBefore(workflow: { name: string; nodes: object[]; connections: object }) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'door-import-'));
	// a file of one workflow needs its id (n8n's own are 16 characters)
	const id = randomBytes(8).toString('hex');
	try {
		fs.writeFileSync(path.join(dir, 'workflow.json'), JSON.stringify({ ...workflow, id, settings: {} }));
		const bin = ensureN8n();
		await promisify(execFile)(bin.node, [bin.n8n, 'import:workflow', `--input=${path.join(dir, 'workflow.json')}`], { env: sandbox.n8n.env(), timeout: 90_000 }).catch((error: Error & { stdout?: string; stderr?: string }) => {
			throw new Error(`n8n import:workflow failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`.slice(0, 3000));
		});
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
	expect((await sandbox.n8n.workflows()).find((w) => w.id === id)?.name).toBe(workflow.name);
	return id;
}

/** The books and the API's log from now on: what the attempts did. */
function watch() {
	const mark = sandbox.api.books.mark();
	const from = sandbox.api.requests.length;
	return () => ({ books: sandbox.api.books.since(mark), sent: sandbox.api.requests.slice(from).map((r) => `${r.method} ${r.path}`) });
}

export function httpRequestDoorScenarios(bed: () => Sandbox) {
	beforeAll(() => {
		sandbox = bed();
	});

	test("n8n knows the credential as restricted to our seven nodes (n8n adds their Tool variants at run time), and shows no Allowed HTTP Request Domains field: the package's own, hidden, is None", async () => {
		const types = await sandbox.n8n.rest<Array<{ name: string; restrictToSupportedNodes?: boolean; supportedNodes?: string[]; properties: Array<{ name: string; type: string; default: unknown }> }>>('GET', '/types/credentials.json');
		const ours = types.find((t) => t.name === 'storefrontApi')!;
		expect(ours.restrictToSupportedNodes).toBe(true);
		expect([...(ours.supportedNodes ?? [])].sort()).toEqual(
			['storefrontAds', 'storefrontAdsTrigger', 'storefrontCommerce', 'storefrontCommerceTrigger', 'storefrontTrigger', 'storefrontWebhooks', 'storefrontWebhooksTrigger'].map((n) => `n8n-nodes-storefront.${n}`),
		);
		expect(ours.properties.filter((p) => /allowed/i.test(p.name))).toEqual([{ displayName: 'Allowed HTTP Request Domains', name: 'allowedHttpRequestDomains', type: 'hidden', default: 'none' }]);
	});

	test.each([
		['the HTTP Request node', () => [manual(), httpRequest('n8n-nodes-base.httpRequest')]],
		['the HTTP Request node as a tool of the MCP Server Trigger', () => [mcpTrigger('door-save'), httpRequest('n8n-nodes-base.httpRequestTool')]],
		['the HTTP Request Tool of an MCP Server Trigger', () => [mcpTrigger('door-save-2'), httpRequestTool()]],
	])('saving a workflow that gives the credential to %s is refused, naming the restriction; nothing is sent', async (_name, build) => {
		const nodes = build();
		const after = watch();
		const connections =
			nodes[0].type === 'n8n-nodes-base.manualTrigger'
				? { Start: { main: [[{ node: 'Create an ad', type: 'main', index: 0 }]] } }
				: { 'Create an ad': { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] } };
		await expect(sandbox.n8n.createWorkflow({ name: `Door: ${_name}`, nodes, connections, settings: {} })).rejects.toThrow(
			/400 .*Cannot save workflow: Node \\"Create an ad\\" \((n8n-nodes-base\.httpRequest(Tool)?|@n8n\/n8n-nodes-langchain\.toolHttpRequest)\) cannot use credential type \\"storefrontApi\\" — it is restricted to: .*n8n-nodes-storefront\.storefrontAds/,
		);
		expect(after()).toEqual({ books: [], sent: [] });
	});

	test('a workflow saved before, whose HTTP Request node uses the credential, is refused at run time: nothing is sent, the books do not change', async () => {
		const id = await importedBefore({
			name: 'Door: HTTP Request node saved before',
			nodes: [manual(), httpRequest('n8n-nodes-base.httpRequest')],
			connections: { Start: { main: [[{ node: 'Create an ad', type: 'main', index: 0 }]] } },
		});
		const after = watch();
		const execution = await sandbox.n8n.runManually(id, 'Start');
		expect(execution.status).toBe('error');
		console.log(`the HTTP Request node's run: ${String(execution.data).match(/[^"]*restricted[^"]*/)?.[0]}`);
		expect(String(execution.data)).toMatch(/Credential type \\?"storefrontApi\\?" is restricted to specific nodes/);
		expect(after()).toEqual({ books: [], sent: [] });
	});

	test('the HTTP Request node as a tool of an MCP Server Trigger saved before and published (publishing does not check), called by an MCP client: the call fails, nothing is sent, the books do not change', async () => {
		const id = await importedBefore({
			name: 'Door: HTTP Request tool over MCP saved before',
			nodes: [mcpTrigger('door-tool'), httpRequest('n8n-nodes-base.httpRequestTool')],
			connections: { 'Create an ad': { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] } },
		});
		await sandbox.n8n.activate(id);
		const url = new URL(`${sandbox.webhookUrl}mcp/door-tool`);
		await waitFor('n8n to serve the MCP server', async () => {
			const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }) }).catch(() => undefined);
			await res?.body?.cancel();
			return res !== undefined && res.status !== 404;
		}, 30_000, () => sandbox.n8n.log);
		const client = new Client({ name: 'storefront-e2e-door', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(url));
		try {
			const after = watch();
			const result = await client.callTool({ name: 'Create_an_ad', arguments: {} });
			const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');
			console.log(`the HTTP Request tool over MCP answered: ${JSON.stringify({ isError: result.isError, text: text.slice(0, 300) })}`);
			expect(text).toContain('restricted to specific nodes');
			expect(after()).toEqual({ books: [], sent: [] });
		} finally {
			await client.close();
			await sandbox.n8n.deactivate(id);
		}
	});

	test("the credential test still works from the credential's form, and a refused key's test says so and where to get one", async () => {
		const test = async (data: Record<string, unknown>) =>
			await sandbox.n8n.rest<{ status: string; message: string }>('POST', '/rest/credentials/test', { credentials: { id: '', name: 'Test', type: 'storefrontApi', data } });
		const after = watch();
		expect(await test({ apiKey: KEYS.full, baseUrl: `${sandbox.api.url}/v1/`, limitSpending: true })).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(await test({ apiKey: 'sk_wrong', baseUrl: sandbox.api.url })).toEqual({
			status: 'Error',
			message: 'The Storefront API refused this API key. Copy the key again from your Storefront dashboard, or create a new one there.',
		});
		expect(after().books).toEqual([]);
	});
}
