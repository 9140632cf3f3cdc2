import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { KEYS } from '../../fake-api';
import { DEMO } from '../../fake-api/demo';
import { freePort, N8N_1_VERSION, waitFor, workflowNode as node } from '../../scripts/lib/n8n';
import { SANDBOX_CAPS } from '../../sandbox/setup';
import { startSandbox, type Sandbox } from '../../sandbox/startSandbox';
import { activateTriggerExample, deliverPosts, expectPackageLoaded, publishLandingPage, TRIGGER_EXAMPLE } from './core';

/**
 * The end-to-end core (./core.ts) in the latest n8n 1.x, on the same Node 24 and in the same
 * sandbox as the 2.41.1 suites: the package loads, the landing-page example runs, the activated
 * trigger example runs once per signed event. And the credential's own fallback where n8n 1.x has
 * no restriction of a credential to its nodes (issue 67): n8n's HTTP Request node cannot spend with it.
 */

jest.setTimeout(90_000);

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({
		dir: fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-compat-')),
		n8nPort: await freePort(),
		n8nVersion: N8N_1_VERSION,
	});
}, 20 * 60_000);

afterAll(async () => await sandbox?.stop());

test(`n8n ${N8N_1_VERSION} loads the package: seven node types (the trigger and its three paired copies included), three Tool variants, no load error`, async () => {
	const settings = await sandbox.n8n.rest<{ versionCli: string }>('GET', '/rest/settings');
	expect(settings.versionCli).toBe(N8N_1_VERSION);
	await expectPackageLoaded(sandbox.n8n);
});

test('the landing-page example publishes the page, its /sale redirect and the marketing activity', async () => {
	await publishLandingPage(sandbox);
});

test('the trigger example, activated, runs exactly once for a signed event; deactivation deletes its endpoint', async () => {
	await activateTriggerExample(sandbox);
	await deliverPosts(sandbox, [1]);
	await new Promise((r) => setTimeout(r, 1500));
	expect(await sandbox.n8n.executions(sandbox.workflows.get(TRIGGER_EXAMPLE)!)).toHaveLength(1);

	await sandbox.n8n.deactivate(sandbox.workflows.get(TRIGGER_EXAMPLE)!);
	await waitFor('the endpoint to be deleted', () => sandbox.api.webhooks.endpoints.size === 0, 20_000, () => sandbox.n8n.log);
});

/**
 * Issue 67, finding 1, on n8n 1.x, which has no restrictToSupportedNodes: the workflow saves, and
 * what holds is n8n's own Allowed HTTP Request Domains (the package's default, None, for a new
 * credential) and, for a credential saved before with All, the credential's own rule: a request that
 * could change something is signed only when one of our operations made it. The books decide.
 */
