import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { readerFor } from './reads';
import { failItem } from './requestActions';

/**
 * The API's three list styles, each declared once:
 * - `cursor`: `limit` + `cursor` → `nextCursor` (store lists; max 100 a page)
 * - `page`: `page` (from 1) + `limit` → `pagination.pages` (ads lists; max 500)
 * - `before`: `limit` + `before` = `created_at` of the last row → `has_more` (webhook deliveries; max 100)
 * - `token`: POST lists that take `pageToken` in the body → `paging.nextPageToken` (keyword ideas); no page size
 * - `none`: one answer holds every row; Limit is applied here.
 *
 * Each page request keeps the operation's own query (accountId, filters) and adds
 * only its paging keys, and Limit is honoured exactly across pages. Every walk ends: a Return All
 * fails with an explained error when the paging does not move (the same token, or the same page
 * again), after MAX_PAGES pages or after MAX_PAGING_MS.
 */
export interface ListOptions {
	style: 'cursor' | 'page' | 'before' | 'token' | 'none';
	/** Where the rows are in the answer. */
	rootProperty: string;
	/** Largest page the API serves. */
	maxPageSize?: number;
	/** Applied to each row when the node's Simplify parameter is on. */
	simplify?: (row: IDataObject) => IDataObject;
}

type Paginator = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/**
 * How one list style asks for a page and finds the next: the API's paging rules, written once
 * and used by Get Many (`paginate`) and the "From list" searches (listSearch/builder.ts).
 */
export interface PagingRules {
	/** The first page's token where Get Many names it (page 1); a list search's first call leaves it to the API. */
	first?: string;
	/** What the request for a page adds (the first page has no token): query keys, body keys. */
	request(token: string | undefined, size: number): { qs: IDataObject; body?: IDataObject };
	/** The next page's token, or undefined after the last (`rows`: this page's rows; `size`: the page size asked). */
	next(answer: IDataObject, rows: IDataObject[], token: string | undefined, size: number): string | undefined;
}

const token = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const PAGING: Record<ListOptions['style'], PagingRules> = {
	cursor: {
		request: (cursor, size) => ({ qs: { limit: size, ...(cursor ? { cursor } : {}) } }),
		next: (answer) => token(answer.nextCursor),
	},
	page: {
		first: '1',
		request: (page, size) => ({ qs: { limit: size, ...(page ? { page: Number(page) } : {}) } }),
		next: (answer, rows, current, size) => {
			const page = Number(current ?? 1);
			const pages = Number((answer.pagination as IDataObject | undefined)?.pages ?? 0);
			return (pages ? page >= pages : rows.length < size) ? undefined : String(page + 1);
		},
	},
	before: {
		request: (before, size) => ({ qs: { limit: size, ...(before ? { before } : {}) } }),
		next: (answer, rows) => (answer.has_more ? token(rows[rows.length - 1]?.created_at) : undefined),
	},
	token: {
		request: (pageToken) => ({ qs: {}, ...(pageToken ? { body: { pageToken } } : {}) }),
		next: (answer) => token((answer.paging as IDataObject | undefined)?.nextPageToken),
	},
	none: { request: () => ({ qs: {} }), next: () => undefined },
};

export function listRows(body: unknown, rootProperty: string): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	const rows = (body as IDataObject | undefined)?.[rootProperty];
	return Array.isArray(rows) ? (rows as IDataObject[]) : [];
}

/** Limit as given (typed, mapped or from a model): a whole number of 1 or more, never quietly changed. */
function positiveLimit(ctx: IExecutePaginationFunctions, value: unknown): number {
	const limit = Number(value);
	if (!Number.isInteger(limit) || limit < 1) {
		failItem(ctx, `Limit must be a whole number of 1 or more, not ${JSON.stringify(value)}`, 'Set "Limit" to how many results to return (e.g. 50), or turn on "Return All".');
	}
	return limit;
}

/** The fields `paginate` reads: Return All and Limit, and Simplify when the list simplifies (operation.ts checks them). */
export const listReads = (options: ListOptions): ListRead[] => ['returnAll', 'limit', ...(options.simplify ? (['simplify'] as const) : [])];
type ListRead = 'returnAll' | 'limit' | 'simplify';
const { param } = readerFor<ListRead>();

/** A Return All reads at most this many pages, for at most this long (then fails, saying how to narrow it). */
export const MAX_PAGES = 1000;
export const MAX_PAGING_MS = 30 * 60_000;

/** A page's identity: the same page served again has the same rows at both ends. */
const pageMark = (rows: IDataObject[]) => JSON.stringify([rows.length, rows[0], rows[rows.length - 1]]);

/** Why a Return All stops before the list's end, as the item's error. */
function stopPaging(ctx: IExecutePaginationFunctions, pages: number, why: 'stuck' | 'cap' | 'late'): never {
	const narrow = 'Turn off "Return All" and set a "Limit", or narrow the list with the operation\'s filters.';
	if (why === 'stuck') {
		failItem(ctx, `The API served the same page again after ${pages} pages`, `Its paging (cursor, page or "before") did not move, so reading on would never end; nothing more was read. ${narrow}`);
	}
	if (why === 'cap') failItem(ctx, `Return All stopped at ${MAX_PAGES} pages`, `A Return All reads at most ${MAX_PAGES} pages in one run. ${narrow}`);
	failItem(ctx, `Return All stopped after ${MAX_PAGING_MS / 60_000} minutes (${pages} pages)`, `A Return All reads pages for at most ${MAX_PAGING_MS / 60_000} minutes in one run. ${narrow}`);
}

export function paginate(options: ListOptions): Paginator {
	const maxPage = options.maxPageSize ?? 100;
	return async function (this: IExecutePaginationFunctions, requestData) {
		const returnAll = param(this, 'returnAll', false);
		const limit = returnAll ? Infinity : positiveLimit(this, param(this, 'limit', 50));
		const simplify = options.simplify && param(this, 'simplify', false) ? options.simplify : undefined;
		const baseQs = { ...(requestData.options.qs as IDataObject) };
		const rules = PAGING[options.style];
		const rows: IDataObject[] = [];
		const deadline = Date.now() + MAX_PAGING_MS;
		let next = rules.first;
		let lastMark: string | undefined;
		for (let pages = 0; ; pages++) {
			if (pages >= MAX_PAGES) stopPaging(this, pages, 'cap');
			if (pages > 0 && Date.now() > deadline) stopPaging(this, pages, 'late');
			const wanted = Math.min(maxPage, limit - rows.length);
			const page = rules.request(next, wanted);
			const qs: IDataObject = { ...baseQs, ...page.qs };
			const body = page.body ? { ...(requestData.options.body as IDataObject), ...page.body } : requestData.options.body;
			const [answer] = await this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, qs, body } });
			const answerBody = answer?.json ?? {};
			const pageRows = listRows(answerBody, options.rootProperty);
			const mark = pageMark(pageRows);
			if (pageRows.length && mark === lastMark) stopPaging(this, pages + 1, 'stuck');
			rows.push(...pageRows);
			if (rows.length >= limit || pageRows.length === 0) break;
			const after = rules.next(answerBody, pageRows, next, wanted);
			if (!after) break;
			if (after === next) stopPaging(this, pages + 1, 'stuck');
			next = after;
			lastMark = mark;
		}
		return rows.slice(0, limit).map((row) => ({ json: simplify ? simplify(row) : row }));
	};
}
