import { byId, useFakeApi } from '../../harness/context';
import { HOSTED, seedRedirects } from './helpers';

const ctx = useFakeApi('storefrontCommerce');
const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'redirect', accountId: HOSTED, ...parameters } as never);
const sent = (r: Awaited<ReturnType<typeof run>>) => r.requests.map((q) => [q.method, q.path, q.query, q.body]);

test('Create: POST path and target; 201; the output is the redirect', async () => {
	const r = await run({ operation: 'create', path: '/old-sale', target: 'https://example.com/sale' });
	expect(sent(r)).toEqual([['POST', '/v1/commerce/redirects', {}, { accountId: HOSTED, path: '/old-sale', target: 'https://example.com/sale' }]]);
	expect(r.requests[0].status).toBe(201);
	expect(r.json).toEqual([{ id: expect.stringMatching(/^gid_redirect_/), path: '/old-sale', target: 'https://example.com/sale' }]);
});

test('a path without a leading / is refused before the call', async () => {
	const r = await run({ operation: 'create', path: 'old-sale', target: '/new' });
	expect(r.error?.message).toBe('Redirect path "old-sale" must start with "/"');
	expect(r.requests).toHaveLength(0);
});

test('Update: PATCH only the fields set; the path is checked too', async () => {
	const [redirect] = seedRedirects(ctx.api, 1);
	const r = await run({ operation: 'update', redirectId: byId(redirect.id), updateFields: { target: '/brand-new' } });
	expect(sent(r)).toEqual([['PATCH', `/v1/commerce/redirects/${redirect.id}`, {}, { accountId: HOSTED, target: '/brand-new' }]]);
	expect(r.json).toEqual([{ id: redirect.id, path: '/old-0', target: '/brand-new' }]);
	const bad = await run({ operation: 'update', redirectId: byId(redirect.id), updateFields: { path: 'x' } });
	expect(bad.error?.message).toBe('Redirect path "x" must start with "/"');
	expect(bad.requests).toHaveLength(0);
});

test('Delete: DELETE with accountId in the query', async () => {
	const [redirect] = seedRedirects(ctx.api, 1);
	const r = await run({ operation: 'delete', redirectId: byId(redirect.id) });
	expect(sent(r)).toEqual([['DELETE', `/v1/commerce/redirects/${redirect.id}`, { accountId: HOSTED }, undefined]]);
	expect(r.json).toEqual([{ deleted: true, redirectId: redirect.id }]);
});

test('Get Many: Return All across 3 pages with the path search on every page', async () => {
	seedRedirects(ctx.api, 260);
	const r = await run({ operation: 'getAll', returnAll: true, filters: { query: 'old-1' } });
	// /old-1, /old-10..19, /old-100..199: 111 paths
	expect(r.json).toHaveLength(111);
	expect(r.requests.map((q) => q.query)).toEqual([
		{ accountId: HOSTED, query: 'old-1', limit: '100' },
		{ accountId: HOSTED, query: 'old-1', limit: '100', cursor: expect.any(String) },
	]);
	const all = await run({ operation: 'getAll', returnAll: true });
	expect(all.requests).toHaveLength(3);
	expect(all.json).toHaveLength(260);
});

test('Get Many: Limit smaller than a page', async () => {
	seedRedirects(ctx.api, 20);
	const r = await run({ operation: 'getAll', returnAll: false, limit: 3 });
	expect(r.requests.map((q) => q.query)).toEqual([{ accountId: HOSTED, limit: '3' }]);
	expect(r.json.map((x) => x.path)).toEqual(['/old-0', '/old-1', '/old-2']);
});
