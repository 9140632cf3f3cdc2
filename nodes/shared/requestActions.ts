import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isEmpty, param } from './params';

/** Fails the current item with a message and what to do about it. */
export function failItem(ctx: IExecuteSingleFunctions, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex: ctx.getItemIndex() });
}

/** Returns the object under `key` of the answer (e.g. `{page: {...}}` → the page); a server that answers the bare object works too. */
export function unwrap(key: string): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return items.map((item) => {
			const inner = (item.json as IDataObject)[key];
			return { ...item, json: inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as IDataObject) : item.json };
		});
	};
}

/** Sends a collection's non-empty values in the body under the same names (after `transform`). */
export function bodyFrom(
	collectionName: string,
	transform: (this: IExecuteSingleFunctions, fields: IDataObject) => IDataObject = (f) => f,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = transform.call(this, { ...param<IDataObject>(this, collectionName, {}) });
		const body = { ...(request.body as IDataObject) };
		for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') body[key] = value;
		request.body = body;
		return request;
	};
}

/** Sends a collection's non-empty values in the query string under the same names. */
export function queryFrom(collectionName: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = param<IDataObject>(this, collectionName, {});
		const qs = { ...(request.qs as IDataObject) };
		for (const [key, value] of Object.entries(fields)) if (!isEmpty(value)) qs[key] = value;
		request.qs = qs;
		return request;
	};
}

/** Refuses an update whose collection is empty: PATCH sends only what the user set, so nothing set is a mistake. */
export function requireAnyField(collection: string, label = 'Update Fields'): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = param<IDataObject>(this, collection, {});
		if (!Object.values(fields).some((v) => v !== undefined && v !== '')) {
			failItem(this, 'Nothing to update', `Add at least one field under "${label}".`);
		}
		return request;
	};
}

/**
 * Lists give one item per row; what the answer says beside its rows (`stale`, `customerId`,
 * `notes`, `adAccountId`, ...) is copied onto every row so nothing is lost. A row's own field of
 * the same name wins; `rename` gives such a field another name on the rows (e.g. the list of all
 * event types beside webhooks that each have their own `events`).
 */
export function carryOntoRows(rootProperty: string, keys: string[], rename: Record<string, string> = {}): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return items.map((item) => {
			const answer = item.json;
			const rows = answer[rootProperty];
			if (!Array.isArray(rows)) return item;
			const carried = keys.filter((k) => answer[k] !== undefined).map((k) => [k, rename[k] ?? k] as const);
			const withAnswer = (row: IDataObject) => ({ ...row, ...Object.fromEntries(carried.filter(([, as]) => !(as in row)).map(([k, as]) => [as, answer[k]])) });
			return { ...item, json: { ...answer, [rootProperty]: (rows as IDataObject[]).map(withAnswer) } };
		});
	};
}
