import { page as pageSchema } from '../../fake-api/contract/commerce';
import { byId, useFakeApi } from '../../harness/context';
import { KEYS } from '../../fake-api';
import { HOSTED, seedPages } from './helpers';

const ctx = useFakeApi('storefrontCommerce');
const run = (parameters: Record<string, unknown>, extra = {}) =>
	ctx.run({ resource: 'page', accountId: HOSTED, ...parameters } as never, extra);

test('Create: POST with accountId in the body; 201; the output is the page', async () => {
	const r = await run({
		operation: 'create',
		title: 'About us',
		additionalFields: { handle: 'about', bodyHtml: '<h1>Hi</h1>', isPublished: false },
	});
	expect(r.error).toBeUndefined();
	expect(r.requests).toHaveLength(1);
	expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/v1/commerce/pages', query: {}, status: 201 });
	expect(r.requests[0].headers.authorization).toBe(`Bearer ${KEYS.full}`);
	expect(r.requests[0].body).toEqual({ accountId: HOSTED, title: 'About us', handle: 'about', bodyHtml: '<h1>Hi</h1>', isPublished: false });
	expect(r.json).toHaveLength(1);
	expect(pageSchema.parse(r.json[0])).toEqual(r.json[0]);
	expect(r.json[0]).toMatchObject({ title: 'About us', handle: 'about', isPublished: false, publishedAt: null, platform: 'hostedstore' });
});

test('Get: GET with accountId in the query; the output is the page with its body', async () => {
	const [page] = seedPages(ctx.api, 1);
	const r = await run({ operation: 'get', pageId: byId(page.id) });
	expect(r.requests.map((q) => [q.method, q.path, q.query, q.body])).toEqual([
		['GET', `/v1/commerce/pages/${page.id}`, { accountId: HOSTED }, undefined],
	]);
	expect(r.json).toEqual([page]);
});

test('Update: PATCH sends only the fields set', async () => {
	const [page] = seedPages(ctx.api, 1);
	const r = await run({ operation: 'update', pageId: byId(page.id), updateFields: { title: 'New title', isPublished: false } });
	expect(r.requests.map((q) => [q.method, q.path, q.query, q.body])).toEqual([
		['PATCH', `/v1/commerce/pages/${page.id}`, {}, { accountId: HOSTED, title: 'New title', isPublished: false }],
	]);
	expect(r.json[0]).toMatchObject({ id: page.id, title: 'New title', handle: 'page-0', bodyHtml: '<p>0</p>', isPublished: false });
});

test('Update with no fields is refused before the call', async () => {
	const [page] = seedPages(ctx.api, 1);
	const r = await run({ operation: 'update', pageId: byId(page.id), updateFields: {} });
	expect(r.error?.message).toBe('Nothing to update');
	expect(r.requests).toHaveLength(0);
});

test('Delete: DELETE with accountId in the query; the output is {deleted, pageId}', async () => {
	const [page] = seedPages(ctx.api, 1);
	const r = await run({ operation: 'delete', pageId: byId(page.id) });
	expect(r.requests.map((q) => [q.method, q.path, q.query, q.body])).toEqual([
		['DELETE', `/v1/commerce/pages/${page.id}`, { accountId: HOSTED }, undefined],
	]);
	expect(r.json).toEqual([{ deleted: true, pageId: page.id }]);
	expect(ctx.api.commerce.store(HOSTED).pages).toHaveLength(0);
});

describe('Delete under n8n\'s Retry On Fail: a page an earlier try deleted is reported deleted, not "not found"', () => {
	const retryOnFail = { settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 } };

	test('the first try\'s answers were all lost (it deleted the page, then found it gone)', async () => {
		const [page] = seedPages(ctx.api, 1);
		ctx.api.injectFault({ type: 'lostAnswer' }, 3, { method: 'DELETE' });
		const r = await run({ operation: 'delete', pageId: byId(page.id) }, retryOnFail);
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.status])).toEqual([['DELETE', 503], ['DELETE', 503], ['DELETE', 503], ['DELETE', 404]]);
		expect(r.json).toEqual([expect.objectContaining({ deleted: true, pageId: page.id, alreadyDeleted: true })]);
	});

	test('the first try deleted the page and failed on the next item', async () => {
		const [first, second] = seedPages(ctx.api, 2);
		ctx.api.injectFault({ type: 'status', status: 500 }, 1, { method: 'DELETE', path: `/v1/commerce/pages/${second.id}` });
		const r = await run({ operation: 'delete', pageId: byId('={{ $json.id }}') }, { ...retryOnFail, items: [{ id: first.id }, { id: second.id }] });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.path, q.status])).toEqual([
			[`/v1/commerce/pages/${first.id}`, 200],
			[`/v1/commerce/pages/${second.id}`, 500],
			[`/v1/commerce/pages/${first.id}`, 404],
			[`/v1/commerce/pages/${second.id}`, 200],
		]);
		expect(r.json).toEqual([expect.objectContaining({ deleted: true, pageId: first.id, alreadyDeleted: true }), { deleted: true, pageId: second.id }]);
	});
});

describe('Get Many (cursor list)', () => {
	test('Return All follows nextCursor across 3 pages, keeping accountId and the query on every page', async () => {
		seedPages(ctx.api, 250);
		const r = await run({ operation: 'getAll', returnAll: true, filters: { query: 'title:summer' } });
		expect(r.error).toBeUndefined();
		expect(r.json).toHaveLength(125);
		expect(r.requests).toHaveLength(2);
		expect(r.requests[0].query).toEqual({ accountId: HOSTED, query: 'title:summer', limit: '100' });
		expect(r.requests[1].query).toEqual({ accountId: HOSTED, query: 'title:summer', limit: '100', cursor: expect.any(String) });
		for (const p of r.json) expect(p.title).toMatch(/^Summer/);

		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.requests).toHaveLength(3);
		expect(all.requests.map((q) => q.query.accountId)).toEqual([HOSTED, HOSTED, HOSTED]);
		expect(all.json).toHaveLength(250);
		expect(new Set(all.json.map((p) => p.id)).size).toBe(250);
		expect(all.json[0]).not.toHaveProperty('bodyHtml');
	});

	test('Limit smaller than a page asks for exactly that many, one item per page record', async () => {
		seedPages(ctx.api, 30);
		const r = await run({ operation: 'getAll', returnAll: false, limit: 7 });
		expect(r.requests.map((q) => q.query)).toEqual([{ accountId: HOSTED, limit: '7' }]);
		expect(r.json).toHaveLength(7);
		expect(r.json[0].id).toBe('gid_page_seed0000');
	});

	test('Limit across pages is exact', async () => {
		seedPages(ctx.api, 250);
		const r = await run({ operation: 'getAll', returnAll: false, limit: 130 });
		expect(r.requests.map((q) => q.query.limit)).toEqual(['100', '30']);
		expect(r.json).toHaveLength(130);
	});
});
