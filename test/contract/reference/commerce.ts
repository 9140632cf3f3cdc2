import { DAY, picked, rl, type Endpoint, type RequestField } from './types';

/** Store endpoints (docs/reference/api-reference.md, "Endpoints", from "Catalog syncs" to "URL redirects") and how Storefront Commerce expresses each field. */

const HOSTED = 'store_hosted';
const node = 'storefrontCommerce' as const;

const accountIn = (where: 'query' | 'body'): RequestField => ({
	name: 'accountId',
	in: where,
	type: 'string',
	required: true,
	node: { set: { accountId: HOSTED }, sends: HOSTED },
});
const pathId = (name: string, token: string): RequestField => ({
	name,
	in: 'path',
	type: 'string',
	required: true,
	node: { set: { [name]: rl(`$${token}`) }, sends: `$${token}` },
});
/** Cursor lists: `limit` from Limit, `cursor` from Return All over more than one page (seeded 101 rows). */
const cursorFields = (many: string): { fields: RequestField[]; runs: Endpoint['runs'] } => ({
	fields: [
		{ name: 'limit', in: 'query', type: 'integer', min: 1, max: 100, node: { set: { returnAll: false, limit: 7 }, sends: 7 } },
		{ name: 'cursor', in: 'query', type: 'string', node: { set: { returnAll: true }, run: 'paging' } },
	],
	runs: { paging: { seed: [many] } },
});

const CATALOG_SYNC = [
	'id',
	'accountId',
	'catalogPlatform',
	'catalogAccountId',
	'catalogId',
	'runStatus',
	'lastRunStartedAt',
	'lastRunFinishedAt',
	'lastError',
	'itemsSent',
	'itemsSkipped',
	'itemsDeleted',
	'createdAt',
];
const PAGE = ['id', 'accountId', 'platform', 'title', 'handle', 'bodyHtml', 'isPublished', 'publishedAt', 'createdAt', 'updatedAt'];
const MENU = ['id', 'handle', 'title', 'items'];
const METAOBJECT = ['id', 'type', 'handle', 'displayName', 'fields'];
const REDIRECT = ['id', 'path', 'target'];
const wrap = (key: string, fields: string[]) => fields.map((f) => `${key}.${f}`);

const MENU_ITEMS = [{ title: 'Home', type: 'FRONTPAGE', url: '/', items: [{ title: 'Sale', type: 'COLLECTION', url: '/collections/sale', resourceId: 'gid_collection_1' }] }];
const menuItems: RequestField = {
	name: 'items',
	in: 'body',
	type: 'object[]',
	required: true,
	maxItems: 100,
	node: { set: { itemsInput: 'json', itemsJson: JSON.stringify(MENU_ITEMS) }, sends: MENU_ITEMS },
};
const metaobjectFields: RequestField = {
	name: 'fields',
	in: 'body',
	type: 'object[]',
	required: true,
	maxItems: 100,
	node: { set: { 'fields.field': [{ key: 'name', value: 'Ana' }] }, sends: [{ key: 'name', value: 'Ana' }] },
};
const pageCursor = cursorFields('manyPages');
const metaobjectCursor = cursorFields('manyMetaobjects');
const redirectCursor = cursorFields('manyRedirects');

/** Get and delete by id: the id in the path (from the resource's seed), accountId in the query; delete answers `{deleted, <idName>}`. */
function byId(method: 'GET' | 'DELETE', path: string, resource: string, fields?: string[]): Endpoint {
	const idName = /\{(\w+)\}/.exec(path)![1];
	return {
		method,
		path,
		node,
		resource,
		operation: method === 'GET' ? 'get' : 'delete',
		seed: [resource],
		request: [pathId(idName, resource), accountIn('query')],
		response: { fields: method === 'GET' ? fields : ['deleted', idName] },
	};
}