describe("n8n's HTTP Request node with the credential, under caps", () => {
	/** An HTTP Request node (4.2, Predefined Credential Type → Storefront API) sending `method` to `path` with `body`. */
	const httpRequestWorkflow = (name: string, credential: { id: string; name: string }, method: string, path: string, body?: object) => ({
		name,
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
			node('HTTP Request', 'n8n-nodes-base.httpRequest', 300, {
				method,
				url: `${sandbox.api.url}${path}`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'storefrontApi',
				...(body ? { sendBody: true, specifyBody: 'json', jsonBody: JSON.stringify(body) } : {}),
				options: {},
			}, { typeVersion: 4.2, credentials: { storefrontApi: credential } }),
		],
		connections: { Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
		settings: {},
	});
	const ACTIVE_AD = { accountId: DEMO.socialConnection, adAccountId: DEMO.socialAdAccount, name: 'Door test', goal: 'traffic', budgetAmount: 1_000_000, budgetType: 'daily', status: 'ACTIVE' };
	const run = async (workflow: ReturnType<typeof httpRequestWorkflow>) => {
		const saved = await sandbox.n8n.createWorkflow(workflow);
		const mark = sandbox.api.books.mark();
		const from = sandbox.api.requests.length;
		const execution = await sandbox.n8n.runManually(saved.id, 'Start');
		// n8n 1.x may report the end before the run's data is stored: read it again until it is there
		const data = await waitFor('the execution data', async () => {
			const read = String((await sandbox.n8n.execution(execution.id)).data);
			return read.length > 2 ? read : undefined;
		}, 20_000, () => sandbox.n8n.log);
		return { execution, data, books: sandbox.api.books.since(mark), sent: sandbox.api.requests.slice(from).map((r) => `${r.method} ${r.path}`) };
	};

	test('a new credential (Allowed HTTP Request Domains: None, hidden, the package\'s default): n8n keeps its HTTP Request node out, reads included; nothing is sent', async () => {
		const capped = { id: sandbox.cappedCredentialId, name: 'Storefront account (spending caps)' };
		for (const [method, path, body] of [['POST', '/v1/ads/create', ACTIVE_AD], ['GET', '/v1/webhooks', undefined]] as const) {
			const r = await run(httpRequestWorkflow(`Door: ${method} with a new credential`, capped, method, path, body));
			expect(r.execution.status).toBe('error');
			expect(r.data).toContain('This credential is configured to prevent use within an HTTP Request or GraphQL node');
			expect({ books: r.books, sent: r.sent }).toEqual({ books: [], sent: [] });
		}
	});

	test('a credential saved with Allowed HTTP Request Domains: All (as n8n saved it before): an ACTIVE ad at 1,000,000 a day is not sent, the error names the fix, the books do not change; a read still works', async () => {
		const older = await sandbox.n8n.rest<{ id: string; name: string }>('POST', '/rest/credentials', {
			name: 'Storefront account (older, All domains)',
			type: 'storefrontApi',
			data: { apiKey: KEYS.full, baseUrl: `${sandbox.api.url}/v1/`, ...SANDBOX_CAPS, allowedHttpRequestDomains: 'all' },
		});
		const spend = await run(httpRequestWorkflow('Door: an ACTIVE ad with an older credential', older, 'POST', '/v1/ads/create', ACTIVE_AD));
		expect(spend.execution.status).toBe('error');
		expect(spend.data).toContain('The Storefront API credential did not send this request: with Limit Spending on, only Storefront nodes may make changes with it');
		expect(spend.data).toContain('Use the Storefront Ads, Commerce or Webhooks node for this call instead of the HTTP Request node');
		expect({ books: spend.books, sent: spend.sent }).toEqual({ books: [], sent: [] });

		const read = await run(httpRequestWorkflow('Door: a read with an older credential', older, 'GET', '/v1/webhooks'));
		expect(read.execution.status).toBe('success');
		expect(read.sent).toEqual(['GET /v1/webhooks']);
	});

	test('our nodes still make changes with the capped credential (their requests carry the mark through n8n 1.x): a page, then a paused ad within the caps; the books hold exactly that ad', async () => {
		const capped = { storefrontApi: { id: sandbox.cappedCredentialId, name: 'Storefront account (spending caps)' } };
		const byId = (value: string) => ({ __rl: true, mode: 'id', value });
		const saved = await sandbox.n8n.createWorkflow({
			name: 'Door: our nodes under caps',
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
				node('Page', 'n8n-nodes-storefront.storefrontCommerce', 300, { resource: 'page', operation: 'create', accountId: DEMO.store, title: 'Door page' }, { credentials: capped }),
				node('Ad', 'n8n-nodes-storefront.storefrontAds', 600, {
					resource: 'ad',
					operation: 'create',
					network: 'socialnet',
					accountId: byId(DEMO.socialConnection),
					adAccountId: byId(DEMO.socialAdAccount),
					name: 'Door ad',
					goal: 'traffic',
					budgetAmount: 25,
					budgetType: 'daily',
					status: 'PAUSED',
					headline: 'Linen dresses',
					body: 'Light and cool, 20% off this week',
					callToAction: 'SHOP_NOW',
					linkUrl: 'https://shop.example.com/summer',
					imageUrl: 'https://cdn.example.com/summer.jpg',
				}, { credentials: capped }),
			],
			connections: { Start: { main: [[{ node: 'Page', type: 'main', index: 0 }]] }, Page: { main: [[{ node: 'Ad', type: 'main', index: 0 }]] } },
			settings: {},
		});
		const mark = sandbox.api.books.mark();
		const execution = await sandbox.n8n.runManually(saved.id, 'Start');
		expect({ status: execution.status, data: execution.status === 'success' ? '' : String(execution.data).slice(0, 1500) }).toEqual({ status: 'success', data: '' });
		expect(sandbox.api.books.since(mark).map((e) => [e.kind, e.status, e.budget?.amount])).toEqual([['create', 'paused', 25]]);
		expect(sandbox.api.commerce.store(DEMO.store).pages.some((p) => p.title === 'Door page')).toBe(true);
	});

	test("the credential test still runs; a refused key gets n8n 1.x's own words (its error carries no answer for the test's rules to read)", async () => {
		// n8n 1.x tests a saved credential (by its id) with the form's data
		const data = { apiKey: 'sk_wrong', baseUrl: sandbox.api.url };
		const saved = await sandbox.n8n.rest<{ id: string; name: string }>('POST', '/rest/credentials', { name: 'Storefront account (wrong key)', type: 'storefrontApi', data });
		const result = await sandbox.n8n.rest<{ status: string; message: string }>('POST', '/rest/credentials/test', {
			credentials: { id: saved.id, name: saved.name, type: 'storefrontApi', data },
		});
		expect(result).toEqual({ status: 'Error', message: 'Authorization failed - please check your credentials' });
		const right = await sandbox.n8n.rest<{ status: string; message: string }>('POST', '/rest/credentials/test', {
			credentials: { id: saved.id, name: saved.name, type: 'storefrontApi', data: { ...data, apiKey: KEYS.full } },
		});
		expect(right).toEqual({ status: 'OK', message: 'Connection successful!' });
	});
});
