import { z } from 'zod';

import {
	accountBody,
	accountOnlyQuery,
	cursorQuery,
	decimalString,
	emptyBody,
	id,
	menuItems,
	metaobjectFields,
	noQuery,
	redirectPath,
	utcDay,
	type MenuItemInput,
} from './contract/commerce';
import type { FakeApi } from './core';
import { ApiError, notFound } from './errors';

/**
 * The store half of the fake API: every store endpoint, over per-account, in-memory state. Each
 * route states its query and body shape (zod, strict: unknown fields are refused) beside it, from
 * the building blocks of fake-api/contract/commerce.ts, as docs/reference/api-reference.md and
 * contract.md state them.
 */

export interface MenuItem extends MenuItemInput {
	id: string;
	items: MenuItem[];
}
export interface Menu {
	id: string;
	handle: string;
	title: string;
	items: MenuItem[];
}
export interface Page {
	id: string;
	accountId: string;
	platform: 'hostedstore' | 'pluginstore';
	title: string;
	handle: string;
	bodyHtml: string;
	isPublished: boolean;
	publishedAt: string | null;
	createdAt: string;
	updatedAt: string;
}
export interface Metaobject {
	id: string;
	type: string;
	handle: string;
	displayName: string;
	fields: Array<{ key: string; type: string; value: string }>;
}
export interface Definition {
	id: string;
	type: string;
	name: string;
	fields: Array<{ key: string; name: string; type: string }>;
}
export interface CatalogSync {
	id: string;
	accountId: string;
	catalogPlatform: 'socialnet';
	catalogAccountId: string;
	catalogId: string;
	runStatus: string;
	lastRunStartedAt: string | null;
	lastRunFinishedAt: string | null;
	lastError: string | null;
	itemsSent: number;
	itemsSkipped: number;
	itemsDeleted: number;
	createdAt: string;
}

interface StoreState {
	pages: Page[];
	menus: Menu[];
	redirects: Array<{ id: string; path: string; target: string }>;
	definitions: Definition[];
	metaobjects: Metaobject[];
	activities: Map<string, Record<string, unknown> & { id: string; remoteId: string }>;
	engagements: Array<Record<string, unknown>>;
	/** Products the catalog run would send / skip (no image or unpublished). */
	catalog: { eligible: number; skipped: number };
}

/** How long a catalog run takes on the server's clock. */
export const CATALOG_RUN_MS = 2000;

export class CommerceService {
	readonly stores = new Map<string, StoreState>();

	readonly catalogSyncs = new Map<string, CatalogSync & { runDoneAt?: number; runs: number }>();

	constructor(private readonly api: FakeApi) {}

	store(accountId: string): StoreState {
		if (!this.api.storeAccounts.has(accountId)) throw notFound('Store account', accountId);
		let state = this.stores.get(accountId);
		if (!state) {
			state = {
				pages: [],
				menus: [],
				redirects: [],
				definitions: [
					{
						id: `def_${accountId}_designer`,
						type: 'designer',
						name: 'Designer',
						fields: [
							{ key: 'name', name: 'Name', type: 'single_line_text_field' },
							{ key: 'bio', name: 'Bio', type: 'multi_line_text_field' },
						],
					},
					{
						id: `def_${accountId}_faq`,
						type: 'faq',
						name: 'FAQ entry',
						fields: [
							{ key: 'question', name: 'Question', type: 'single_line_text_field' },
							{ key: 'answer', name: 'Answer', type: 'multi_line_text_field' },
						],
					},
				],
				metaobjects: [],
				activities: new Map(),
				engagements: [],
				catalog: { eligible: 42, skipped: 3 },
			};
			this.stores.set(accountId, state);
		}
		return state;
	}

	platformOf(accountId: string) {
		return this.api.storeAccounts.get(accountId)!.platform;
	}

	/** Finishes a catalog run whose time has come (the "background" run). */
	settle(sync: CatalogSync & { runDoneAt?: number; runs: number }) {
		if (sync.runDoneAt !== undefined && this.api.now().getTime() >= sync.runDoneAt) {
			const catalog = this.store(sync.accountId).catalog;
			sync.runStatus = 'success';
			sync.lastRunFinishedAt = new Date(sync.runDoneAt).toISOString();
			sync.itemsSent = catalog.eligible;
			sync.itemsSkipped = catalog.skipped;
			sync.itemsDeleted = sync.runs > 1 ? 1 : 0;
			sync.runDoneAt = undefined;
		}
		const { runDoneAt: _d, runs: _r, ...view } = sync;
		return view;
	}

