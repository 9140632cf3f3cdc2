import { operation, type OperationSpec } from '../../shared/operation';
import type { ListOptions } from '../../shared/pagination';
import { requireValue } from './requireValue';

const requireAccount = requireValue('Store Account', 'Enter the ID of the connected store account (accountId).');

/**
 * A store operation: the store account goes in the query for GET and DELETE and in the body
 * for POST, PUT and PATCH (the reference's convention). Catalog-sync calls by ID carry none
 * (`noAccount`); their modules do not list `accountId` in `uses` either.
 */
export function storeOperation(spec: OperationSpec & { noAccount?: boolean }) {
	const { noAccount, ...rest } = spec;
	if (noAccount) return operation(rest);
	const where = spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body';
	return operation({ ...rest, send: { accountId: { in: where, map: requireAccount }, ...rest.send } });
}

/**
 * How the store's cursor lists (metaobjects, pages, redirects) page: `limit` + `cursor`, at most
 * 100 rows a page. An operation adds where its rows are: `list: { ...storeCursorPaging, rootProperty: 'pages' }`.
 */
export const storeCursorPaging = { style: 'cursor', maxPageSize: 100 } as const satisfies Omit<ListOptions, 'rootProperty'>;
