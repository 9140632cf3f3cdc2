import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	JsonObject,
	PostReceiveAction,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { checkedId, isEmpty, isLocatorValue } from './params';
import { reading } from './reads';

/** Fails the current item with a message and what to do about it. */
export function failItem(ctx: IExecuteSingleFunctions, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex: ctx.getItemIndex() });
}

/** Fails the item or run with a message and what to do about it (failItem, a batch run's fail). */
export type Fail = (message: string, description: string) => never;

/**
 * The value of a JSON field: text is parsed, an expression's object or list passes as it is.
 * Invalid JSON fails with a message naming the field, the parser's reason and the fix: "Enter
 * `example`" (e.g. 'a JSON list, e.g. [{"email": "a@example.com"}]').
 */
export function parseJson(value: unknown, field: string, example: string, fail: Fail): unknown {
	if (value && typeof value === 'object') return value;
	try {
		return JSON.parse(String(value));
	} catch (error) {
		return fail(`${field} is not valid JSON`, `${(error as Error).message}. Enter ${example}.`);
	}
}

/** A JSON field holding a list: one object counts as a list of one. */
export function parseJsonList(value: unknown, field: string, example: string, fail: Fail): IDataObject[] {
	const parsed = parseJson(value, field, example, fail);
	return (Array.isArray(parsed) ? parsed : [parsed]) as IDataObject[];
}

/**
 * Lists of free text the API takes as string arrays (headlines, keywords, URLs, interests): an
 * array (from an expression) passes as it is, text is one entry per line. Never split on commas:
 * "Summer sale, 50% off" is one headline.
 */
export function linesList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return String(value ?? '')
		.split('\n')
		.map((s) => s.trim())
		.filter(Boolean);
}

/**
 * Lists of codes and identifiers, none of which can hold a comma (country codes, recommendation
 * resource names, videonet dimensions and metrics): one per line or comma-separated, or an array.
 */
export function codesList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return String(value ?? '')
		.split(/[,\n]/)
		.map((s) => s.trim())
		.filter(Boolean);
}

/**
 * A targeting object from a collection (Boost Post's Targeting, a forecast's Targeting Spec): its
 * More JSON (`moreJson`, named in its error by `json`) first, then the named fields over it:
 * Countries as codes (`codesList`), each other field `isList` names one entry per line (`linesList`),
 * a list left empty unsent; any other value as it is, when filled.
 */
export function targetingOf(fields: IDataObject, isList: (key: string) => boolean, json: { field: string; example: string }, fail: Fail): IDataObject {
	const { moreJson, ...named } = fields;
	const targeting: IDataObject = moreJson ? { ...(parseJson(moreJson, json.field, json.example, fail) as IDataObject) } : {};
	for (const [key, value] of Object.entries(named)) {
		const list = key === 'countries' ? codesList(value) : isList(key) ? linesList(value) : undefined;
		if (list ? list.length : !isEmpty(value)) targeting[key] = list ?? value;
	}
	return targeting;
}

/**
 * Refuses the current item before anything is sent, as an API error with no HTTP code: for a request
 * the API would take, but not as the workflow means it (it names what the API would do instead).
 */
export function refuseUnsent(ctx: IExecuteSingleFunctions, message: string, description: string): never {
	throw new NodeApiError(ctx.getNode(), {} as JsonObject, { message, description, itemIndex: ctx.getItemIndex() });
}

/** Keys of the answer kept beside the inner object's fields (`'rest'`: every other key); empty ones are left out. */
export type Kept = string[] | 'rest';

/**
 * The object under `key` of one answer (e.g. `{page: {...}}` → the page), `added` fields after its
 * own, with the answer's `keep` keys beside them; undefined when the answer holds no such object (a
 * server that answers the bare object). The one way an answer is unwrapped (`unwrap`, createdOutput.ts).
 */
