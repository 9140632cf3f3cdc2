import type { IDataObject, INodeType } from 'n8n-workflow';

import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { shapeDelivery } from '../../fake-api/webhooks';
import { activate, pageAndRedirect, PAGE, REDIRECT, receiveAndRun, STORE, type SignedDelivery } from '../../harness/events';
import { chain, fromDelivery, ourNode, outputOf, retry, TRIGGER, type WorkflowSpec } from '../../harness/execution';

/**
 * The Idempotency-Keys that keep n8n from doing work twice (nodes/shared/wire/idempotency.ts), each
 * through n8n-core against the fake API, with no second n8n process: fast enough to run for every
 * mutant of the wire (npm run mutate). once-per-event.test.ts has the whole story of events.
 */

let api: FakeApiServer;
const credentials = () => ({ apiKey: KEYS.full, baseUrl: api.url, limitSpending: false });
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

let executions = 0;
const post = (n: number) => ({ post: { id: `post_${n}`, caption: `Drop ${n}` } });
const redirects = () => api.commerce.store(STORE).redirects;

/** Delivers event `id` to the activated workflow and runs the execution it starts. */
async function deliver(spec: WorkflowSpec & { secret: string }, id: string, data: IDataObject = post(1)) {
	const { body, signature } = shapeDelivery('plain', spec.secret, id, 'post.published', data, new Date());
	const sent: SignedDelivery = { body, headers: { 'content-type': 'application/json', ...signature } };
	const { status, run } = await receiveAndRun(spec, credentials(), sent, `exec-${++executions}`);
	expect(status).toBe(200);
	expect(run!.status).toBe('success');
	return run!;
}

/** A trigger of another package (a schedule): its executions are keyed by the execution. */
const everyDay: INodeType = {
	description: { displayName: 'Every Day', name: 'everyDay', group: ['trigger'], version: 1, description: '', defaults: {}, inputs: [], outputs: ['main'], properties: [] },
	trigger: async () => ({}),
};

test('the same workflow imported twice (the same node ids) runs the same event: each workflow does its work', async () => {
	const first = await activate(pageAndRedirect(), credentials());
	const copy = await activate({ ...pageAndRedirect(), id: 'wf-events-copy' }, credentials());
	await deliver(first, 'evt_1');
	await deliver(copy, 'evt_1');
	const pages = api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/commerce/pages');
	expect(pages.map((r) => [r.status, Boolean(r.replayed)])).toEqual([
		[201, false],
		[201, false],
	]);
	expect(api.commerce.store(STORE).pages.filter((p) => p.title === 'Drop 1')).toHaveLength(2);
	expect(redirects()).toHaveLength(2);
});

test('"Retry execution" of a run another trigger started: what its failed node had done is not done again (the original execution\'s keys)', async () => {
	const redirect = ourNode(REDIRECT, 'storefrontCommerce', { resource: 'redirect', operation: 'create', accountId: STORE, path: '={{ $json.path }}', target: '/pages/a' }, 1);
	const spec: WorkflowSpec = {
		id: 'wf-retry',
		nodes: [{ id: 'every-day', name: 'Every Day', type: 'other.everyDay', typeVersion: 1, position: [0, 0], parameters: {} }, redirect],
		connections: chain('Every Day', REDIRECT),
		types: { 'other.everyDay': everyDay },
	};
	// the second item's path is taken: the node fails after the first item's redirect was made
	redirects().push({ id: 'gid_redirect_taken', path: '/b', target: '/x' });
	const original = `exec-${++executions}`;
	const items = [{ json: { path: '/a' } }, { json: { path: '/b' } }];
	const failed = await fromDelivery(spec, items, { credentials: credentials(), executionId: original, startNode: 'Every Day', mode: 'trigger' });
	expect(failed.status).toBe('error');
	expect(redirects().map((r) => r.path)).toEqual(['/b', '/a']);
	// the user frees the path and retries the execution: /a is answered from the first run, /b made
	redirects().splice(0, 1);
	const retried = await retry(spec, failed, original, { credentials: credentials(), executionId: `exec-${++executions}` });
	expect(retried.status).toBe('success');
	expect(redirects().map((r) => r.path).sort()).toEqual(['/a', '/b']);
	const creates = api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/commerce/redirects');
	expect(creates.map((r) => [(r.body as { path: string }).path, r.status, Boolean(r.replayed)]).sort()).toEqual([
		['/a', 201, false],
		['/a', 201, true],
		['/b', 201, false],
		['/b', 400, false],
	]);
});

test('a bulk call sent in chunks in an event\'s run (Campaign → Bulk Set Status, 51 campaigns: 50 + 1): each chunk its own key; a repeat of the event does neither again', async () => {
	const rows = Array.from({ length: 51 }, (_, i) => api.ads.seedCampaign('acc_social1', `Bulk ${i}`, 0)).map((c) => ({ campaignId: c.platformCampaignId, platform: c.platform }));
	const bulk = ourNode('Act', 'storefrontAds', { resource: 'campaign', operation: 'bulkSetStatus', status: 'paused', campaignsInput: 'json', campaignsJson: JSON.stringify(rows) }, 1);
	const base = pageAndRedirect();
	const spec = await activate({ ...base, nodes: [base.nodes[0], bulk], connections: chain(TRIGGER, 'Act') }, credentials());
	const first = outputOf(await deliver(spec, 'evt_1'), 'Act').json;
	expect(first).toEqual([expect.objectContaining({ campaigns: 51, updated: 51, calls: 2 })]);
	expect(outputOf(await deliver(spec, 'evt_1'), 'Act').json).toEqual(first);
	const calls = api.requests.filter((r) => r.path === '/v1/ads/campaigns/bulk-status');
	expect(calls.map((r) => [(r.body as { campaigns: unknown[] }).campaigns.length, r.status, Boolean(r.replayed)])).toEqual([
		[50, 200, false],
		[1, 200, false],
		[50, 200, true],
		[1, 200, true],
	]);
	expect(new Set(calls.map((r) => r.headers['idempotency-key'])).size).toBe(2);
});

test('the Storefront Trigger\'s event run twice: the page is made once (keyed by the event), PAGE answered from the first run', async () => {
	const spec = await activate(pageAndRedirect(), credentials());
	const first = await deliver(spec, 'evt_1');
	const second = await deliver(spec, 'evt_1');
	expect(outputOf(second, PAGE).json).toEqual(outputOf(first, PAGE).json);
	expect(api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/commerce/')).map((r) => [r.path, Boolean(r.replayed)])).toEqual([
		['/v1/commerce/pages', false],
		['/v1/commerce/redirects', false],
		['/v1/commerce/pages', true],
		['/v1/commerce/redirects', true],
	]);
});