	startRun(sync: CatalogSync & { runDoneAt?: number; runs: number }) {
		const now = this.api.now().getTime();
		sync.runStatus = 'pending';
		sync.lastRunStartedAt = new Date(now).toISOString();
		sync.runDoneAt = now + CATALOG_RUN_MS;
		sync.runs += 1;
	}
}

/** Cursor paging of the store lists: opaque cursor, `nextCursor` null on the last page. */
export function cursorPage<T>(rows: T[], limit: number, cursor?: string) {
	let offset = 0;
	if (cursor) {
		const decoded = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o:/, ''));
		if (!Number.isInteger(decoded) || decoded < 0) {
			throw new ApiError(400, 'invalid_request', 'cursor: not a cursor from this list', {
				details: [{ field: 'cursor', message: 'not a cursor from this list' }],
			});
		}
		offset = decoded;
	}
	const page = rows.slice(offset, offset + limit);
	const next = offset + limit < rows.length ? Buffer.from(`o:${offset + limit}`).toString('base64url') : null;
	return { rows: page, nextCursor: next };
}

/** Search syntax passed through by the API: `field:value` or free text, matched case-insensitively. */
function matches(query: string | undefined, record: Record<string, unknown>, fields: string[]) {
	if (!query) return true;
	return query
		.trim()
		.split(/\s+/)
		.every((term) => {
			const [field, value] = term.includes(':') ? term.split(/:(.*)/s) : [undefined, term];
			const candidates = field ? [record[field]] : fields.map((f) => record[f]);
			return candidates.some((c) => String(c ?? '').toLowerCase().includes(value.toLowerCase()));
		});
}

/** The ids of a menu's items, nested ones included. */
function itemIds(items: MenuItem[] = []): Set<string> {
	return new Set(items.flatMap((item) => [item.id, ...itemIds(item.items)]));
}

/** Items as stored: an `id` that exists in the menu (`keep`) stays, once; any other item gets a new one. */
function withIds(api: FakeApi, items: MenuItemInput[] = [], keep = new Set<string>()): MenuItem[] {
	return items.map(({ id: given, ...item }) => {
		const id = given !== undefined && keep.delete(given) ? given : api.nextId('gid_menuitem_');
		return { ...item, id, items: withIds(api, item.items, keep) };
	});
}

function findIn<T extends { id: string }>(list: T[], itemId: string, what: string): T {
	const found = list.find((x) => x.id === itemId);
	if (!found) throw notFound(what, itemId);
	return found;
}

/** Deletes an item in place (404 if it is not there). */
function removeFrom<T extends { id: string }>(list: T[], itemId: string, what: string) {
	list.splice(list.indexOf(findIn(list, itemId, what)), 1);
}

