import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { KEYS, signBody } from '../../fake-api';
import { AdsExtras } from '../../fake-api/adsAudiencesAndInsights';
import { DEMO } from '../../fake-api/demo';
import { ensureN8n, freePort, waitFor as waitUntil } from '../../scripts/lib/n8n';
import { CREDENTIAL_NAME, loadExamples, startSandbox, type Sandbox } from '../../scripts/lib/sandbox';

/**
 * The example workflows inside the sandbox that `npm start` runs (same code, temporary folder
 * and ports): each is imported, executed in a real n8n 2.41.1 and judged by the fake API's
 * resulting state.
 */

jest.setTimeout(90_000);

let sandbox: Sandbox;
const id = (name: string) => sandbox.workflows.get(name)!;
const store = () => sandbox.api.commerce.store(DEMO.store);

async function run(workflow: string, trigger: string) {
	const execution = await sandbox.n8n.runManually(id(workflow), trigger);
	if (execution.status !== 'success') throw new Error(`"${workflow}" ended ${execution.status}: ${String(execution.data).slice(0, 2000)}`);
	return execution;
}

const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000) => waitUntil(what, probe, ms, () => sandbox.n8n.log);

beforeAll(async () => {
	sandbox = await startSandbox({
		dir: fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-sandbox-')),
		n8nPort: await freePort(),
	});
}, 20 * 60_000);

afterAll(async () => await sandbox?.stop());

test('every example imports, with only node types this n8n knows and our credential on every Storefront node', async () => {
	const known = new Set((await sandbox.n8n.rest<Array<{ name: string }>>('GET', '/types/nodes.json')).map((t) => t.name));
	const examples = loadExamples(sandbox.credentialId);
	expect(examples.map((e) => e.file)).toEqual([
		'ai-agent-store-assistant.json',
		'boost-best-post-every-monday.json',
		'landing-page-with-redirect.json',
		'post-published-to-marketing-activity.json',
	]);
	for (const { workflow } of examples) {
		const saved = await sandbox.n8n.rest<{ nodes: Array<{ type: string; credentials?: Record<string, { id: string }> }> }>(
			'GET',
			`/rest/workflows/${id(workflow.name)}`,
		);
		expect(saved.nodes).toHaveLength(workflow.nodes.length);
		for (const node of saved.nodes) {
			expect(known.has(node.type)).toBe(true);
			if (node.type.startsWith('n8n-nodes-storefront.') && node.type !== 'n8n-nodes-storefront.storefrontTrigger') {
				expect(node.credentials?.storefrontApi?.id).toBe(sandbox.credentialId);
			}
		}
	}
});

test('boost the best post: validated first, created once and PAUSED even when the workflow runs twice, and recorded for the team', async () => {
	const workflow = 'Boost the best post every Monday';
	const boosts = () => sandbox.api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/ads/boost');
	const adsBefore = sandbox.api.ads.ads.size;
	await run(workflow, 'Every Monday at 9:00');
	await run(workflow, 'Every Monday at 9:00');

	const newAds = [...sandbox.api.ads.ads.values()].slice(adsBefore);
	expect(newAds).toHaveLength(1);
	const [best] = AdsExtras.rank(sandbox.api.adsExtras.posts(DEMO.socialConnection, 'socialnet'));
	expect(newAds[0]).toMatchObject({ name: `Boost of ${best.id}`, requestedStatus: 'paused', accountId: DEMO.socialConnection });

	// per run: Validate Only, then the real call with an Idempotency-Key that is the same both times
	expect(boosts().map((r) => (r.body as { validateOnly?: boolean }).validateOnly ?? false)).toEqual([true, false, true, false]);
	const keys = boosts().filter((r) => !(r.body as { validateOnly?: boolean }).validateOnly).map((r) => r.headers['idempotency-key']);
	expect(keys[0]).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(keys[1]).toBe(keys[0]);
	expect(boosts().every((r) => (r.body as { status: string }).status === 'PAUSED')).toBe(true);

	expect(store().activities.get(`boost-${newAds[0].id}`)).toMatchObject({ tactic: 'AD', channel: 'SOCIAL', status: 'PAUSED', url: best.permalink });
});

test('landing page: the page, its /sale redirect and the marketing activity exist; the daily branch records yesterday\'s figures', async () => {
	const workflow = 'Publish a landing page with its redirect and track it';
	await run(workflow, 'Publish the landing page');
	expect(store().pages.find((p) => p.handle === 'summer-sale')).toMatchObject({ title: 'Summer sale', isPublished: true });
	expect(store().redirects.filter((r) => r.path === '/sale')).toEqual([expect.objectContaining({ target: '/pages/summer-sale' })]);
	expect(store().activities.get('landing-summer-sale')).toMatchObject({
		url: 'https://shop.example.com/pages/summer-sale',
		status: 'ACTIVE',
		utm: { campaign: 'summer-sale', source: 'n8n', medium: 'landing' },
	});

	await run(workflow, 'Every day at 7:00');
	const analytics = sandbox.api.requests.find((r) => r.path === `/v1/ads/campaigns/${DEMO.campaign}/analytics`)!;
	const day = analytics.query.fromDate as string;
	expect(analytics.query.toDate).toBe(day);
	const [engagement] = store().engagements.filter((e) => e.remoteId === 'landing-summer-sale');
	expect(engagement).toMatchObject({ date: day });
	expect(engagement.impressions).toBeGreaterThan(0);
	expect(engagement.adSpend).toMatch(/^\d+\.\d{2}$/);
});

