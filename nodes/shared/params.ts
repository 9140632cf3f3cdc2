import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IGetNodeParameterOptions,
	type IHttpRequestOptions,
	type INode,
	type PreSendAction,
} from 'n8n-workflow';

import { checkedId } from './fieldBuilders';
import { checkedSegment } from './pathSegment';

/** The node's parameters as an operation reads them, and the request its declaration makes of them (`buildRequest`). */

/**
 * Reads a node parameter for the current item at most once per item.
 *
 * n8n evaluates an expression every time a parameter is read, and RoutingNode already
 * evaluates each top-level parameter twice per item before our preSend runs. The operation's
 * preSend, checks and postReceive all read through here, so a mapped value costs one more
 * evaluation however many of our functions need it.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

/** The item's context: pagination contexts (RoutingNode's, then the wire's, wire/requestHook.ts) are layered on top of it. */
export function baseContext(ctx: object): object {
	while (Object.prototype.hasOwnProperty.call(ctx, 'makeRoutingRequest')) ctx = Object.getPrototypeOf(ctx);
	return ctx;
}

/**
 * The node as the item's context gives it, copied once per item: n8n-core's `getNode()` deep-copies
 * the node, its parameters included, on every call. For reading only (ids, name, type).
 */
const nodes = new WeakMap<object, INode>();
export function nodeOf(ctx: { getNode(): INode }): INode {
	const item = baseContext(ctx);
	let node = nodes.get(item);
	if (!node) nodes.set(item, (node = ctx.getNode()));
	return node;
}

export function param<T = unknown>(
	ctx: IExecuteSingleFunctions,
	name: string,
	fallback?: T,
	options: IGetNodeParameterOptions = {},
): T {
	const key = baseContext(ctx);
	let values = cache.get(key);
	if (!values) cache.set(key, (values = new Map()));
	const id = options.extractValue ? `${name}\u0000rl` : name;
	if (values.has(id)) return values.get(id) as T;
	let value: unknown;
	try {
		value = ctx.getNodeParameter(name, fallback as never, options);
	} catch (error) {
		// a parameter that is not shown for this operation (and has no default) reads as the fallback
		if ((error as Error)?.message?.startsWith('Could not get parameter')) value = fallback;
		// n8n's own error naming the parameter (an ExpressionError): same message, description and parameter
		else throw new NodeOperationError(ctx.getNode(), error as Error);
	}
	values.set(id, value);
	return value as T;
}

/**
 * A resource locator's value (By ID, From List or URL), trimmed and checked against the locator's
 * ID format, whatever its source. `name` may be a path into a collection (`options.accountId`).
 */
export function locatorValue(ctx: IExecuteSingleFunctions, name: string): string {
	return checkedId(nodeOf(ctx), name.split('.').pop()!, param(ctx, name, '', { extractValue: true }), ctx.getItemIndex());
}

/** A resource locator's value as n8n keeps it, `{__rl, mode, value}` (inside a collection it is read as it is). */
export const isLocatorValue = (value: unknown): value is { mode: unknown; value: unknown } =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && 'mode' in value && 'value' in value;

/**
 * A collection's values with each resource locator among them as its plain ID, trimmed and checked
 * as `locatorValue` checks one (Filters → Campaign, Additional Fields → Audience); any other value,
 * a plain ID saved before the option was a locator included, stays as it is.
 */
export function withPlainIds(ctx: IExecuteSingleFunctions, fields: IDataObject): IDataObject {
	const plain: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) plain[key] = isLocatorValue(value) ? checkedId(ctx.getNode(), key, value.value, ctx.getItemIndex()) : value;
	return plain;
}

export const isEmpty = (value: unknown) =>
	value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The same read for code that runs once for all items (a declarative node's `customOperations`):
 * the value for item `itemIndex`, or the fallback when the parameter is not shown.
 */
export function paramOf<T>(ctx: IExecuteFunctions, itemIndex: number, name: string, fallback: T, options: IGetNodeParameterOptions = {}): T {
	return ctx.getNodeParameter(name, itemIndex, fallback as never, options) as T;
}

/** Where one field's value goes in the request. */
export interface Placement {
	in: 'query' | 'body';
	/** Name on the wire (default: the parameter's name). */
	as?: string;
	/** Leave it out when empty (default: sent as it is). */
	optional?: boolean;
	/** Resource locators: send the chosen ID. */
	locator?: boolean;
	/** Turns the parameter's value into what the API takes (may fail the item with a clear message). */
	map?: (this: IExecuteSingleFunctions, value: unknown) => unknown;
}

export const PATH_PARAM = /\{(\w+)\}/g;

/**
 * A path template with each `{name}` filled from `value(name)`, each value checked to stay one
 * segment (pathSegment.ts) and URL-encoded; `label(name)` names the field when one is refused.
 */
export const fillPath = (path: string, value: (name: string) => string, label: (name: string) => string, fail: (message: string, description: string) => never) =>
	path.replace(PATH_PARAM, (_, name: string) => checkedSegment(label(name), value(name), fail));

/**
 * The preSend that applies an operation's path template and `inRequest` map (operation.ts), reading
 * each parameter once; `labels`: the display names of its fields, for a path value it refuses.
 */
export function buildRequest(path: string, inRequest: Record<string, 'query' | 'body' | Placement | undefined>, labels: Record<string, string> = {}): PreSendAction {
	const sends = Object.entries(inRequest).map(([name, s]) => [name, typeof s === 'string' ? { in: s } : s!] as const);
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		if (path.includes('{')) {
			request.url = fillPath(
				path,
				(name) => locatorValue(this, name),
				(name) => labels[name] ?? name,
				(message, description) => {
					throw new NodeOperationError(this.getNode(), message, { description, itemIndex: this.getItemIndex() });
				},
			);
		}
		for (const [name, s] of sends) {
			let value: unknown = s.locator ? locatorValue(this, name) : param(this, name, undefined);
			if (s.optional && isEmpty(value)) continue;
			if (s.map) value = s.map.call(this, value);
			if (s.optional && isEmpty(value)) continue;
			if (s.in === 'query') request.qs = { ...(request.qs as IDataObject), [s.as ?? name]: value as IDataObject[string] };
			else request.body = { ...(request.body as IDataObject), [s.as ?? name]: value as IDataObject[string] };
		}
		return request;
	};
}