export function registerCommerce(api: FakeApi): CommerceService {
	const svc = new CommerceService(api);
	const now = () => api.now().toISOString();
	const base = '/v1/commerce';

	// ---- catalog syncs (no scope: docs/reference/contract.md)
	api.route('GET', `${base}/catalog-syncs`, { query: accountOnlyQuery }, ({ query }) => {
		svc.store(query.accountId);
		const syncs = [...svc.catalogSyncs.values()].filter((s) => s.accountId === query.accountId);
		return { catalogSyncs: syncs.map((s) => svc.settle(s)) };
	});
	api.route('POST', `${base}/catalog-syncs`, { body: z.object({ ...accountBody, catalogAccountId: id, catalogId: id }).strict() }, ({ body }) => {
		svc.store(body.accountId);
		const sync = {
			id: api.nextId('cs_'),
			accountId: body.accountId,
			catalogPlatform: 'socialnet' as const,
			catalogAccountId: body.catalogAccountId,
			catalogId: body.catalogId,
			runStatus: 'pending',
			lastRunStartedAt: null,
			lastRunFinishedAt: null,
			lastError: null,
			itemsSent: 0,
			itemsSkipped: 0,
			itemsDeleted: 0,
			createdAt: now(),
			runs: 0,
		};
		svc.startRun(sync);
		svc.catalogSyncs.set(sync.id, sync);
		return { catalogSync: svc.settle(sync) };
	});
	const sync = (syncId: string) => {
		const found = svc.catalogSyncs.get(syncId);
		if (!found) throw notFound('Catalog sync', syncId);
		return found;
	};
	api.route('GET', `${base}/catalog-syncs/:syncId`, { query: noQuery }, ({ params }) => ({
		catalogSync: svc.settle(sync(params.syncId)),
	}));
	api.route('POST', `${base}/catalog-syncs/:syncId/run`, { query: noQuery, body: emptyBody }, ({ params }) => {
		const s = sync(params.syncId);
		svc.settle(s);
		svc.startRun(s);
		return { catalogSync: svc.settle(s) };
	});
	api.route('DELETE', `${base}/catalog-syncs/:syncId`, { query: noQuery }, ({ params }) => {
		sync(params.syncId);
		svc.catalogSyncs.delete(params.syncId);
		return { deleted: true, syncId: params.syncId };
	});

	// ---- marketing activities
	const count = z.number().int().min(0).optional();
	api.route('PUT', `${base}/marketing-activities`, {
			scope: 'marketing.write',
			body: z
				.object({
					...accountBody,
					remoteId: id,
					title: id,
					url: z.string().url(),
					previewImageUrl: z.string().url().optional(),
					utm: z.record(z.string(), z.string()).optional(),
					tactic: id,
					channel: id,
					status: id,
					budget: z.record(z.string(), z.unknown()).optional(),
					adSpend: decimalString.optional(),
					startedAt: z.string().optional(),
					endedAt: z.string().optional(),
				})
				.strict(),
		}, ({ body }) => {
		const store = svc.store(body.accountId);
		const existing = store.activities.get(body.remoteId);
		const { accountId: _a, ...fields } = body;
		const record = { ...(existing ?? {}), ...fields, id: existing?.id ?? api.nextId('gid_marketing_') };
		store.activities.set(body.remoteId, record);
		return { marketingActivity: { id: record.id, remoteId: body.remoteId } };
	});
	api.route(
		'DELETE',
		`${base}/marketing-activities/:remoteId`,
		{ scope: 'marketing.write', hostedOnly: true, query: accountOnlyQuery },
		({ params, query }) => {
			const store = svc.store(query.accountId);
			if (!store.activities.delete(params.remoteId)) throw notFound('Marketing activity', params.remoteId);
			return { deleted: true, remoteId: params.remoteId };
		},
	);
	api.route(
		'POST',
		`${base}/marketing-activities/:remoteId/engagements`,
		{
			scope: 'marketing.write',
			body: z
				.object({
					...accountBody,
					date: utcDay,
					impressions: count,
					views: count,
					clicks: count,
					shares: count,
					likes: count,
					comments: count,
					adSpend: decimalString.optional(),
				})
				.strict(),
		},
		({ params, body }) => {
			const store = svc.store(body.accountId);
			if (!store.activities.has(params.remoteId)) throw notFound('Marketing activity', params.remoteId);
			const { accountId: _a, ...numbers } = body;
			store.engagements.push({ remoteId: params.remoteId, ...numbers });
			return { remoteId: params.remoteId, recorded: true };
		},
	);

	// ---- menus
	api.route('GET', `${base}/menus`, { scope: 'navigation.read', hostedOnly: true, query: accountOnlyQuery }, ({ query }) => ({
		menus: svc.store(query.accountId).menus,
	}));
	api.route(
		'POST',
		`${base}/menus`,
		{ scope: 'navigation.write', hostedOnly: true, body: z.object({ ...accountBody, title: id, handle: id, items: menuItems }).strict(), status: 201 },
		({ body }) => {
			const store = svc.store(body.accountId);
			const menu: Menu = { id: api.nextId('gid_menu_'), handle: body.handle, title: body.title, items: withIds(api, body.items) };
			store.menus.push(menu);
			return { menu };
		},
	);
	api.route(
		'GET',
		`${base}/menus/:menuId`,
		{ scope: 'navigation.read', hostedOnly: true, query: accountOnlyQuery },
		({ params, query }) => ({ menu: findIn(svc.store(query.accountId).menus, params.menuId, 'Menu') }),
	);
	api.route('PUT', `${base}/menus/:menuId`, { scope: 'navigation.write', body: z.object({ ...accountBody, title: id, handle: z.string().optional(), items: menuItems }).strict() }, ({ params, body }) => {
		const menu = findIn(svc.store(body.accountId).menus, params.menuId, 'Menu');
		menu.title = body.title;
		if (body.handle !== undefined) menu.handle = body.handle;
		menu.items = withIds(api, body.items, itemIds(menu.items));
		return { menu };
	});
	api.route(
		'DELETE',
		`${base}/menus/:menuId`,
		{ scope: 'navigation.write', hostedOnly: true, query: accountOnlyQuery },
		({ params, query }) => {
			removeFrom(svc.store(query.accountId).menus, params.menuId, 'Menu');
			return { deleted: true, menuId: params.menuId };
		},
	);

	// ---- metaobjects
	api.route('GET', `${base}/metaobject-definitions`, { scope: 'metaobjects.read', query: accountOnlyQuery }, ({ query }) => ({
		definitions: svc.store(query.accountId).definitions,
	}));
	const definition = (store: StoreState, type: string) => {
		const found = store.definitions.find((d) => d.type === type);
		if (!found) {
			throw new ApiError(400, 'invalid_request', `type: no metaobject definition "${type}"`, {
				details: [{ field: 'type', message: `no metaobject definition "${type}"` }],
			});
		}
		return found;
	};
	const setFields = (def: Definition, target: Metaobject, fields: Array<{ key: string; value: string }>) => {
		for (const { key, value } of fields) {
			const known = def.fields.find((f) => f.key === key);
			if (!known) {
				throw new ApiError(400, 'invalid_request', `fields: "${key}" is not a field of ${def.type}`, {
					details: [{ field: `fields.${key}`, message: `not a field of ${def.type}` }],
				});
			}
			const existing = target.fields.find((f) => f.key === key);
			if (existing) existing.value = value;
			else target.fields.push({ key, type: known.type, value });
		}
		target.displayName = target.fields.find((f) => f.key === def.fields[0].key)?.value ?? target.handle;
	};
	api.route(
		'GET',
		`${base}/metaobjects`,
		{ scope: 'metaobjects.read', hostedOnly: true, query: cursorQuery({ type: id }) },
		({ query }) => {
			const store = svc.store(query.accountId);
			definition(store, query.type);
			const { rows, nextCursor } = cursorPage(store.metaobjects.filter((m) => m.type === query.type), query.limit, query.cursor);
			return { metaobjects: rows, nextCursor };
		},
	);
	api.route(
		'POST',
		`${base}/metaobjects`,
		{ scope: 'metaobjects.write', hostedOnly: true, body: z.object({ ...accountBody, type: id, handle: z.string().optional(), fields: metaobjectFields }).strict(), status: 201 },
		({ body }) => {
			const store = svc.store(body.accountId);
			const def = definition(store, body.type);
			const id = api.nextId('gid_metaobject_');
			const metaobject: Metaobject = { id, type: body.type, handle: body.handle ?? `${body.type}-${id.slice(-6)}`, displayName: '', fields: [] };
			setFields(def, metaobject, body.fields);
			store.metaobjects.push(metaobject);
			return { metaobject };
		},
	);
	api.route(
		'GET',
		`${base}/metaobjects/:metaobjectId`,
		{ scope: 'metaobjects.read', hostedOnly: true, query: accountOnlyQuery },
		({ params, query }) => ({ metaobject: findIn(svc.store(query.accountId).metaobjects, params.metaobjectId, 'Metaobject') }),
	);
	api.route(
		'PATCH',
		`${base}/metaobjects/:metaobjectId`,
		{ scope: 'metaobjects.write', body: z.object({ ...accountBody, handle: z.string().optional(), fields: metaobjectFields }).strict() },
		({ params, body }) => {
			const store = svc.store(body.accountId);
			const metaobject = findIn(store.metaobjects, params.metaobjectId, 'Metaobject');
			if (body.handle !== undefined) metaobject.handle = body.handle;
			setFields(definition(store, metaobject.type), metaobject, body.fields);
			return { metaobject };
		},
	);
	api.route(
		'DELETE',
		`${base}/metaobjects/:metaobjectId`,
		{ scope: 'metaobjects.write', hostedOnly: true, query: accountOnlyQuery },
		({ params, query }) => {
			removeFrom(svc.store(query.accountId).metaobjects, params.metaobjectId, 'Metaobject');
			return { deleted: true, metaobjectId: params.metaobjectId };
		},
	);

	// ---- pages
	api.route('GET', `${base}/pages`, { scope: 'pages.read', query: cursorQuery({ query: z.string().optional() }) }, ({ query }) => {
		const store = svc.store(query.accountId);
		const found = store.pages.filter((p) => matches(query.query, p as unknown as Record<string, unknown>, ['title', 'handle']));
		const { rows, nextCursor } = cursorPage(found, query.limit, query.cursor);
		return { pages: rows.map(({ bodyHtml: _b, ...p }) => p), nextCursor };
	});
	api.route('POST', `${base}/pages`, {
			scope: 'pages.write',
			body: z.object({ ...accountBody, title: id, handle: z.string().optional(), bodyHtml: z.string().optional(), isPublished: z.boolean().optional() }).strict(),
			status: 201,
		}, ({ body }) => {
		const store = svc.store(body.accountId);
		const at = now();
		const page: Page = {
			id: api.nextId('gid_page_'),
			accountId: body.accountId,
			platform: svc.platformOf(body.accountId),
			title: body.title,
			handle: body.handle ?? body.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
			bodyHtml: body.bodyHtml ?? '',
			isPublished: body.isPublished ?? true,
			publishedAt: body.isPublished === false ? null : at,
			createdAt: at,
			updatedAt: at,
		};
		store.pages.push(page);
		return { page };
	});
	api.route('GET', `${base}/pages/:pageId`, { scope: 'pages.read', query: accountOnlyQuery }, ({ params, query }) => ({
		page: findIn(svc.store(query.accountId).pages, params.pageId, 'Page'),
	}));
	api.route('PATCH', `${base}/pages/:pageId`, {
			scope: 'pages.write',
			body: z
				.object({ ...accountBody, title: z.string().min(1).optional(), handle: z.string().optional(), bodyHtml: z.string().optional(), isPublished: z.boolean().optional() })
				.strict(),
		}, ({ params, body }) => {
		const page = findIn(svc.store(body.accountId).pages, params.pageId, 'Page');
		const { accountId: _a, ...changes } = body;
		Object.assign(page, changes);
		if (changes.isPublished === true && !page.publishedAt) page.publishedAt = now();
		if (changes.isPublished === false) page.publishedAt = null;
		page.updatedAt = now();
		return { page };
	});
	api.route('DELETE', `${base}/pages/:pageId`, { scope: 'pages.write', query: accountOnlyQuery }, ({ params, query }) => {
		removeFrom(svc.store(query.accountId).pages, params.pageId, 'Page');
		return { deleted: true, pageId: params.pageId };
	});

	// ---- redirects (hosted-only)
	api.route(
		'GET',
		`${base}/redirects`,
		{ scope: 'navigation.read', hostedOnly: true, query: cursorQuery({ query: z.string().optional() }) },
		({ query }) => {
			const store = svc.store(query.accountId);
			const found = store.redirects.filter((r) => matches(query.query, r, ['path']));
			const { rows, nextCursor } = cursorPage(found, query.limit, query.cursor);
			return { redirects: rows, nextCursor };
		},
	);
	api.route(
		'POST',
		`${base}/redirects`,
		{ scope: 'navigation.write', hostedOnly: true, body: z.object({ ...accountBody, path: redirectPath, target: id }).strict(), status: 201 },
		({ body }) => {
			const store = svc.store(body.accountId);
			if (store.redirects.some((r) => r.path === body.path)) {
				throw new ApiError(400, 'invalid_request', `path: a redirect from ${body.path} exists already`, {
					details: [{ field: 'path', message: 'a redirect from this path exists already' }],
				});
			}
			const redirect = { id: api.nextId('gid_redirect_'), path: body.path, target: body.target };
			store.redirects.push(redirect);
			return { redirect };
		},
	);
	api.route(
		'PATCH',
		`${base}/redirects/:redirectId`,
		{ scope: 'navigation.write', hostedOnly: true, body: z.object({ ...accountBody, path: redirectPath.optional(), target: id.optional() }).strict() },
		({ params, body }) => {
			const redirect = findIn(svc.store(body.accountId).redirects, params.redirectId, 'Redirect');
			if (body.path !== undefined) redirect.path = body.path;
			if (body.target !== undefined) redirect.target = body.target;
			return { redirect };
		},
	);
	api.route(
		'DELETE',
		`${base}/redirects/:redirectId`,
		{ scope: 'navigation.write', hostedOnly: true, query: accountOnlyQuery },
		({ params, query }) => {
			removeFrom(svc.store(query.accountId).redirects, params.redirectId, 'Redirect');
			return { deleted: true, redirectId: params.redirectId };
		},
	);

	return svc;
}
