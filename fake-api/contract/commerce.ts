import { z } from 'zod';

/** Store endpoints: request shapes of docs/reference/api-reference.md + contract.md (strict: unknown fields are refused). */

const id = z.string().min(1);
const accountQuery = z.object({ accountId: id }).strict();
const accountBody = { accountId: id };
const limit = z.coerce.number().int().min(1).max(100).default(50);

export const cursorQuery = <T extends z.ZodRawShape>(extra: T) =>
	z.object({ accountId: id, limit, cursor: z.string().optional() }).extend(extra).strict();

export const accountOnlyQuery = accountQuery;
export const noQuery = z.object({}).strict();
export const emptyBody = z.union([z.object({}).strict(), z.undefined()]);

// ---- catalog syncs
export const createCatalogSyncBody = z.object({ ...accountBody, catalogAccountId: id, catalogId: id }).strict();

// ---- marketing activities
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string such as "12.50"');
export const marketingActivityBody = z
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
	.strict();
const count = z.number().int().min(0).optional();
export const engagementBody = z
	.object({
		...accountBody,
		date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a UTC day as YYYY-MM-DD'),
		impressions: count,
		views: count,
		clicks: count,
		shares: count,
		likes: count,
		comments: count,
		adSpend: decimalString.optional(),
	})
	.strict();

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
const menuItems = z
	.array(menuItem)
	.refine((items) => countMenuItems(items) <= 100, 'at most 100 menu items (nested ones count)');
export const createMenuBody = z.object({ ...accountBody, title: id, handle: id, items: menuItems }).strict();
export const replaceMenuBody = z.object({ ...accountBody, title: id, handle: z.string().optional(), items: menuItems }).strict();

// ---- metaobjects
const fieldInput = z.object({ key: id, value: z.string() }).strict();
export const createMetaobjectBody = z
	.object({ ...accountBody, type: id, handle: z.string().optional(), fields: z.array(fieldInput).max(100) })
	.strict();
export const updateMetaobjectBody = z
	.object({ ...accountBody, handle: z.string().optional(), fields: z.array(fieldInput).max(100) })
	.strict();
export const metaobjectListQuery = cursorQuery({ type: id });

// ---- pages
export const createPageBody = z
	.object({ ...accountBody, title: id, handle: z.string().optional(), bodyHtml: z.string().optional(), isPublished: z.boolean().optional() })
	.strict();
export const updatePageBody = z
	.object({
		...accountBody,
		title: z.string().min(1).optional(),
		handle: z.string().optional(),
		bodyHtml: z.string().optional(),
		isPublished: z.boolean().optional(),
	})
	.strict();
export const pageListQuery = cursorQuery({ query: z.string().optional() });

// ---- redirects
const redirectPath = z.string().startsWith('/', 'must start with /');
export const createRedirectBody = z.object({ ...accountBody, path: redirectPath, target: id }).strict();
export const updateRedirectBody = z.object({ ...accountBody, path: redirectPath.optional(), target: id.optional() }).strict();
export const redirectListQuery = cursorQuery({ query: z.string().optional() });

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