describe('post published → marketing activity (trigger example, activated)', () => {
	const workflow = 'Record every published post as a marketing activity';
	const endpoint = () => [...sandbox.api.webhooks.endpoints.values()][0];
	const executions = async () => await sandbox.n8n.executions(id(workflow));

	test('activation registers the endpoint; the API\'s test delivery is acknowledged (webhook.test is not a chosen event)', async () => {
		await sandbox.n8n.activate(id(workflow));
		const registered = await waitFor('the endpoint', () => endpoint());
		expect(registered.events).toEqual(['post.published']);
		await sandbox.n8n.waitUntilServed(registered.url);
		const res = await fetch(`${sandbox.api.url}/v1/webhooks/${registered.id}/test`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}` } });
		expect(await res.json()).toMatchObject({ last_status: 200, last_error: null });
	});

	test('three genuine events → exactly three executions and three activities; a redelivery and a forged event start nothing', async () => {
		for (const n of [1, 2, 3]) {
			const [delivery] = await sandbox.api.webhooks.emit('post.published', {
				post: { id: `post_e2e_${n}`, caption: `Drop ${n}`, permalink: `https://socialnet.example.com/p/e2e${n}` },
			});
			expect(delivery.status).toBe(200);
		}
		const done = await waitFor('three finished executions', async () => {
			const list = await executions();
			return list.length === 3 && list.every((e) => !['new', 'running'].includes(e.status)) ? list : undefined;
		});
		expect(done.map((e) => e.status)).toEqual(['success', 'success', 'success']);
		for (const n of [1, 2, 3]) {
			expect(store().activities.get(`post-post_e2e_${n}`)).toMatchObject({ title: `Drop ${n}`, channel: 'SOCIAL', status: 'ACTIVE' });
		}

		const [first] = sandbox.api.webhooks.deliveries.filter((d) => d.event_type === 'post.published');
		const again = await fetch(`${sandbox.api.url}/v1/webhooks/${endpoint().id}/deliveries/${first.id}/redeliver`, {
			method: 'POST',
			headers: { authorization: `Bearer ${KEYS.full}` },
		});
		expect(again.status).toBe(200);
		const body = JSON.stringify({ id: 'evt_forged', event: 'post.published', timestamp: new Date().toISOString(), data: { post: { id: 'forged' } } });
		const forged = await fetch(endpoint().url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody('whsec_not_the_secret', body) },
			body,
		});
		expect(forged.status).toBe(401);
		await new Promise((r) => setTimeout(r, 1500));
		expect(await executions()).toHaveLength(3);
		expect(store().activities.has('post-forged')).toBe(false);
	});

	test('deactivation deletes the endpoint at the API', async () => {
		await sandbox.n8n.deactivate(id(workflow));
		await waitFor('the endpoint to be deleted', () => sandbox.api.webhooks.endpoints.size === 0);
	});
});

test('pairedItem in a real n8n: after a Get Many that turns 3 items into 7 (one of them an error item under Continue On Fail), `$(\'Items\').item` finds each output item\'s own input', async () => {
	const credentials = { storefrontApi: { id: sandbox.credentialId, name: CREDENTIAL_NAME } };
	const items = [
		{ tag: 'first', account: DEMO.store },
		{ tag: 'broken', account: 'store_missing' },
		{ tag: 'third', account: DEMO.store },
	];
	const node = (name: string, type: string, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
		id: name.toLowerCase().replace(/\W/g, '-'),
		name,
		type,
		typeVersion: 1,
		position: [x, 0],
		parameters,
		...extra,
	});
	const workflow = await sandbox.n8n.createWorkflow({
		name: 'pairedItem across N→M',
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
			node('Items', 'n8n-nodes-base.code', 200, { jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` }, { typeVersion: 2 }),
			node(
				'Pages',
				'n8n-nodes-storefront.storefrontCommerce',
				400,
				{ resource: 'page', operation: 'getAll', accountId: '={{ $json.account }}', returnAll: false, limit: 3 },
				{ credentials, onError: 'continueRegularOutput' },
			),
			node(
				'Tag',
				'n8n-nodes-base.set',
				600,
				{ mode: 'manual', assignments: { assignments: [{ id: 'a1', name: 'from', type: 'string', value: "={{ $('Items').item.json.tag }}" }] }, includeOtherFields: true },
				{ typeVersion: 3.4 },
			),
		],
		connections: {
			Start: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [[{ node: 'Pages', type: 'main', index: 0 }]] },
			Pages: { main: [[{ node: 'Tag', type: 'main', index: 0 }]] },
		},
		settings: {},
	});
	const execution = await sandbox.n8n.runManually(workflow.id, 'Start');
	expect(execution.status).toBe('success');
	// n8n stores execution data with flatted: read it with n8n's own copy
	const flatted = createRequire(ensureN8n().n8n)('flatted') as { parse(text: string): unknown };
	const data = flatted.parse(execution.data as string) as {
		resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown>; pairedItem?: unknown }>> } }>> };
	};
	const tagged = data.resultData.runData.Tag[0].data.main[0].map((i) => [i.json.from, i.json.error === undefined ? 'page' : 'error']);
	expect(tagged).toEqual([
		['first', 'page'],
		['first', 'page'],
		['first', 'page'],
		['broken', 'error'],
		['third', 'page'],
		['third', 'page'],
		['third', 'page'],
	]);
});