export const commerceEndpoints: Endpoint[] = [
	// ---- catalog syncs
	{
		method: 'GET',
		path: '/v1/commerce/catalog-syncs',
		node,
		resource: 'catalogSync',
		operation: 'getAll',
		seed: ['sync'],
		request: [accountIn('query')],
		response: { rows: { key: 'catalogSyncs', fields: CATALOG_SYNC } },
	},
	{
		method: 'POST',
		path: '/v1/commerce/catalog-syncs',
		node,
		resource: 'catalogSync',
		operation: 'create',
		request: [
			accountIn('body'),
			{ name: 'catalogAccountId', in: 'body', type: 'string', required: true, node: { set: { catalogAccountId: 'cat_acc_9' }, sends: 'cat_acc_9' } },
			{ name: 'catalogId', in: 'body', type: 'string', required: true, node: { set: { catalogId: 'catalog_9' }, sends: 'catalog_9' } },
		],
		response: { fields: wrap('catalogSync', CATALOG_SYNC) },
	},
	...(['get', 'runNow', 'delete'] as const).map(
		(operation): Endpoint => ({
			method: operation === 'get' ? 'GET' : operation === 'runNow' ? 'POST' : 'DELETE',
			path: operation === 'runNow' ? '/v1/commerce/catalog-syncs/{syncId}/run' : '/v1/commerce/catalog-syncs/{syncId}',
			node,
			resource: 'catalogSync',
			operation,
			seed: ['sync'],
			request: [pathId('syncId', 'sync')],
			response: { fields: operation === 'delete' ? ['deleted', 'syncId'] : wrap('catalogSync', CATALOG_SYNC) },
		}),
	),

	// ---- marketing activities
	{
		method: 'PUT',
		path: '/v1/commerce/marketing-activities',
		node,
		resource: 'marketingActivity',
		operation: 'upsert',
		request: [
			accountIn('body'),
			{ name: 'remoteId', in: 'body', type: 'string', required: true, node: { set: { remoteId: 'remote_9' }, sends: 'remote_9' } },
			{ name: 'title', in: 'body', type: 'string', required: true, node: { set: { title: 'Summer sale' }, sends: 'Summer sale' } },
			{ name: 'url', in: 'body', type: 'string', required: true, node: { set: { url: 'https://shop.example.com/summer' }, sends: 'https://shop.example.com/summer' } },
			{ name: 'previewImageUrl', in: 'body', type: 'string', node: { set: { 'additionalFields.previewImageUrl': 'https://cdn.example.com/p.jpg' }, sends: 'https://cdn.example.com/p.jpg' } },
			// members of utm and budget are not shown: only presence and type
			{ name: 'utm', in: 'body', type: 'object', node: { set: { 'additionalFields.utm.parameters': { campaign: 'summer', source: 'newsletter' } } } },
			{ name: 'tactic', in: 'body', type: 'string', required: true, node: { set: { tactic: 'AD' }, sends: 'AD' } },
			{ name: 'channel', in: 'body', type: 'string', required: true, node: { set: { channel: 'SOCIAL' }, sends: 'SOCIAL' } },
			{ name: 'status', in: 'body', type: 'string', required: true, node: { set: { status: 'ACTIVE' }, sends: 'ACTIVE' } },
			{ name: 'budget', in: 'body', type: 'object', node: { set: { 'additionalFields.budget.values': { amount: '100.00', currency: 'USD', budgetType: 'DAILY' } } } },
			{ name: 'adSpend', in: 'body', type: 'string', node: { set: { 'additionalFields.adSpend': '12.50' }, sends: '12.50' } },
			{ name: 'startedAt', in: 'body', type: 'string', node: { set: { 'additionalFields.startedAt': '2026-11-01T00:00:00.000Z' } } },
			{ name: 'endedAt', in: 'body', type: 'string', node: { set: { 'additionalFields.endedAt': '2026-11-30T00:00:00.000Z' } } },
		],
		response: { fields: ['marketingActivity.id', 'marketingActivity.remoteId'] },
	},
	{
		method: 'DELETE',
		path: '/v1/commerce/marketing-activities/{remoteId}',
		node,
		resource: 'marketingActivity',
		operation: 'delete',
		seed: ['activity'],
		request: [{ ...pathId('remoteId', 'remote'), node: { set: { remoteId: '$remote' }, sends: '$remote' } }, accountIn('query')],
		response: { fields: ['deleted', 'remoteId'] },
	},
	{
		method: 'POST',
		path: '/v1/commerce/marketing-activities/{remoteId}/engagements',
		node,
		resource: 'marketingActivity',
		operation: 'recordEngagement',
		seed: ['activity'],
		request: [
			{ ...pathId('remoteId', 'remote'), node: { set: { remoteId: '$remote' }, sends: '$remote' } },
			accountIn('body'),
			{ name: 'date', in: 'body', type: 'string', required: true, pattern: DAY, node: { set: { date: picked('2026-11-20') }, sends: '2026-11-20' } },
			...(['impressions', 'views', 'clicks', 'shares', 'likes', 'comments'] as const).map(
				(name, i): RequestField => ({ name, in: 'body', type: 'integer', min: 0, node: { set: { [`metrics.${name}`]: 10 + i }, sends: 10 + i } }),
			),
			{ name: 'adSpend', in: 'body', type: 'string', node: { set: { 'metrics.adSpend': '3.50' }, sends: '3.50' } },
		],
		response: { fields: ['remoteId', 'recorded'] },
	},

	// ---- menus (hosted-only)
	{
		method: 'GET',
		path: '/v1/commerce/menus',
		node,
		resource: 'menu',
		operation: 'getAll',
		seed: ['menu'],
		request: [accountIn('query')],
		response: { rows: { key: 'menus', fields: MENU } },
	},
	{
		method: 'POST',
		path: '/v1/commerce/menus',
		node,
		resource: 'menu',
		operation: 'create',
		request: [
			accountIn('body'),
			{ name: 'title', in: 'body', type: 'string', required: true, node: { set: { title: 'Main menu' }, sends: 'Main menu' } },
			{ name: 'handle', in: 'body', type: 'string', required: true, node: { set: { handle: 'main-menu' }, sends: 'main-menu' } },
			menuItems,
		],
		response: { fields: wrap('menu', MENU) },
	},
	byId('GET', '/v1/commerce/menus/{menuId}', 'menu', wrap('menu', MENU)),
	{
		method: 'PUT',
		path: '/v1/commerce/menus/{menuId}',
		node,
		resource: 'menu',
		operation: 'replace',
		seed: ['menu'],
		request: [
			pathId('menuId', 'menu'),
			accountIn('body'),
			{ name: 'title', in: 'body', type: 'string', required: true, node: { set: { title: 'Footer' }, sends: 'Footer' } },
			{ name: 'handle', in: 'body', type: 'string', node: { set: { 'additionalFields.handle': 'footer' }, sends: 'footer' } },
			menuItems,
		],
		response: { fields: wrap('menu', MENU) },
	},
	byId('DELETE', '/v1/commerce/menus/{menuId}', 'menu'),

	// ---- metaobjects
	{
		method: 'GET',
		path: '/v1/commerce/metaobject-definitions',
		node,
		resource: 'metaobjectDefinition',
		operation: 'getAll',
		request: [accountIn('query')],
		response: { rows: { key: 'definitions', fields: ['id', 'type', 'name', 'fields'] } },
	},
	{
		method: 'GET',
		path: '/v1/commerce/metaobjects',
		node,
		resource: 'metaobject',
		operation: 'getAll',
		seed: ['metaobject'],
		base: { type: rl('designer') },
		runs: metaobjectCursor.runs,
		request: [
			accountIn('query'),
			{ name: 'type', in: 'query', type: 'string', required: true, node: { set: { type: rl('faq') }, sends: 'faq' } },
			...metaobjectCursor.fields,
		],
		response: { rows: { key: 'metaobjects', fields: METAOBJECT }, paging: ['nextCursor'] },
	},
	{
		method: 'POST',
		path: '/v1/commerce/metaobjects',
		node,
		resource: 'metaobject',
		operation: 'create',
		base: { type: rl('designer') },
		request: [
			accountIn('body'),
			{ name: 'type', in: 'body', type: 'string', required: true, node: { set: { type: rl('designer') }, sends: 'designer' } },
			{ name: 'handle', in: 'body', type: 'string', node: { set: { 'additionalFields.handle': 'ana' }, sends: 'ana' } },
			metaobjectFields,
		],
		response: { fields: wrap('metaobject', METAOBJECT) },
	},
	byId('GET', '/v1/commerce/metaobjects/{metaobjectId}', 'metaobject', wrap('metaobject', METAOBJECT)),
	{
		method: 'PATCH',
		path: '/v1/commerce/metaobjects/{metaobjectId}',
		node,
		resource: 'metaobject',
		operation: 'update',
		seed: ['metaobject'],
		request: [
			pathId('metaobjectId', 'metaobject'),
			accountIn('body'),
			{ name: 'handle', in: 'body', type: 'string', node: { set: { 'additionalFields.handle': 'ana-2' }, sends: 'ana-2' } },
			metaobjectFields,
		],
		response: { fields: wrap('metaobject', METAOBJECT) },
	},
	byId('DELETE', '/v1/commerce/metaobjects/{metaobjectId}', 'metaobject'),

	// ---- pages
	{
		method: 'GET',
		path: '/v1/commerce/pages',
		node,
		resource: 'page',
		operation: 'getAll',
		seed: ['page'],
		runs: pageCursor.runs,
		request: [
			accountIn('query'),
			...pageCursor.fields,
			{ name: 'query', in: 'query', type: 'string', node: { set: { 'filters.query': 'title:summer' }, sends: 'title:summer' } },
		],
		// the list rows are pages without bodyHtml ("GET by id: {page} with body")
		response: { rows: { key: 'pages', fields: PAGE.filter((f) => f !== 'bodyHtml') }, paging: ['nextCursor'] },
	},
	{
		method: 'POST',
		path: '/v1/commerce/pages',
		node,
		resource: 'page',
		operation: 'create',
		request: [
			accountIn('body'),
			{ name: 'title', in: 'body', type: 'string', required: true, node: { set: { title: 'About us' }, sends: 'About us' } },
			{ name: 'handle', in: 'body', type: 'string', node: { set: { 'additionalFields.handle': 'about' }, sends: 'about' } },
			{ name: 'bodyHtml', in: 'body', type: 'string', node: { set: { 'additionalFields.bodyHtml': '<h1>Hi</h1>' }, sends: '<h1>Hi</h1>' } },
			{ name: 'isPublished', in: 'body', type: 'boolean', node: { set: { 'additionalFields.isPublished': false }, sends: false } },
		],
		response: { fields: wrap('page', PAGE) },
	},
	byId('GET', '/v1/commerce/pages/{pageId}', 'page', wrap('page', PAGE)),
	{
		method: 'PATCH',
		path: '/v1/commerce/pages/{pageId}',
		node,
		resource: 'page',
		operation: 'update',
		seed: ['page'],
		request: [
			pathId('pageId', 'page'),
			accountIn('body'),
			{ name: 'title', in: 'body', type: 'string', node: { set: { 'updateFields.title': 'New title' }, sends: 'New title' } },
			{ name: 'handle', in: 'body', type: 'string', node: { set: { 'updateFields.handle': 'new-handle' }, sends: 'new-handle' } },
			{ name: 'bodyHtml', in: 'body', type: 'string', node: { set: { 'updateFields.bodyHtml': '<p>New</p>' }, sends: '<p>New</p>' } },
			{ name: 'isPublished', in: 'body', type: 'boolean', node: { set: { 'updateFields.isPublished': true }, sends: true } },
		],
		response: { fields: wrap('page', PAGE) },
	},
	byId('DELETE', '/v1/commerce/pages/{pageId}', 'page'),

	// ---- redirects (hosted-only)
	{
		method: 'GET',
		path: '/v1/commerce/redirects',
		node,
		resource: 'redirect',
		operation: 'getAll',
		seed: ['redirect'],
		runs: redirectCursor.runs,
		request: [
			accountIn('query'),
			...redirectCursor.fields,
			{ name: 'query', in: 'query', type: 'string', node: { set: { 'filters.query': 'path:/old' }, sends: 'path:/old' } },
		],
		response: { rows: { key: 'redirects', fields: REDIRECT }, paging: ['nextCursor'] },
	},
	{
		method: 'POST',
		path: '/v1/commerce/redirects',
		node,
		resource: 'redirect',
		operation: 'create',
		request: [
			accountIn('body'),
			{ name: 'path', in: 'body', type: 'string', required: true, node: { set: { path: '/old-summer' }, sends: '/old-summer' } },
			{ name: 'target', in: 'body', type: 'string', required: true, node: { set: { target: '/pages/summer' }, sends: '/pages/summer' } },
		],
		response: { fields: wrap('redirect', REDIRECT) },
	},
	{
		method: 'PATCH',
		path: '/v1/commerce/redirects/{redirectId}',
		node,
		resource: 'redirect',
		operation: 'update',
		seed: ['redirect'],
		request: [
			pathId('redirectId', 'redirect'),
			accountIn('body'),
			{ name: 'path', in: 'body', type: 'string', node: { set: { 'updateFields.path': '/older' }, sends: '/older' } },
			{ name: 'target', in: 'body', type: 'string', node: { set: { 'updateFields.target': 'https://shop.example.com/new' }, sends: 'https://shop.example.com/new' } },
		],
		response: { fields: wrap('redirect', REDIRECT) },
	},
	byId('DELETE', '/v1/commerce/redirects/{redirectId}', 'redirect'),
];
