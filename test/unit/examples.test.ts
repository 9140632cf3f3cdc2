import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { INode, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { KEYS, startFakeApi } from '../../fake-api';
import { DEMO, seedDemo } from '../../fake-api/demo';
import { ensureN8n } from '../../scripts/lib/n8n';
import { EXAMPLE_CREDENTIAL, EXAMPLE_PLACEHOLDERS, EXAMPLES_DIR, loadExample, loadExamples } from '../../scripts/lib/sandbox';
import { manually, outputOf } from '../../harness/execution';

/**
 * The example workflows as a user imports them into their own n8n (docs/examples.md): each says on
 * a sticky note what to set, and what they set is a placeholder, never an ID of the demo data; no
 * model chooses an ad's status. The sandbox fills the placeholders in at import (one mapping,
 * scripts/lib/sandbox.ts); test/e2e/examples.e2e.test.ts runs them in a real n8n.
 */

interface ExampleNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, unknown>;
}

const files = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json')).sort();
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as { name: string; nodes: ExampleNode[] };
const isSticky = (n: ExampleNode) => n.type === 'n8n-nodes-base.stickyNote';
const PLACEHOLDER = /\bYOUR_[A-Z_]+\b/g;
const DEMO_VALUES = [DEMO.store, DEMO.pluginStore, DEMO.socialConnection, DEMO.socialAdAccount, DEMO.searchConnection, DEMO.campaign, DEMO.socialPixel, 'shop.example.com'];

test('there are eight examples', () => {
	expect(files).toHaveLength(8);
});

