import { nodeType } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { HOSTED } from './helpers';

const ctx = useFakeApi('storefrontCommerce');
const run = (parameters: Record<string, unknown>, extra = {}) =>
	ctx.run({ resource: 'menu', accountId: HOSTED, ...parameters } as never, extra);
const sent = (r: Awaited<ReturnType<typeof run>>) => r.requests.map((q) => [q.method, q.path, q.query, q.body]);

const tree = [
	{ title: 'Shop', type: 'HTTP', url: '/collections/all', items: [{ title: 'New', type: 'HTTP', url: '/collections/new' }] },
	{ title: 'About', type: 'PAGE', resourceId: 'gid_page_1' },
];

async function createMenu() {
	const r = await run({ operation: 'create', title: 'Main', handle: 'main', itemsInput: 'json', itemsJson: JSON.stringify(tree) });
	return r.json[0] as { id: string };
}

test('Create from a nested JSON tree: POST title, handle and items; 201; items get ids', async () => {
	const r = await run({ operation: 'create', title: 'Main', handle: 'main', itemsInput: 'json', itemsJson: JSON.stringify(tree) });
	expect(r.error).toBeUndefined();
	expect(sent(r)).toEqual([['POST', '/v1/commerce/menus', {}, { accountId: HOSTED, title: 'Main', handle: 'main', items: tree }]]);
	expect(r.requests[0].status).toBe(201);
	expect(r.json[0]).toMatchObject({ title: 'Main', handle: 'main', items: [{ title: 'Shop', items: [{ title: 'New' }] }, { title: 'About' }] });
	expect((r.json[0].items as Array<{ id: string }>)[0].id).toMatch(/^gid_menuitem_/);
});

test('Create from the simple list', async () => {
	const r = await run({
		operation: 'create',
		title: 'Footer',
		handle: 'footer',
		itemsInput: 'list',
		items: { item: [{ title: 'Contact', type: 'HTTP', url: '/pages/contact', resourceId: '' }, { title: 'FAQ', type: 'HTTP', url: '/pages/faq' }] },
	});
	expect(r.requests[0].body).toEqual({
		accountId: HOSTED,
		title: 'Footer',
		handle: 'footer',
		items: [
			{ title: 'Contact', type: 'HTTP', url: '/pages/contact' },
			{ title: 'FAQ', type: 'HTTP', url: '/pages/faq' },
		],
	});
});

test('more than 100 items in the whole tree are refused before the call, naming the count', async () => {
	const big = Array.from({ length: 20 }, (_, i) => ({ title: `T${i}`, items: Array.from({ length: 5 }, (_x, j) => ({ title: `C${j}` })) }));
	const r = await run({ operation: 'create', title: 'Big', handle: 'big', itemsInput: 'json', itemsJson: JSON.stringify(big) });
	expect(r.error?.message).toBe('The menu has 120 items (nested ones included); the API accepts at most 100');
	expect(r.requests).toHaveLength(0);
});

test('an invalid tree is refused naming the item position', async () => {
	const r = await run(
		{ operation: 'create', title: 'Bad', handle: 'bad', itemsInput: 'json', itemsJson: '={{ $json.tree }}' },
		{ items: [{ tree: JSON.stringify([{ title: 'ok', items: [{ url: '/x' }] }]) }, { tree: '[{"title": "x", "colour": "red"}]' }, { tree: 'not json' }], continueOnFail: true },
	);
	expect(r.requests).toHaveLength(0);
	expect(r.items.map((i) => (i as { error?: Error }).error?.message)).toEqual([
		'Menu item items[0].items[0] has no title',
		'Menu item items[0] has unknown fields: colour',
		'Items (JSON) is not valid JSON',
	]);
});

test('Get: GET by id with accountId in the query', async () => {
	const menu = await createMenu();
	const r = await run({ operation: 'get', menuId: byId(menu.id) });
	expect(sent(r)).toEqual([['GET', `/v1/commerce/menus/${menu.id}`, { accountId: HOSTED }, undefined]]);
	expect(r.json[0]).toMatchObject({ id: menu.id, title: 'Main' });
});

test('Get Many: every menu as its own item; Limit applies', async () => {
	await createMenu();
	await createMenu();
	const r = await run({ operation: 'getAll', returnAll: true });
	expect(sent(r)).toEqual([['GET', '/v1/commerce/menus', { accountId: HOSTED }, undefined]]);
	expect(r.json).toHaveLength(2);
	expect((await run({ operation: 'getAll', returnAll: false, limit: 1 })).json).toHaveLength(1);
});

