import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { byId } from '../../harness/context';
import { loadOptionsContext, nodeType, runNode } from '../../harness';
import { n8nLogger, triggerHarness } from '../../harness/trigger';
import { MAX_PAGES } from '../../nodes/shared/pagination';

/**
 * Issue 44, finding 5: every walk ends. A server whose paging does not move (the same `before`,
 * the same `nextCursor`, the same page) used to be read forever (activation made 34,532 requests
 * in 20 s). Here a stand-in API serves such pages; it gives up by itself after GIVE_UP requests
 * (has_more false / no cursor), so that the code before the fix ends too and fails the counts.
 */

const GIVE_UP = 200;

interface Seen {
	method: string;
	path: string;
	query: Record<string, string>;
	authorization?: string;
}

async function standIn(answer: (seen: Seen, count: number) => unknown) {
	const seen: Seen[] = [];
	const server = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			const entry = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: req.headers.authorization };
			seen.push(entry);
			res.setHeader('Content-Type', 'application/json');
			res.end(JSON.stringify(answer(entry, seen.length)));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		seen,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

let api: Awaited<ReturnType<typeof standIn>> | undefined;
afterEach(async () => {
	await api?.close();
	api = undefined;
	jest.restoreAllMocks();
});

const CREATED = '2026-11-26T10:00:00.000Z';
const samePage = (status: number) => Array.from({ length: 100 }, (_, i) => ({ id: `del_${i}`, event_id: `evt_${i}`, event_type: 'post.published', status, created_at: CREATED }));

test("Trigger activation against a delivery log whose 'before' paging returns the same page (100 rows, one created_at): 2 log reads, activated, the skip logged", async () => {
	const WEBHOOK = 'wh_1';
	let triggerUrl = '';
	api = await standIn((seen, count) => {
		if (seen.path === '/v1/webhooks') return { webhooks: [{ id: WEBHOOK, url: triggerUrl, events: ['post.published'], is_active: true }] };
		return { deliveries: samePage(200), has_more: count < GIVE_UP };
	});
	const warn = jest.spyOn(n8nLogger(), 'warn').mockImplementation(() => undefined);
	const t = triggerHarness({ apiKey: 'sk_test', baseUrl: api.url }, { events: ['post.published'] });
	triggerUrl = t.url;
	t.workflow.staticData[`node:${t.node.name}`] = { webhookId: WEBHOOK, secret: 'whsec_x', recoveredUntil: '2026-11-20T00:00:00.000Z' };

	expect(await t.hook('checkExists')).toBe(true);

	const logReads = api.seen.filter((s) => s.path === `/v1/webhooks/${WEBHOOK}/deliveries`);
	expect(logReads.map((s) => s.query)).toEqual([{ limit: '100' }, { limit: '100', before: CREATED }]);
	expect(api.seen).toHaveLength(3);
	const said = warn.mock.calls.map((c) => String(c[0])).join('\n');
	expect(said).toMatch(/recovery read 2 pages of the delivery log and stopped: the API served the same page again .* Deliveries before 2026-11-26T10:00:00.000Z and back to the last check \(2026-11-20T00:00:00.000Z\) were not checked for failures; the workflow is activated/);
	expect(said).not.toContain('sk_test');
	// the check is done: the next activation starts from now
	expect(Date.parse(String(t.staticData()!.recoveredUntil))).toBeGreaterThan(Date.parse('2026-11-26T00:00:00.000Z'));
});

test(`Trigger activation against a log that never ends (each page older than the last): at most 50 pages, activated`, async () => {
	let triggerUrl = '';
	api = await standIn((seen, count) => {
		if (seen.path === '/v1/webhooks') return { webhooks: [{ id: 'wh_1', url: triggerUrl, events: ['post.published'], is_active: true }] };
		const at = Date.parse(CREATED) - count * 1000;
		return { deliveries: samePage(200).map((d, i) => ({ ...d, id: `d${count}_${i}`, created_at: new Date(at - i).toISOString() })), has_more: count < GIVE_UP };
	});
	jest.spyOn(n8nLogger(), 'warn').mockImplementation(() => undefined);
	const t = triggerHarness({ apiKey: 'sk_test', baseUrl: api.url }, { events: ['post.published'] });
	triggerUrl = t.url;
	t.workflow.staticData[`node:${t.node.name}`] = { webhookId: 'wh_1', secret: 'whsec_x', recoveredUntil: '2020-01-01T00:00:00.000Z' };
	expect(await t.hook('checkExists')).toBe(true);
	expect(api.seen.filter((s) => s.path.endsWith('/deliveries'))).toHaveLength(50);
});

