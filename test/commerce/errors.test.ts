import { byId, useFakeApi } from '../../harness/context';
import { errorText } from '../../harness';
import { KEYS } from '../../fake-api';
import { HOSTED, PLUGIN, seedPages } from './helpers';

const ctx = useFakeApi('storefrontCommerce');

describe('hosted-only endpoints on a pluginstore account explain the rule', () => {
	const id = byId('gid_x');
	test.each([
		['menu getAll', { resource: 'menu', operation: 'getAll', returnAll: true }, 'GET /v1/commerce/menus'],
		['menu create', { resource: 'menu', operation: 'create', title: 'M', handle: 'm', itemsInput: 'list', items: {} }, 'POST /v1/commerce/menus'],
		['menu get', { resource: 'menu', operation: 'get', menuId: id }, 'GET /v1/commerce/menus/gid_x'],
		['menu delete', { resource: 'menu', operation: 'delete', menuId: id }, 'DELETE /v1/commerce/menus/gid_x'],
		['metaobject getAll', { resource: 'metaobject', operation: 'getAll', type: byId('designer'), returnAll: true }, 'GET /v1/commerce/metaobjects'],
		['metaobject create', { resource: 'metaobject', operation: 'create', type: byId('designer'), fields: { field: [{ key: 'name', value: 'x' }] } }, 'POST /v1/commerce/metaobjects'],
		['metaobject get', { resource: 'metaobject', operation: 'get', metaobjectId: id }, 'GET /v1/commerce/metaobjects/gid_x'],
		['metaobject delete', { resource: 'metaobject', operation: 'delete', metaobjectId: id }, 'DELETE /v1/commerce/metaobjects/gid_x'],
		['redirect getAll', { resource: 'redirect', operation: 'getAll', returnAll: true }, 'GET /v1/commerce/redirects'],
		['redirect create', { resource: 'redirect', operation: 'create', path: '/a', target: '/b' }, 'POST /v1/commerce/redirects'],
		['redirect update', { resource: 'redirect', operation: 'update', redirectId: id, updateFields: { target: '/c' } }, 'PATCH /v1/commerce/redirects/gid_x'],
		['redirect delete', { resource: 'redirect', operation: 'delete', redirectId: id }, 'DELETE /v1/commerce/redirects/gid_x'],
		['marketing delete', { resource: 'marketingActivity', operation: 'delete', remoteId: 'r1' }, 'DELETE /v1/commerce/marketing-activities/r1'],
	])('%s', async (_name, parameters, endpoint) => {
		const r = await ctx.run({ accountId: PLUGIN, ...parameters } as never);
		expect(r.requests).toHaveLength(1);
		expect(`${r.requests[0].method} ${r.requests[0].path}`).toBe(endpoint);
		expect(r.requests[0].status).toBe(422);
		expect(r.error?.message).toBe('This operation works on hosted stores only');
		expect(r.error?.description).toContain('plugin-based platform');
		expect(r.error?.description).toContain(endpoint);
	});

	test('pages work on both platforms', async () => {
		const r = await ctx.run({ resource: 'page', operation: 'create', accountId: PLUGIN, title: 'Hi' } as never);
		expect(r.error).toBeUndefined();
		expect(r.json[0].platform).toBe('pluginstore');
	});
});