export function unwrapped(answer: IDataObject, key: string, keep: Kept = [], added: IDataObject = {}): IDataObject | undefined {
	const inner = answer[key];
	if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return undefined;
	const kept = keep === 'rest' ? Object.keys(answer).filter((k) => k !== key) : keep;
	const beside = Object.fromEntries(kept.filter((k) => !isEmpty(answer[k])).map((k) => [k, answer[k]]));
	return { ...(inner as IDataObject), ...added, ...beside };
}

/** postReceive: each answer unwrapped (`unwrapped`), a bare object as it came. */
export function unwrap(key: string, options: { keep?: Kept } = {}): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return items.map((item) => {
			const json = unwrapped(item.json, key, options.keep);
			return json ? { ...item, json } : item;
		});
	};
}

/**
 * postReceive of every delete: `deleted: true` first, as n8n's guidelines ask of a delete, beside
 * everything the API answered (an answer's own `deleted` keeps its value).
 */
export const markDeleted: PostReceiveAction = async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	return items.map((item) => ({ ...item, json: { deleted: true, ...item.json } }));
};

/** The answer's fields `keys`, in that order (those it lacks left out): what Simplify keeps. */
export const pick = (keys: readonly string[]) => (row: IDataObject): IDataObject =>
	Object.fromEntries(keys.filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));

/** postReceive of a Get that offers Simplify (n8n's guidelines, over 10 fields): while it is on, each answer cut by `simplify`. */
export function simplifiedWhenOn(simplify: (row: IDataObject) => IDataObject) {
	return reading(['simplify'], (read) => async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		if (!read.param<boolean>(this, 'simplify', false)) return items;
		return items.map((item) => ({ ...item, json: simplify(item.json) }));
	});
}

/**
 * Copies the non-empty values of `fields` onto `target` (empty as `isEmpty` says: undefined, null,
 * '' or []), each through `map` (e.g. a comma list into a list); returns `target`. Every "send what
 * the user filled in" loop goes through here, so they all agree on what empty means.
 */
export function copyFilled(target: IDataObject, fields: IDataObject, map: (value: unknown, key: string) => unknown = (value) => value): IDataObject {
	for (const [key, value] of Object.entries(fields)) if (!isEmpty(value)) target[key] = map(value, key) as IDataObject[string];
	return target;
}

/**
 * A collection's values with each resource locator among them as its plain ID, trimmed and checked
 * as `locatorValue` (params.ts) checks one (Filters → Campaign, Additional Fields → Audience); any other value,
 * a plain ID saved before the option was a locator included, stays as it is.
 */
export function withPlainIds(ctx: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const plain: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) plain[key] = isLocatorValue(value) ? checkedId(ctx.getNode(), key, value.value, ctx.getItemIndex()) : value;
	return plain;
}

/** Sends a collection's non-empty values in the body under the same names (a locator's as its plain ID; after `transform`). */
export function bodyFrom<C extends string>(
	collectionName: C,
	transform: (this: IExecuteSingleFunctions, fields: IDataObject) => IDataObject = (f) => f,
) {
	return reading([collectionName], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = transform.call(this, withPlainIds(this, read.param<IDataObject>(this, collectionName, {})));
		request.body = copyFilled({ ...(request.body as IDataObject) }, fields);
		return request;
	});
}

/** Sends a collection's non-empty values in the query string under the same names (a locator's as its plain ID). */
export function queryFrom<C extends string>(collectionName: C) {
	return reading([collectionName], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = withPlainIds(this, read.param<IDataObject>(this, collectionName, {}));
		request.qs = copyFilled({ ...(request.qs as IDataObject) }, fields);
		return request;
	});
}

/** Refuses an update whose collection is empty: PATCH sends only what the user set, so nothing set is a mistake. */
export function requireAnyField<C extends string>(collection: C, label = 'Update Fields') {
	return reading([collection], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = read.param<IDataObject>(this, collection, {});
		if (Object.values(fields).every(isEmpty)) {
			failItem(this, 'Nothing to update', `Add at least one field under "${label}".`);
		}
		return request;
	});
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