describe('Return All ends', () => {
	const pages = (count: number) => Array.from({ length: 100 }, (_, i) => ({ id: `page_${count}_${i}`, title: `Page ${i}` }));

	test('Commerce → Page → Get Many, Return All, against a server repeating the same nextCursor: a clear error after 2 pages', async () => {
		api = await standIn((_seen, count) => ({ pages: pages(count), nextCursor: count < GIVE_UP ? 'cur_same' : null }));
		const r = await runNode({ node: 'storefrontCommerce', parameters: { resource: 'page', operation: 'getAll', accountId: 'store_hosted', returnAll: true }, credentials: { apiKey: 'sk_test', baseUrl: api.url } });
		expect(api.seen.map((s) => s.query)).toEqual([
			{ accountId: 'store_hosted', limit: '100' },
			{ accountId: 'store_hosted', limit: '100', cursor: 'cur_same' },
		]);
		expect(r.error?.message).toBe('The API served the same page again after 2 pages');
		expect(r.error?.description).toMatch(/did not move, so reading on would never end; nothing more was read\. Turn off "Return All" and set a "Limit", or narrow the list with the operation's filters\./);
	});

	test('the same page served again under a moving cursor (a server ignoring it): the same error; Continue On Fail gives an error item paired with its input', async () => {
		api = await standIn((_seen, count) => ({ pages: pages(0), nextCursor: count < GIVE_UP ? `cur_${count}` : null }));
		const r = await runNode({
			node: 'storefrontCommerce',
			parameters: { resource: 'page', operation: 'getAll', accountId: 'store_hosted', returnAll: true },
			credentials: { apiKey: 'sk_test', baseUrl: api.url },
			continueOnFail: true,
		});
		expect(api.seen).toHaveLength(2);
		expect(r.items).toHaveLength(1);
		expect((r.items[0] as { error?: Error }).error?.message).toBe('The API served the same page again after 2 pages');
		expect(r.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Delivery → Get Many, Return All, against a log whose `before` paging returns the same page: a clear error after 2 pages', async () => {
		api = await standIn((_seen, count) => ({ deliveries: samePage(200), has_more: count < GIVE_UP }));
		const r = await runNode({ node: 'storefrontWebhooks', parameters: { resource: 'delivery', operation: 'getAll', webhookId: byId('wh_1'), returnAll: true }, credentials: { apiKey: 'sk_test', baseUrl: api.url } });
		expect(api.seen.map((s) => s.query)).toEqual([{ limit: '100' }, { limit: '100', before: CREATED }]);
		expect(r.error?.message).toBe('The API served the same page again after 2 pages');
	});

	test(`a list that never ends (a new cursor and new rows each time): an error naming the cap after ${MAX_PAGES} pages`, async () => {
		api = await standIn((_seen, count) => ({ pages: pages(count), nextCursor: `cur_${count}` }));
		const r = await runNode({ node: 'storefrontCommerce', parameters: { resource: 'page', operation: 'getAll', accountId: 'store_hosted', returnAll: true }, credentials: { apiKey: 'sk_test', baseUrl: api.url } });
		expect(api.seen).toHaveLength(MAX_PAGES);
		expect(r.error?.message).toBe(`Return All stopped at ${MAX_PAGES} pages`);
		expect(r.error?.description).toMatch(/reads at most 1000 pages in one run\. Turn off "Return All" and set a "Limit"/);
	}, 120_000);
});

describe("the editor's From list ends", () => {
	/** The editor scrolling a list: it asks again with each token handed back, while there is one (here at most 10 times). */
	async function scroll(list: string, parameters: Record<string, unknown>) {
		const search = nodeType('storefrontCommerce').methods!.listSearch![list];
		const ctx = loadOptionsContext('storefrontCommerce', parameters as never, { apiKey: 'sk_test', baseUrl: api!.url }) as unknown as ILoadOptionsFunctions;
		const tokens: Array<string | number | undefined> = [];
		let token: string | undefined;
		for (let asked = 0; asked < 10; asked++) {
			const page = await search.call(ctx, undefined, token);
			tokens.push(page.paginationToken);
			if (!page.paginationToken) break;
			token = String(page.paginationToken);
		}
		return tokens;
	}

	test('Page, From list, against a server repeating the same nextCursor: no token after the page that did not move, so the editor stops after 2 requests', async () => {
		api = await standIn((_seen, count) => ({ pages: Array.from({ length: 100 }, (_, i) => ({ id: `page_${count}_${i}`, title: `Page ${i}` })), nextCursor: count < GIVE_UP ? 'cur_same' : null }));
		expect(await scroll('searchPages', { resource: 'page', operation: 'get', accountId: 'store_hosted' })).toEqual(['cur_same', undefined]);
		expect(api.seen.map((s) => s.query)).toEqual([
			{ accountId: 'store_hosted', limit: '100' },
			{ accountId: 'store_hosted', limit: '100', cursor: 'cur_same' },
		]);
	});

	test('a cursor that moves is handed on page after page', async () => {
		api = await standIn((_seen, count) => ({ pages: [{ id: `page_${count}`, title: `Page ${count}` }], nextCursor: count < 3 ? `cur_${count}` : null }));
		expect(await scroll('searchPages', { resource: 'page', operation: 'get', accountId: 'store_hosted' })).toEqual(['cur_1', 'cur_2', undefined]);
		expect(api.seen).toHaveLength(3);
	});
});