test('Replace: PUT title and the whole item tree', async () => {
	const menu = await createMenu();
	const r = await run({
		operation: 'replace',
		menuId: byId(menu.id),
		title: 'Main v2',
		additionalFields: { handle: 'main-v2' },
		itemsInput: 'list',
		items: { item: [{ title: 'Only link', type: 'HTTP', url: '/' }] },
	});
	expect(sent(r)).toEqual([
		['PUT', `/v1/commerce/menus/${menu.id}`, {}, { accountId: HOSTED, title: 'Main v2', handle: 'main-v2', items: [{ title: 'Only link', type: 'HTTP', url: '/' }] }],
	]);
	expect(r.json[0]).toMatchObject({ title: 'Main v2', handle: 'main-v2', items: [{ title: 'Only link' }] });
	expect((r.json[0].items as unknown[]).length).toBe(1);
});

test('Delete: DELETE with accountId in the query', async () => {
	const menu = await createMenu();
	const r = await run({ operation: 'delete', menuId: byId(menu.id) });
	expect(sent(r)).toEqual([['DELETE', `/v1/commerce/menus/${menu.id}`, { accountId: HOSTED }, undefined]]);
	expect(r.json).toEqual([{ deleted: true, menuId: menu.id }]);
});

describe('Get → Replace round trip (fix 5)', () => {
	test('items as Get returns them (with id) are accepted; kept items keep their ids', async () => {
		const menu = await createMenu();
		const got = await run({ operation: 'get', menuId: byId(menu.id) });
		const items = got.json[0].items as Array<{ id: string; title: string; items: Array<{ id: string; title: string }> }>;
		expect(items[0].id).toMatch(/^gid_menuitem_/);
		const edited = JSON.parse(JSON.stringify(items));
		edited[1].title = 'About us';

		const r = await run({ operation: 'replace', menuId: byId(menu.id), title: 'Main', itemsInput: 'json', itemsJson: JSON.stringify(edited) });
		expect(r.error).toBeUndefined();
		expect(r.requests[0].status).toBe(200);
		expect(sent(r)).toEqual([
			[
				'PUT',
				`/v1/commerce/menus/${menu.id}`,
				{},
				{
					accountId: HOSTED,
					title: 'Main',
					items: [
						{ id: items[0].id, title: 'Shop', type: 'HTTP', url: '/collections/all', items: [{ id: items[0].items[0].id, title: 'New', type: 'HTTP', url: '/collections/new', items: [] }] },
						{ id: items[1].id, title: 'About us', type: 'PAGE', resourceId: 'gid_page_1', items: [] },
					],
				},
			],
		]);
		expect(r.json[0]).toMatchObject({
			id: menu.id,
			items: [
				{ id: items[0].id, title: 'Shop', items: [{ id: items[0].items[0].id, title: 'New' }] },
				{ id: items[1].id, title: 'About us' },
			],
		});
	});

	test('mapped from the Get output by an expression, with a new item and an unknown id', async () => {
		const menu = await createMenu();
		const got = await run({ operation: 'get', menuId: byId(menu.id) });
		const items = [...(got.json[0].items as Array<{ id: string }>), { id: 'gid_menuitem_elsewhere', title: 'Sale', url: '/sale' }, { title: 'Blog', url: '/blog' }];
		const r = await run(
			{ operation: 'replace', menuId: byId(menu.id), title: 'Main', itemsInput: 'json', itemsJson: '={{ $json.items }}' },
			{ items: [{ items }] },
		);
		expect(r.error).toBeUndefined();
		const out = r.json[0].items as Array<{ id: string; title: string }>;
		expect(out.map((i) => i.title)).toEqual(['Shop', 'About', 'Sale', 'Blog']);
		expect(out.slice(0, 2).map((i) => i.id)).toEqual(items.slice(0, 2).map((i) => i.id));
		// the unknown id is ignored and a new one assigned
		expect(out[2].id).not.toBe('gid_menuitem_elsewhere');
		expect(new Set(out.map((i) => i.id)).size).toBe(4);
	});

	test('the fake API: an item id is accepted on POST (a new one assigned), other unknown item fields are a 400', async () => {
		const post = (items: unknown) =>
			fetch(`${ctx.api.url}/v1/commerce/menus`, {
				method: 'POST',
				headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({ accountId: HOSTED, title: 'M', handle: 'm', items }),
			});
		const ok = await post([{ id: 'gid_menuitem_x', title: 'A' }]);
		expect(ok.status).toBe(201);
		expect(((await ok.json()) as { menu: { items: Array<{ id: string }> } }).menu.items[0].id).not.toBe('gid_menuitem_x');
		const bad = await post([{ id: 'gid_menuitem_x', title: 'A', colour: 'red' }]);
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
	});
});

test('Items (JSON) help text names the limit (fix 16)', () => {
	const description = nodeType('storefrontCommerce').description.properties.find((p) => p.name === 'itemsJson')?.description;
	expect(description).toContain('At most 100 items in the whole tree.');
	expect(description).not.toMatch(/At most\s*,/);
});
