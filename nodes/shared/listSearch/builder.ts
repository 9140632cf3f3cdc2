import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequest } from '../wire/request';
import { PAGING } from '../pagination';

/** Rows a list search asks for per page. */
const PAGE_SIZE = 100;

export interface ListSearchSpec {
	path: string;
	/** Where the rows are in the answer. */
	rootProperty: string;
	/** Query of each call, from the node's other parameters (e.g. the store account), or what to choose first (`chooseFirst`). */
	query?: (ctx: ILoadOptionsFunctions) => IDataObject | Unlisted;
	/** Sends the filter text to the API as this query parameter instead of filtering here. */
	serverFilter?: string;
	/** Cursor lists: `limit` + `cursor` → `nextCursor`. */
	cursor?: boolean;
	/** Page lists: `page` + `limit` → `pagination.pages`. */
	pages?: boolean;
	/** Keeps only the rows this returns true for (filters the API has no parameter for). */
	keep?: (ctx: ILoadOptionsFunctions) => ((row: IDataObject) => boolean) | undefined;
	name: (row: IDataObject) => string;
	value: (row: IDataObject) => string;
	/** Shown under the name in the list (e.g. a URL). */
	url?: (row: IDataObject) => string | undefined;
}

/** Why a list cannot list yet (a field it depends on is empty), in the words the editor shows instead of "No results". */
export interface Unlisted {
	unlisted: { message: string; description: string };
}

/** The list needs `field` (its display name) chosen first; `lists` says what it shows once it is. */
export const chooseFirst = (field: string, lists: string): Unlisted => ({
	unlisted: { message: `Choose ${/^[aeiou]/i.test(field) ? 'an' : 'a'} ${field} first`, description: `This list shows ${lists}. Choose one above, or switch to By ID.` },
});

const isUnlisted = (query: IDataObject | Unlisted | undefined): query is Unlisted => Boolean(query && 'unlisted' in query && typeof query.unlisted === 'object');

/**
 * The editor's answer to a list that cannot list yet: n8n 2.41 shows a list search's error under
 * "Could not load list" with its message and description, and sends the description only of a
 * NodeApiError (without an HTTP code, so none is shown).
 */
export function unlistedError(ctx: ILoadOptionsFunctions, { unlisted }: Unlisted): NodeApiError {
	return new NodeApiError(ctx.getNode(), {} as JsonObject, unlisted);
}

/** A "From list" search over one list endpoint: filtered, paged where the API pages. */
export function listSearch(spec: ListSearchSpec) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const base = spec.query?.(this);
		if (isUnlisted(base)) throw unlistedError(this, base);
		const rules = spec.cursor ? PAGING.cursor : spec.pages ? PAGING.page : undefined;
		const qs: IDataObject = { ...base, ...rules?.request(paginationToken, PAGE_SIZE).qs };
		if (filter && spec.serverFilter) qs[spec.serverFilter] = filter;
		const { body } = await apiRequest.call(this, 'GET', spec.path, { qs });
		const rows = (body[spec.rootProperty] as IDataObject[] | undefined) ?? [];
		const needle = filter && !spec.serverFilter ? filter.toLowerCase() : undefined;
		const keep = spec.keep?.(this);
		return {
			results: rows
				.filter((row) => !keep || keep(row))
				.map((row) => ({ name: spec.name(row), value: spec.value(row), url: spec.url?.(row) }))
				.filter((r) => !needle || `${r.name} ${r.value}`.toLowerCase().includes(needle)),
			paginationToken: movedOn(rules?.next(body, rows, paginationToken, PAGE_SIZE), paginationToken),
		};
	};
}

/** The next page's token for the editor, or none when the API's paging did not move (the list would be asked for forever). */
export const movedOn = (next: string | undefined, current: string | undefined) => (next !== current ? next : undefined);

/** The value of another parameter while the user edits the node, or undefined when it is not set yet. */
export function currentParameter(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	try {
		const value = ctx.getNodeParameter(name, '', { extractValue: true }) as string;
		return value || undefined;
	} catch {
		return undefined;
	}
}
