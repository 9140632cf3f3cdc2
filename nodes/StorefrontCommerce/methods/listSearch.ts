import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { chooseFirst, currentParameter, listSearch } from '../../shared/listSearch/builder';

/** `what`: what the list shows once a Store Account is chosen. */
const account = (what: string) => (ctx: ILoadOptionsFunctions) => {
	const accountId = currentParameter(ctx, 'accountId');
	return accountId ? { accountId } : chooseFirst('Store Account', `the ${what} of the chosen Store Account`);
};

/** Catalog-sync calls by ID show no Store Account; their list reads "Store Account (for the List)". */
const syncAccount = (ctx: ILoadOptionsFunctions) => {
	const accountId = currentParameter(ctx, 'accountId') || currentParameter(ctx, 'listAccountId');
	return accountId ? { accountId } : chooseFirst('Store Account (for the List)', 'the catalog syncs of the chosen Store Account');
};

export const searchCatalogSyncs = listSearch({
	path: '/v1/commerce/catalog-syncs',
	rootProperty: 'catalogSyncs',
	query: syncAccount,
	name: (s) => `Catalog ${s.catalogId as string} (${s.runStatus as string})`,
	value: (s) => s.id as string,
});

export const searchMenus = listSearch({
	path: '/v1/commerce/menus',
	rootProperty: 'menus',
	query: account('menus'),
	name: (m) => `${m.title as string} (${m.handle as string})`,
	value: (m) => m.id as string,
});

export const searchMetaobjectTypes = listSearch({
	path: '/v1/commerce/metaobject-definitions',
	rootProperty: 'definitions',
	query: account('metaobject definitions'),
	name: (d) => `${d.name as string} (${d.type as string})`,
	value: (d) => d.type as string,
});

export const searchMetaobjects = listSearch({
	path: '/v1/commerce/metaobjects',
	rootProperty: 'metaobjects',
	cursor: true,
	query: (ctx) => {
		const base = account('metaobjects')(ctx);
		const type = currentParameter(ctx, 'type') ?? currentParameter(ctx, 'listType');
		if (!('accountId' in base) || type) return type ? { ...base, type } : base;
		return chooseFirst('Definition Type', 'the metaobjects of the chosen Definition Type');
	},
	name: (m) => `${(m.displayName as string) || (m.handle as string)} (${m.handle as string})`,
	value: (m) => m.id as string,
});

export const searchPages = listSearch({
	path: '/v1/commerce/pages',
	rootProperty: 'pages',
	cursor: true,
	serverFilter: 'query',
	query: account('pages'),
	name: (p: IDataObject) => `${p.title as string}${p.isPublished === false ? ' (draft)' : ''}`,
	value: (p) => p.id as string,
});

export const searchRedirects = listSearch({
	path: '/v1/commerce/redirects',
	rootProperty: 'redirects',
	cursor: true,
	serverFilter: 'query',
	query: account('redirects'),
	name: (r) => `${r.path as string} → ${r.target as string}`,
	value: (r) => r.id as string,
});
