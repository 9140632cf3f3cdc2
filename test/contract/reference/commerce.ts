import { commerceResources } from '../../../nodes/StorefrontCommerce/resources';
import { DAY, picked, rl, type NodeWay } from './types';
import { referenceEndpoints } from './parse';
import { endpointsOf, type AreaWays } from './ways';

/**
 * How Storefront Commerce expresses the store endpoints (docs/reference/api-reference.md, "Endpoints",
 * from "Catalog syncs" to "URL redirects", read by parse.ts): the values each test run sets and
 * expects, and the few things the text says in words parse.ts does not read. An endpoint or field
 * not listed here is set by the operation's parameter of the field's name (ways.ts).
 */

/** A parameter of the field's own name: `set` it to `value`, the API receives `sends` (default: the value). */
const same = (name: string, value: unknown, sends: unknown = value): NodeWay => ({ set: { [name]: value as never }, sends });
/** Cursor lists: `limit` from Limit, `cursor` from Return All over more than one page (seeded 101 rows). */
const cursor = (many: string) => ({
	fields: { limit: { set: { returnAll: false, limit: 7 }, sends: 7 }, cursor: { set: { returnAll: true }, run: 'paging' } },
	runs: { paging: { seed: [many] } },
});
const MENU_ITEMS = [{ title: 'Home', type: 'FRONTPAGE', url: '/', items: [{ title: 'Sale', type: 'COLLECTION', url: '/collections/sale', resourceId: 'gid_collection_1' }] }];
const menuItems: NodeWay = { set: { itemsInput: 'json', itemsJson: JSON.stringify(MENU_ITEMS) }, sends: MENU_ITEMS };
const metaobjectFields: NodeWay = { set: { 'fields.field': [{ key: 'name', value: 'Ana' }] }, sends: [{ key: 'name', value: 'Ana' }] };
/** The Limits table gives "up to 100" for the creates only; the replace and the update take the same list and are held to it too. */
const upTo100 = { maxItems: 100 };

const pages = cursor('manyPages');
const metaobjects = cursor('manyMetaobjects');
const redirects = cursor('manyRedirects');

