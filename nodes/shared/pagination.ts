import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { param } from './params';
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
 * only its paging keys, and Limit is honoured exactly across pages.
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

export function paginate(options: ListOptions): Paginator {
	const maxPage = options.maxPageSize ?? 100;
	return async function (this: IExecutePaginationFunctions, requestData) {
		const returnAll = param(this, 'returnAll', false);
		const limit = returnAll ? Infinity : positiveLimit(this, param(this, 'limit', 50));
		const simplify = options.simplify && param(this, 'simplify', false) ? options.simplify : undefined;
		const baseQs = { ...(requestData.options.qs as IDataObject) };
		const rows: IDataObject[] = [];
		let page = 1;
		let cursor: string | undefined;
		for (;;) {
			const qs: IDataObject = { ...baseQs };
			const wanted = Math.min(maxPage, limit - rows.length);
			if (options.style !== 'none' && options.style !== 'token') qs.limit = wanted;
			if (options.style === 'page') qs.page = page;
			if (cursor && options.style === 'cursor') qs.cursor = cursor;
			if (cursor && options.style === 'before') qs.before = cursor;

			const body =
				options.style === 'token' && cursor ? { ...(requestData.options.body as IDataObject), pageToken: cursor } : requestData.options.body;
			const [answer] = await this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, qs, body } });
			const answerBody = answer?.json ?? {};
			const pageRows = listRows(answerBody, options.rootProperty);
			rows.push(...pageRows);
			if (rows.length >= limit || pageRows.length === 0) break;

			if (options.style === 'cursor') {
				cursor = typeof answerBody.nextCursor === 'string' && answerBody.nextCursor ? answerBody.nextCursor : undefined;
				if (!cursor) break;
			} else if (options.style === 'before') {
				cursor = pageRows[pageRows.length - 1].created_at as string | undefined;
				if (!answerBody.has_more || !cursor) break;
			} else if (options.style === 'page') {
				const pages = Number((answerBody.pagination as IDataObject | undefined)?.pages ?? 0);
				if (pages ? page >= pages : pageRows.length < wanted) break;
				page += 1;
			} else if (options.style === 'token') {
				const token = (answerBody.paging as IDataObject | undefined)?.nextPageToken;
				cursor = typeof token === 'string' && token ? token : undefined;
				if (!cursor) break;
			} else {
				break;
			}
		}
		return rows.slice(0, limit).map((row) => ({ json: simplify ? simplify(row) : row }));
	};
}