describe.each(files)('%s', (file) => {
	const example = read(file);
	const text = fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
	const nodes = example.nodes.filter((n) => !isSticky(n));
	const notes = example.nodes.filter(isSticky).map((n) => String(n.parameters.content));
	const used = [...new Set(nodes.flatMap((n) => JSON.stringify(n.parameters).match(PLACEHOLDER) ?? []))];

	test('no ID of the demo data, in any node, tool description or note', () => {
		expect(DEMO_VALUES.filter((id) => text.includes(id))).toEqual([]);
	});

	test('a sticky note says what to set: each placeholder by name, and the credential', () => {
		expect(notes.length).toBeGreaterThanOrEqual(1);
		const said = notes.join('\n');
		expect(used.filter((p) => !said.includes(p))).toEqual([]);
		expect(said).toMatch(/Storefront API/);
		// in the Settings node when there is one: a user sets the IDs in one place
		if (example.nodes.some((n) => n.name === 'Settings')) expect(said).toContain('**Settings** node');
	});

	test('every placeholder is one the sandbox fills in; once imported, none is left', () => {
		expect(used.filter((p) => !(p in EXAMPLE_PLACEHOLDERS))).toEqual([]);
		const imported = loadExamples('any').find((e) => e.file === file)!.workflow as { nodes: ExampleNode[] };
		const left = imported.nodes.filter((n) => !isSticky(n)).flatMap((n) => JSON.stringify(n.parameters).match(PLACEHOLDER) ?? []);
		expect(left).toEqual([]);
	});

	test('no credential ID of ours: every Storefront node names the credential n8n gives a user first ("Storefront account"), with no ID', () => {
		const ours = nodes.filter((n) => n.type.startsWith('n8n-nodes-storefront.') || n.credentials?.storefrontApi);
		expect(ours.length).toBeGreaterThan(0);
		for (const n of ours) expect({ node: n.name, credentials: n.credentials }).toEqual({ node: n.name, credentials: { storefrontApi: EXAMPLE_CREDENTIAL } });
		expect(text).not.toMatch(/storefront-sandbox/);
	});

	test('the IDs a user sets sit in the Settings node; the other nodes read them from there', () => {
		const settings = nodes.find((n) => n.name === 'Settings');
		// the MCP Server Trigger runs each tool on its own: there the tools hold them (From list)
		if (!settings) {
			expect(nodes.some((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger')).toBe(true);
			return;
		}
		expect(settings.type).toBe('n8n-nodes-base.set');
		const others = nodes.filter((n) => n !== settings).map((n) => JSON.stringify(n.parameters));
		expect(others.flatMap((p) => p.match(PLACEHOLDER) ?? [])).toEqual([]);
		expect(others.some((p) => p.includes("$('Settings').first().json."))).toBe(true);
	});

	test('no model chooses what an ad is created as or set to: Status is fixed PAUSED on every boost and create', () => {
		for (const n of nodes.filter((n) => n.type.startsWith('n8n-nodes-storefront.'))) {
			const p = n.parameters;
			expect({ node: n.name, status: JSON.stringify(p.status ?? '') }).not.toEqual({ node: n.name, status: expect.stringContaining('$fromAI') });
			if (p.resource === 'ad' && ['boost', 'create', 'createMessaging', 'createCall'].includes(String(p.operation))) expect({ node: n.name, status: p.status }).toEqual({ node: n.name, status: 'PAUSED' });
			expect(['setStatus', 'bulkSetStatus'].includes(String(p.operation)) && JSON.stringify(p).includes('$fromAI')).toBe(false);
		}
	});
});

test('the daily figures example records the landing page\'s own campaign: the demo campaign it reads is the "Summer sale" one', async () => {
	const api = await startFakeApi();
	try {
		await seedDemo(api);
		expect(EXAMPLE_PLACEHOLDERS.YOUR_CAMPAIGN_ID).toBe(DEMO.campaign);
		expect(api.ads.campaigns.get(DEMO.campaign)?.campaignName).toBe('Summer sale');
	} finally {
		await api.close();
	}
	const landing = read('landing-page-with-redirect.json').nodes.find((n) => n.name === 'Settings')!;
	expect(JSON.stringify(landing.parameters)).toContain('"name":"pageTitle","value":"Summer sale"');
	const daily = read('landing-page-daily-figures.json').nodes.find((n) => n.name === 'Settings')!;
	expect(JSON.stringify(daily.parameters)).toContain('"name":"activityId","value":"landing-summer-sale"');
	const recorded = read('landing-page-with-redirect.json').nodes.find((n) => n.name === 'Record the marketing activity')!;
	expect(recorded.parameters.remoteId).toBe('landing-summer-sale');
});

describe('"Publish a landing page with its redirect" run twice through n8n-core against the fake API', () => {
	const FILE = 'landing-page-with-redirect.json';
	const TRIGGER = 'Publish the landing page';
	let api: Awaited<ReturnType<typeof startFakeApi>>;
	let runs = 0;

	const load = createRequire(__filename);

	/** n8n's own If, Filter, Set and Manual Trigger nodes, from the installed n8n 2.41.1, at the versions the example uses. */
	function baseTypes(nodes: INode[]): Record<string, INodeType> {
		const dist = path.join(path.dirname(ensureN8n().n8n), '..', 'n8n-nodes-base', 'dist', 'nodes');
		const files: Record<string, [string, string]> = {
			'n8n-nodes-base.manualTrigger': ['ManualTrigger/ManualTrigger.node.js', 'ManualTrigger'],
			'n8n-nodes-base.set': ['Set/Set.node.js', 'Set'],
			'n8n-nodes-base.filter': ['Filter/Filter.node.js', 'Filter'],
			'n8n-nodes-base.if': ['If/If.node.js', 'If'],
		};
		const types: Record<string, INodeType> = {};
		for (const node of nodes.filter((n) => !n.type.startsWith('n8n-nodes-storefront.'))) {
			const [file, name] = files[node.type];
			const type = new (load(path.join(dist, file))[name])() as INodeType | IVersionedNodeType;
			types[node.type] = 'nodeVersions' in type ? type.nodeVersions[node.typeVersion] : type;
		}
		return types;
	}

	async function run() {
		// as the sandbox imports it: the demo data in place of the placeholders, a credential on each Storefront node
		const example = loadExample(FILE, 'cred-1') as { nodes: INode[]; connections: never };
		const nodes = example.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote');
		const spec = { id: 'wf-landing', nodes, connections: example.connections, types: baseTypes(nodes) };
		const result = await manually(spec, [{ json: {} }], {
			credentials: { apiKey: KEYS.full, baseUrl: api.url, limitSpending: false },
			executionId: `landing-${++runs}`,
			startNode: TRIGGER,
		});
		if (result.data.resultData.error) throw result.data.resultData.error;
		return result;
	}

	beforeAll(async () => {
		api = await startFakeApi();
		await seedDemo(api);
	}, 15 * 60_000);
	afterAll(async () => await api?.close());

	const store = () => api.commerce.store(DEMO.store);
	const writes = () => api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace(/\/gid_[a-z]+_\w+$/, '/{id}')}`);

	test('the first run creates the page, the /sale redirect and the activity', async () => {
		api.clearRequests();
		const first = await run();
		expect(writes()).toEqual(['POST /v1/commerce/pages', 'POST /v1/commerce/redirects', 'PUT /v1/commerce/marketing-activities']);
		expect(outputOf(first, 'Update the page').json).toEqual([]);
		expect(store().pages.filter((p) => p.handle === 'summer-sale')).toEqual([expect.objectContaining({ title: 'Summer sale', isPublished: true })]);
		expect(store().redirects.filter((r) => r.path === '/sale')).toEqual([expect.objectContaining({ target: '/pages/summer-sale' })]);
		expect(store().activities.get('landing-summer-sale')).toMatchObject({ url: 'https://shop.example.com/pages/summer-sale', status: 'ACTIVE' });
	});

	test('the second run finds both and updates them: still one page, one redirect, one activity', async () => {
		const page = store().pages.find((p) => p.handle === 'summer-sale')!;
		const redirect = store().redirects.find((r) => r.path === '/sale')!;
		api.clearRequests();
		const second = await run();
		expect(writes()).toEqual([
			`PATCH /v1/commerce/pages/{id}`,
			`PATCH /v1/commerce/redirects/{id}`,
			'PUT /v1/commerce/marketing-activities',
		]);
		expect(api.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([`/v1/commerce/pages/${page.id}`, `/v1/commerce/redirects/${redirect.id}`]);
		expect(outputOf(second, 'Create the page').json).toEqual([]);
		expect(outputOf(second, 'Short link /sale').json).toEqual([]);
		expect(store().pages.filter((p) => p.handle === 'summer-sale')).toEqual([expect.objectContaining({ id: page.id, title: 'Summer sale', isPublished: true })]);
		expect(store().redirects.filter((r) => r.path === '/sale')).toEqual([expect.objectContaining({ id: redirect.id, target: '/pages/summer-sale' })]);
		expect([...store().activities.keys()].filter((k) => k === 'landing-summer-sale')).toHaveLength(1);
	});

	test('a page or redirect whose handle or path only contains the one sought is left alone: a third run still updates the same two', async () => {
		// the store's search matches parts of words: summer-sale-2024 and /sale-old come back from the searches too
		await fetch(`${api.url}/v1/commerce/pages`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' }, body: JSON.stringify({ accountId: DEMO.store, title: 'Old sale', handle: 'summer-sale-2024' }) });
		await fetch(`${api.url}/v1/commerce/redirects`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' }, body: JSON.stringify({ accountId: DEMO.store, path: '/sale-old', target: '/pages/summer-sale-2024' }) });
		const pages = store().pages.length;
		const redirects = store().redirects.length;
		api.clearRequests();
		await run();
		expect(writes()).toEqual([`PATCH /v1/commerce/pages/{id}`, `PATCH /v1/commerce/redirects/{id}`, 'PUT /v1/commerce/marketing-activities']);
		expect([store().pages.length, store().redirects.length]).toEqual([pages, redirects]);
		expect(store().pages.find((p) => p.handle === 'summer-sale-2024')).toMatchObject({ title: 'Old sale' });
		expect(store().redirects.find((r) => r.path === '/sale-old')).toMatchObject({ target: '/pages/summer-sale-2024' });
	});
});