export const commerceWays: AreaWays = {
	node: 'storefrontCommerce',
	resources: commerceResources,
	paths: /^\/v1\/commerce\//,
	// contract.md, Pagination: "Store cursor lists (metaobjects, pages, redirects): limit default 50, max 100" (at least one a page)
	byName: { limit: { min: 1, max: 100 } },
	endpoints: {
		// ---- catalog syncs
		// Simplify keeps 10 of a sync's 13 fields: the contract reads the whole answer
		'GET /v1/commerce/catalog-syncs': { seed: ['sync'], base: { simplify: false } },
		'GET /v1/commerce/catalog-syncs/{syncId}': { base: { simplify: false } },
		'POST /v1/commerce/catalog-syncs': { fields: { catalogAccountId: same('catalogAccountId', 'cat_acc_9'), catalogId: same('catalogId', 'catalog_9') } },

		// ---- marketing activities
		'PUT /v1/commerce/marketing-activities': {
			fields: {
				remoteId: same('remoteId', 'remote_9'),
				url: same('url', 'https://shop.example.com/summer'),
				previewImageUrl: same('additionalFields.previewImageUrl', 'https://cdn.example.com/p.jpg'),
				// members of utm and budget are not shown: only presence and type
				utm: { set: { 'additionalFields.utm.parameters': { campaign: 'summer', source: 'newsletter' } } },
				budget: { set: { 'additionalFields.budget.values': { amount: '100.00', currency: 'USD', budgetType: 'DAILY' } } },
				adSpend: same('additionalFields.adSpend', '12.50'),
				startedAt: { set: { 'additionalFields.startedAt': '2026-11-01T00:00:00.000Z' } },
				endedAt: { set: { 'additionalFields.endedAt': '2026-11-30T00:00:00.000Z' } },
			},
		},
		'DELETE /v1/commerce/marketing-activities/{remoteId}': { seed: ['activity'], fields: { remoteId: same('remoteId', '$remote') } },
		'POST /v1/commerce/marketing-activities/{remoteId}/engagements': {
			seed: ['activity'],
			fields: {
				remoteId: same('remoteId', '$remote'),
				date: same('date', picked('2026-11-20'), '2026-11-20'),
				...Object.fromEntries(['impressions', 'views', 'clicks', 'shares', 'likes', 'comments'].map((name, i) => [name, same(`metrics.${name}`, 10 + i)])),
				adSpend: same('metrics.adSpend', '3.50'),
			},
			reference: {
				fields: {
					// contract.md, Further decisions: "Engagement date is a UTC day, YYYY-MM-DD" (the reference: "one UTC day")
					date: { pattern: DAY },
					// counts: none below 0 (not stated; the fake API refuses them)
					...Object.fromEntries(['impressions', 'views', 'clicks', 'shares', 'likes', 'comments'].map((name) => [name, { min: 0 }])),
				},
			},
		},

		// ---- menus (hosted-only)
		'GET /v1/commerce/menus': { seed: ['menu'] },
		'POST /v1/commerce/menus': { fields: { title: same('title', 'Main menu'), handle: same('handle', 'main-menu'), items: menuItems } },
		'PUT /v1/commerce/menus/{menuId}': {
			seed: ['menu'],
			fields: { title: same('title', 'Footer'), handle: same('additionalFields.handle', 'footer'), items: menuItems },
			reference: { fields: { items: upTo100 } },
		},

		// ---- metaobjects
		'GET /v1/commerce/metaobjects': {
			seed: ['metaobject'],
			base: { type: rl('designer') },
			runs: metaobjects.runs,
			fields: { type: same('type', rl('faq'), 'faq'), ...metaobjects.fields },
		},
		'POST /v1/commerce/metaobjects': {
			base: { type: rl('designer') },
			fields: { type: same('type', rl('designer'), 'designer'), handle: same('additionalFields.handle', 'ana'), fields: metaobjectFields },
		},
		'PATCH /v1/commerce/metaobjects/{metaobjectId}': {
			seed: ['metaobject'],
			fields: { handle: same('additionalFields.handle', 'ana-2'), fields: metaobjectFields },
			reference: { fields: { fields: upTo100 } },
		},

		// ---- pages
		'GET /v1/commerce/pages': {
			seed: ['page'],
			runs: pages.runs,
			fields: { ...pages.fields, query: same('filters.query', 'title:summer') },
			reference: {
				// the list rows are pages without bodyHtml ("GET by id: {page} with body")
				response: { rows: { key: 'pages', fields: ['id', 'accountId', 'platform', 'title', 'handle', 'isPublished', 'publishedAt', 'createdAt', 'updatedAt'] }, paging: ['nextCursor'] },
			},
		},
		'POST /v1/commerce/pages': {
			fields: {
				title: same('title', 'About us'),
				handle: same('additionalFields.handle', 'about'),
				bodyHtml: same('additionalFields.bodyHtml', '<h1>Hi</h1>'),
				isPublished: same('additionalFields.isPublished', false),
			},
		},
		'PATCH /v1/commerce/pages/{pageId}': {
			seed: ['page'],
			fields: {
				title: same('updateFields.title', 'New title'),
				handle: same('updateFields.handle', 'new-handle'),
				bodyHtml: same('updateFields.bodyHtml', '<p>New</p>'),
				isPublished: same('updateFields.isPublished', true),
			},
		},

		// ---- redirects (hosted-only)
		'GET /v1/commerce/redirects': { seed: ['redirect'], runs: redirects.runs, fields: { ...redirects.fields, query: same('filters.query', 'path:/old') } },
		'PATCH /v1/commerce/redirects/{redirectId}': {
			seed: ['redirect'],
			fields: { path: same('updateFields.path', '/older'), target: same('updateFields.target', 'https://shop.example.com/new') },
		},
	},
};

/** The area's endpoints as the suites read them (types.ts `Endpoint`). */
export const commerceEndpoints = endpointsOf(commerceWays, referenceEndpoints());
