import { z } from 'zod';

/**
 * The store endpoints' building blocks: what several request shapes share (docs/reference/api-reference.md
 * + contract.md; strict: unknown fields are refused). Each route declares its own query and body
 * shape beside it in fake-api/commerce.ts, from these.
 */

export const id = z.string().min(1);
/** `accountId` in a body (POST, PUT, PATCH). */
export const accountBody = { accountId: id };
/** `accountId` alone in the query (GET and DELETE of one record, lists without paging). */
export const accountOnlyQuery = z.object({ accountId: id }).strict();
const limit = z.coerce.number().int().min(1).max(100).default(50);

/** A cursor list's query: accountId, limit (1 to 100, default 50) and cursor, and the list's own filters. */
export const cursorQuery = <T extends z.ZodRawShape>(extra: T) =>
	z.object({ accountId: id, limit, cursor: z.string().optional() }).extend(extra).strict();

export const noQuery = z.object({}).strict();
export const emptyBody = z.union([z.object({}).strict(), z.undefined()]);

/** An amount as the store writes it: "12.50". */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string such as "12.50"');
/** A UTC day. */
export const utcDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a UTC day as YYYY-MM-DD');

// ---- menus
export interface MenuItemInput {
	/** As GET returns it (docs/reference/contract.md, "Further decisions"): kept when it exists in that menu, else a new one is assigned. */
	id?: string;
	title: string;
	type?: string;
	url?: string;
	resourceId?: string;
	items?: MenuItemInput[];
}
export const menuItem: z.ZodType<MenuItemInput> = z.lazy(() =>
	z
		.object({
			id: z.string().optional(),
			title: id,
			type: z.string().optional(),
			url: z.string().optional(),
			resourceId: z.string().optional(),
			items: z.array(menuItem).optional(),
		})
		.strict(),
);
export const countMenuItems = (items: MenuItemInput[] = []): number =>
	items.reduce((n, item) => n + 1 + countMenuItems(item.items), 0);
/** A menu's whole item tree: at most 100 items, nested ones counted. */
export const menuItems = z
	.array(menuItem)
	.refine((items) => countMenuItems(items) <= 100, 'at most 100 menu items (nested ones count)');

// ---- metaobjects
/** A metaobject's field values in a create or update: `{key, value}`, at most 100. */
export const metaobjectFields = z.array(z.object({ key: id, value: z.string() }).strict()).max(100);

// ---- redirects
export const redirectPath = z.string().startsWith('/', 'must start with /');

// ---- responses (used by tests to check what the server and the nodes return)
const timestamp = z.string().datetime();
export const page = z
	.object({
		id,
		accountId: id,
		platform: z.enum(['hostedstore', 'pluginstore']),
		title: z.string(),
		handle: z.string(),
		bodyHtml: z.string(),
		isPublished: z.boolean(),
		publishedAt: timestamp.nullable(),
		createdAt: timestamp,
		updatedAt: timestamp,
	})
	.strict();
export const catalogSync = z
	.object({
		id,
		accountId: id,
		catalogPlatform: z.literal('socialnet'),
		catalogAccountId: id,
		catalogId: id,
		runStatus: z.string(),
		lastRunStartedAt: timestamp.nullable(),
		lastRunFinishedAt: timestamp.nullable(),
		lastError: z.string().nullable(),
		itemsSent: z.number().int(),
		itemsSkipped: z.number().int(),
		itemsDeleted: z.number().int(),
		createdAt: timestamp,
	})
	.strict();
