import { operation, type CheckedSpec } from '../../shared/operation';
import type { ListOptions } from '../../shared/pagination';
import { requireValue } from '../../shared/params';
import { storeErrors } from './storeErrors';

const requireAccount = requireValue('Store Account', 'Enter the ID of the connected store account (accountId).');

/**
 * A store operation, with the store's own error codes (storeErrors.ts): the store account (its `accountId` field) goes in the query for GET and
 * DELETE and in the body for POST, PUT and PATCH (the reference's convention). Catalog-sync calls
 * by ID carry none (`noAccount`), and do not list the field either.
 */
export function storeOperation<N extends string, P extends string>(
	// an operation without the accountId field must say so: it would send none
	spec: CheckedSpec<N, P> & ('accountId' extends NoInfer<N> ? { noAccount?: boolean } : { noAccount: true }),
) {
	const { noAccount, ...own } = spec;
	const rest = { ...own, errors: storeErrors };
	if (noAccount) return operation(rest as CheckedSpec<N, P>);
	const where = spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body';
	return operation({ ...rest, inRequest: { accountId: { in: where, map: requireAccount }, ...rest.inRequest } } as CheckedSpec<N, P>);
}

/**
 * How the store's cursor lists (metaobjects, pages, redirects) page: `limit` + `cursor`, at most
 * 100 rows a page. An operation adds where its rows are: `list: { ...storeCursorPaging, rootProperty: 'pages' }`.
 */
export const storeCursorPaging = { style: 'cursor', maxPageSize: 100 } as const satisfies Omit<ListOptions, 'rootProperty'>;
