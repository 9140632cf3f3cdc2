import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptionsContext, nodeType } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { KEYS } from '../../fake-api';
import { HOSTED, seedMetaobjects, seedPages, seedRedirects } from './helpers';

const ctx = useFakeApi('storefrontCommerce');
const search = nodeType('storefrontCommerce').methods!.listSearch!;
const context = (parameters: Record<string, unknown>) =>
	loadOptionsContext('storefrontCommerce', { accountId: HOSTED, ...parameters } as never, {
		apiKey: KEYS.full,
		baseUrl: ctx.api.url,
	}) as unknown as ILoadOptionsFunctions;

test('pages: server-side search and cursor paging through the pagination token', async () => {
	seedPages(ctx.api, 130);
	const first = await search.searchPages.call(context({ resource: 'page' }));
	expect(first.results).toHaveLength(100);
	expect(ctx.api.lastRequest().query).toEqual({ accountId: HOSTED, limit: '100' });
	const second = await search.searchPages.call(context({ resource: 'page' }), undefined, first.paginationToken as string);
	expect(second.results).toHaveLength(30);
	expect(second.paginationToken).toBeUndefined();
	const filtered = await search.searchPages.call(context({}), 'title:summer');
	expect(ctx.api.lastRequest().query).toEqual({ accountId: HOSTED, limit: '100', query: 'title:summer' });
	expect(filtered.results.every((r) => r.name.startsWith('Summer'))).toBe(true);
});

test('metaobjects: listed for the chosen definition type; without one, the list says to choose it first', async () => {
	seedMetaobjects(ctx.api, 3);
	await expect(search.searchMetaobjects.call(context({}))).rejects.toMatchObject({ message: 'Choose a Definition Type first', description: expect.stringMatching(/^This list shows the metaobjects of the chosen Definition Type\./) });
	const r = await search.searchMetaobjects.call(context({ resource: 'metaobject', operation: 'get', listType: byId('designer') }));
	expect(r.results[0]).toEqual({ name: 'Name 0 (designer-0)', value: 'gid_metaobject_seed0', url: undefined });
	expect(ctx.api.lastRequest().query).toEqual({ accountId: HOSTED, type: 'designer', limit: '100' });
});

test('definition types, menus, redirects and catalog syncs', async () => {
	const types = await search.searchMetaobjectTypes.call(context({}));
	expect(types.results.map((r) => r.value)).toEqual(['designer', 'faq']);
	expect((await search.searchMetaobjectTypes.call(context({}), 'FAQ')).results.map((r) => r.value)).toEqual(['faq']);

	ctx.api.commerce.store(HOSTED).menus.push({ id: 'gid_menu_1', handle: 'main', title: 'Main menu', items: [] });
	expect((await search.searchMenus.call(context({}))).results).toEqual([{ name: 'Main menu (main)', value: 'gid_menu_1', url: undefined }]);

	seedRedirects(ctx.api, 2);
	expect((await search.searchRedirects.call(context({}), 'old-1')).results).toEqual([{ name: '/old-1 → /new-1', value: 'gid_redirect_seed1', url: undefined }]);

	await ctx.run({ resource: 'catalogSync', operation: 'create', accountId: HOSTED, catalogAccountId: 'b', catalogId: 'c9' } as never);
	expect((await search.searchCatalogSyncs.call(context({}))).results[0].name).toBe('Catalog c9 (pending)');
});

test('an ID typed into the search finds its row where the list is filtered here (menus, catalog syncs, metaobjects): the filter reads the ID as well as the name', async () => {
	const menus = ctx.api.commerce.store(HOSTED).menus;
	menus.push({ id: 'gid_menu_1', handle: 'main', title: 'Main menu', items: [] }, { id: 'gid_menu_2', handle: 'footer', title: 'Footer', items: [] });
	expect((await search.searchMenus.call(context({}), 'gid_menu_2')).results).toEqual([{ name: 'Footer (footer)', value: 'gid_menu_2', url: undefined }]);
	expect((await search.searchMenus.call(context({}), 'GID_MENU_1')).results.map((r) => r.value)).toEqual(['gid_menu_1']);
	expect(ctx.api.lastRequest().query).toEqual({ accountId: HOSTED });

	await ctx.run({ resource: 'catalogSync', operation: 'create', accountId: HOSTED, catalogAccountId: 'b', catalogId: 'c5' } as never);
	const [sync] = (await search.searchCatalogSyncs.call(context({}))).results;
	expect(sync.name).not.toContain(String(sync.value));
	expect((await search.searchCatalogSyncs.call(context({}), String(sync.value))).results).toEqual([sync]);

	seedMetaobjects(ctx.api, 3);
	const typed = await search.searchMetaobjects.call(context({ resource: 'metaobject', operation: 'get', listType: byId('designer') }), 'gid_metaobject_seed2');
	expect(typed.results.map((r) => r.value)).toEqual(['gid_metaobject_seed2']);
});

test('catalog syncs on Get / Run Now / Delete (no Store Account shown): listed for "Store Account (for the List)" (fix 17)', async () => {
	await ctx.run({ resource: 'catalogSync', operation: 'create', accountId: HOSTED, catalogAccountId: 'b', catalogId: 'c7' } as never);
	const credentials = { apiKey: KEYS.full, baseUrl: ctx.api.url };
	const withoutAccount = loadOptionsContext('storefrontCommerce', { resource: 'catalogSync', operation: 'get' } as never, credentials) as unknown as ILoadOptionsFunctions;
	ctx.api.clearRequests();
	await expect(search.searchCatalogSyncs.call(withoutAccount)).rejects.toMatchObject({ message: 'Choose a Store Account (for the List) first' });
	expect(ctx.api.requests).toHaveLength(0);
	const listed = loadOptionsContext('storefrontCommerce', { resource: 'catalogSync', operation: 'get', listAccountId: HOSTED } as never, credentials) as unknown as ILoadOptionsFunctions;
	expect((await search.searchCatalogSyncs.call(listed)).results.map((r) => r.name)).toContain('Catalog c7 (pending)');
	expect(ctx.api.lastRequest().query).toEqual({ accountId: HOSTED });
});

test('no store account yet: the list says to choose it first, and asks the API nothing', async () => {
	ctx.api.clearRequests();
	await expect(search.searchPages.call(context({ accountId: '' }))).rejects.toMatchObject({
		message: 'Choose a Store Account first',
		description: 'This list shows the pages of the chosen Store Account. Choose one above, or switch to By ID.',
		httpCode: null,
	});
	expect(ctx.api.requests).toHaveLength(0);
});
