import type { IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { collection, returnAllOrLimit } from '../../shared/fields';

import { operation, type OperationSpec } from '../../shared/operation';
import { failItem, queryFrom, unwrap } from '../../shared/requestActions';

/** A `send` map function refusing an empty value before the call, naming the field. */
export function requireValue(label: string, fix: string) {
	return function (this: IExecuteSingleFunctions, value: unknown) {
		const text = String(value ?? '').trim();
		if (!text) failItem(this, `${label} is empty`, fix);
		return text;
	};
}

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

interface ByIdSpec {
	/** e.g. "menu" in "Get a menu". */
	noun: string;
	path: string;
	description: string;
	noAccount?: boolean;
}

/** Get one record by ID; the output is the record itself (the answer's `rootKey`). */
export function getOne(spec: ByIdSpec & { rootKey: string }) {
	const { noun, rootKey, ...rest } = spec;
	return storeOperation({ value: 'get', name: 'Get', action: `Get a ${noun}`, method: 'GET', postReceive: [unwrap(rootKey)], ...rest });
}

/** Delete one record by ID; the output is the API's `{deleted, <id name>}`. */
export function deleteOne(spec: ByIdSpec) {
	const { noun, ...rest } = spec;
	return storeOperation({ value: 'delete', name: 'Delete', action: `Delete a ${noun}`, method: 'DELETE', ...rest });
}

interface ListSpec {
	plural: string;
	path: string;
	rootProperty: string;
	description: string;
}

/** A Get Many operation: how the API pages comes from `request.list`. */
function getMany(spec: ListSpec, request: Pick<OperationSpec, 'list' | 'send' | 'preSend'>) {
	return storeOperation({
		value: 'getAll',
		name: 'Get Many',
		action: `Get many ${spec.plural}`,
		description: spec.description,
		method: 'GET',
		path: spec.path,
		...request,
	});
}

/** A list the API answers in one response (no paging): Limit is applied to the rows. */
export function listAll(spec: ListSpec) {
	return getMany(spec, { list: { style: 'none', rootProperty: spec.rootProperty } });
}

/** A cursor list (metaobjects, pages, redirects): `limit` + `cursor`, at most 100 a page. */
export function cursorList(spec: ListSpec & { send?: OperationSpec['send'] }) {
	return getMany(spec, {
		send: spec.send,
		preSend: [queryFrom('filters')],
		list: { style: 'cursor', rootProperty: spec.rootProperty, maxPageSize: 100 },
	});
}

/** Return All, Limit and a "Filters" collection whose search text goes to the API's `query`. */
export function searchableListFields(plural: string, search: Pick<INodeProperties, 'displayName' | 'placeholder' | 'description'>): INodeProperties[] {
	return [...returnAllOrLimit(plural), collection('Filters', 'filters', [{ ...search, name: 'query', type: 'string', default: '' }], 'Add Filter')];
}
