import { byId, fromList, useFakeApi } from '../../harness/context';
import { HOSTED, seedMetaobjects } from './helpers';

const ctx = useFakeApi('storefrontCommerce');
const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'metaobject', accountId: HOSTED, ...parameters } as never);
const sent = (r: Awaited<ReturnType<typeof run>>) => r.requests.map((q) => [q.method, q.path, q.query, q.body]);
const fields = (pairs: Array<[string, string]>) => ({ field: pairs.map(([key, value]) => ({ key, value })) });

test('Definition → Get Many: GET with accountId; one item per definition', async () => {
	const r = await ctx.run({ resource: 'metaobjectDefinition', operation: 'getAll', accountId: HOSTED, returnAll: true } as never);
	expect(sent(r)).toEqual([['GET', '/v1/commerce/metaobject-definitions', { accountId: HOSTED }, undefined]]);
	expect(r.json.map((d) => d.type)).toEqual(['designer', 'faq']);
});

test('Create: POST type, handle and key/value fields; 201', async () => {
	const r = await run({
		operation: 'create',
		type: fromList('designer'),
		fields: fields([['name', 'Ada'], ['bio', 'Makes hats']]),
		additionalFields: { handle: 'ada' },
	});
	expect(r.error).toBeUndefined();
	expect(sent(r)).toEqual([
		['POST', '/v1/commerce/metaobjects', {}, { accountId: HOSTED, type: 'designer', handle: 'ada', fields: [{ key: 'name', value: 'Ada' }, { key: 'bio', value: 'Makes hats' }] }],
	]);
	expect(r.requests[0].status).toBe(201);
	expect(r.json[0]).toMatchObject({ type: 'designer', handle: 'ada', displayName: 'Ada', fields: [{ key: 'name', type: 'single_line_text_field', value: 'Ada' }, { key: 'bio', value: 'Makes hats' }] });
});

test('more than 100 fields are refused before the call', async () => {
	const many = Array.from({ length: 101 }, (_, i): [string, string] => [`k${i}`, 'v']);
	const r = await run({ operation: 'create', type: byId('designer'), fields: fields(many) });
	expect(r.error?.message).toBe('101 fields given; the API accepts at most 100');
	expect(r.requests).toHaveLength(0);
});

test('Get: GET by id with accountId', async () => {
	const [m] = seedMetaobjects(ctx.api, 1);
	const r = await run({ operation: 'get', metaobjectId: byId(m.id) });
	expect(sent(r)).toEqual([['GET', `/v1/commerce/metaobjects/${m.id}`, { accountId: HOSTED }, undefined]]);
	expect(r.json).toEqual([m]);
});

test('Update: PATCH sends only the given fields; others keep their values', async () => {
	const [m] = seedMetaobjects(ctx.api, 1);
	const r = await run({ operation: 'update', metaobjectId: byId(m.id), fields: fields([['bio', 'New bio']]) });
	expect(sent(r)).toEqual([['PATCH', `/v1/commerce/metaobjects/${m.id}`, {}, { accountId: HOSTED, fields: [{ key: 'bio', value: 'New bio' }] }]]);
	expect(r.json[0].fields).toEqual([
		{ key: 'name', type: 'single_line_text_field', value: 'Name 0' },
		{ key: 'bio', type: 'multi_line_text_field', value: 'New bio' },
	]);
});

test('Delete: DELETE with accountId', async () => {
	const [m] = seedMetaobjects(ctx.api, 1);
	const r = await run({ operation: 'delete', metaobjectId: byId(m.id) });
	expect(sent(r)).toEqual([['DELETE', `/v1/commerce/metaobjects/${m.id}`, { accountId: HOSTED }, undefined]]);
	expect(r.json).toEqual([{ deleted: true, metaobjectId: m.id }]);
});

test('Get Many: Return All across 3 pages, type and accountId on every page', async () => {
	seedMetaobjects(ctx.api, 210);
	seedMetaobjects(ctx.api, 5, 'faq');
	const r = await run({ operation: 'getAll', type: fromList('designer'), returnAll: true });
	expect(r.json).toHaveLength(210);
	expect(r.requests.map((q) => q.query)).toEqual([
		{ accountId: HOSTED, type: 'designer', limit: '100' },
		{ accountId: HOSTED, type: 'designer', limit: '100', cursor: expect.any(String) },
		{ accountId: HOSTED, type: 'designer', limit: '100', cursor: expect.any(String) },
	]);
});

test('Get Many: Limit smaller than a page', async () => {
	seedMetaobjects(ctx.api, 10);
	const r = await run({ operation: 'getAll', type: byId('designer'), returnAll: false, limit: 4 });
	expect(r.requests.map((q) => q.query)).toEqual([{ accountId: HOSTED, type: 'designer', limit: '4' }]);
	expect(r.json).toHaveLength(4);
});

test('an unknown field key comes back as a 400 naming the field', async () => {
	const r = await run({ operation: 'create', type: byId('designer'), fields: fields([['colour', 'red']]) });
	expect(r.error?.message).toBe('The API rejected the request: fields.colour: not a field of designer');
});

test('Update: the handle is sent beside the fields', async () => {
	const [m] = seedMetaobjects(ctx.api, 1);
	const r = await run({ operation: 'update', metaobjectId: byId(m.id), fields: fields([['name', 'Ada']]), additionalFields: { handle: 'ada-2' } });
	expect(sent(r)).toEqual([['PATCH', `/v1/commerce/metaobjects/${m.id}`, {}, { accountId: HOSTED, handle: 'ada-2', fields: [{ key: 'name', value: 'Ada' }] }]]);
	expect(r.json[0]).toMatchObject({ id: m.id, handle: 'ada-2' });
});

test('one Definition Type field: Create and Get Many refuse an empty one before the call; Get, Update and Delete do not need it', async () => {
	for (const operation of ['create', 'getAll']) {
		const r = await run({ operation, type: byId(' '), fields: fields([['name', 'x']]), returnAll: true });
		expect(r.error?.message).toBe('Definition Type is empty');
		expect(r.requests).toHaveLength(0);
	}
	const [m] = seedMetaobjects(ctx.api, 1);
	const got = await run({ operation: 'get', metaobjectId: byId(m.id) });
	expect(got.error).toBeUndefined();
	expect(got.requests[0].query).toEqual({ accountId: HOSTED });
});
