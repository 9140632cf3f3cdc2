import { createRequire } from 'node:module';
import path from 'node:path';

import type { INode, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { KEYS, startFakeApi } from '../../fake-api';
import { DEMO, seedDemo } from '../../fake-api/demo';
import { manually, outputOf } from '../../harness/execution';
import { ensureN8n } from '../../scripts/lib/n8n';
import { loadExample } from '../../sandbox/setup';

/**
 * An example that can run again (docs/examples.md): "Publish a landing page with its redirect" run
 * three times through n8n-core against the fake API, with n8n's own Set, Filter and If nodes loaded
 * from the installed n8n 2.41.1. No n8n is booted, but the install is needed: this suite is with the
 * real-n8n ones (after CI's background install, outside `npm run test:fast`).
 */
describe('"Publish a landing page with its redirect" run twice through n8n-core against the fake API', () => {
	const FILE = 'landing-page-with-redirect.json';
	const TRIGGER = 'Publish the landing page';
	let api: Awaited<ReturnType<typeof startFakeApi>>;
	let runs = 0;
	let n8nBin: string;

	const load = createRequire(__filename);

	/** n8n's own If, Filter, Set and Manual Trigger nodes, from the installed n8n 2.41.1, at the versions the example uses. */
	function baseTypes(nodes: INode[]): Record<string, INodeType> {
		const dist = path.join(path.dirname(n8nBin), '..', 'n8n-nodes-base', 'dist', 'nodes');
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
		// the install (once, shared, under a lock: CI starts it in the background) before any test's clock starts
		n8nBin = ensureN8n().n8n;
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