describe('a key without the scope gets the scope named', () => {
	test.each([
		['page create', { resource: 'page', operation: 'create', title: 'x' }, 'pages.write'],
		['redirect getAll', { resource: 'redirect', operation: 'getAll', returnAll: true }, 'navigation.read'],
		['menu replace', { resource: 'menu', operation: 'replace', menuId: byId('m'), title: 't', itemsInput: 'list', items: {} }, 'navigation.write'],
		['metaobject update', { resource: 'metaobject', operation: 'update', metaobjectId: byId('m'), fields: { field: [{ key: 'a', value: 'b' }] } }, 'metaobjects.write'],
		['definitions', { resource: 'metaobjectDefinition', operation: 'getAll', returnAll: true }, 'metaobjects.read'],
		['marketing upsert', { resource: 'marketingActivity', operation: 'upsert', remoteId: 'r', title: 't', url: 'https://e.com', tactic: 'AD', channel: 'SOCIAL', status: 'ACTIVE' }, 'marketing.write'],
	])('%s needs %s', async (_name, parameters, scope) => {
		ctx.apiKey = KEYS.pagesRead;
		const r = await ctx.run({ accountId: HOSTED, ...parameters } as never);
		expect(r.requests[0].status).toBe(403);
		expect(r.error?.message).toBe(`The API key lacks the "${scope}" scope`);
		expect(r.error?.description).toContain(`Add the "${scope}" scope`);
		expect(errorText(r.error)).not.toContain(KEYS.pagesRead);
	});

	test('catalog syncs need no scope', async () => {
		ctx.apiKey = KEYS.pagesRead;
		const r = await ctx.run({ resource: 'catalogSync', operation: 'getAll', accountId: HOSTED, returnAll: true } as never);
		expect(r.error).toBeUndefined();
	});
});

test('404 names the id', async () => {
	const r = await ctx.run({ resource: 'page', operation: 'get', accountId: HOSTED, pageId: byId('gid_page_nope') } as never);
	expect(r.error?.message).toBe('Not found: Page gid_page_nope was not found');
});

test('an unknown store account is a 404 naming it', async () => {
	const r = await ctx.run({ resource: 'page', operation: 'getAll', accountId: 'store_nope', returnAll: true } as never);
	expect(r.error?.message).toBe('Not found: Store account store_nope was not found');
});

test('an empty store account is refused before the call', async () => {
	const r = await ctx.run({ resource: 'page', operation: 'getAll', accountId: ' ', returnAll: true } as never);
	expect(r.error?.message).toBe('Store Account is empty');
	expect(r.requests).toHaveLength(0);
});

test('a 503 in the middle of Return All is resent; one on every attempt fails the item, with Continue On Fail an error item', async () => {
	seedPages(ctx.api, 150);
	ctx.api.injectFault({ type: 'status', status: 503, retryAfter: 0 }, 1, { path: '/v1/commerce/pages' });
	const resent = await ctx.run({ resource: 'page', operation: 'getAll', accountId: HOSTED, returnAll: true } as never);
	expect(resent.error).toBeUndefined();
	expect(resent.items).toHaveLength(150);
	ctx.api.injectFault({ type: 'status', status: 503, retryAfter: 0 }, 3, { path: '/v1/commerce/pages' });
	const r = await ctx.run({ resource: 'page', operation: 'getAll', accountId: HOSTED, returnAll: true } as never, { continueOnFail: true });
	expect(r.items).toHaveLength(1);
	expect((r.items[0] as { error?: Error }).error?.message).toBe('The Storefront API had a server error');
});

test('Continue On Fail: every output item names its input item, error items included, when inputs give different numbers of items (a failed check or a failed call)', async () => {
	seedPages(ctx.api, 3);
	const lists = await ctx.run({ resource: 'page', operation: 'getAll', returnAll: true, accountId: '={{ $json.account }}' } as never, {
		items: [{ account: HOSTED }, { account: 'store_missing' }, { account: HOSTED }],
		continueOnFail: true,
	} as never);
	expect(lists.items.map((i) => [i.json.error === undefined ? 'page' : 'error', i.pairedItem])).toEqual([
		...Array(3).fill(['page', { item: 0 }]),
		['error', { item: 1 }],
		...Array(3).fill(['page', { item: 2 }]),
	]);
	// a check before the call (a redirect path must start with /) fails item 1 only
	const checks = await ctx.run({ resource: 'redirect', operation: 'create', accountId: HOSTED, path: '={{ $json.path }}', target: '/pages/x' } as never, {
		items: [{ path: '/a' }, { path: 'no-slash' }, { path: '/c' }],
		continueOnFail: true,
	} as never);
	expect(checks.items.map((i) => [i.json.error === undefined ? 'created' : 'error', i.pairedItem])).toEqual([
		['created', { item: 0 }],
		['error', { item: 1 }],
		['created', { item: 2 }],
	]);
	expect(checks.requests).toHaveLength(2);
});
