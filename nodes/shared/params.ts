import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IGetNodeParameterOptions,
	type IHttpRequestOptions,
	type INode,
	type PreSendAction,
} from 'n8n-workflow';

import { withActionNames } from './actionNames';
import { LOCATORS, type LocatorSpec, type Placement } from './fieldBuilders';
import { segmentError } from './wire/errorText';
import { leavingRoutingNode, passOn } from './wire/failure';

/**
 * The node's parameters as an operation reads them: each once per item, a locator's ID checked
 * against the locators its node registers (`checkedId`) or read as saved (`savedLocator`), the node
 * copied once per item (`nodeOf`); and the request its declaration makes of them (`buildRequest`),
 * each value put in its path kept in its segment (`checkedSegment`; the wire's net at both doors, `pathMoves`).
 */

/**
 * Reads a node parameter for the current item at most once per item.
 *
 * n8n evaluates an expression every time a parameter is read, and RoutingNode already
 * evaluates each top-level parameter twice per item before our preSend runs. The operation's
 * preSend, checks and postReceive all read through here, so a mapped value costs one more
 * evaluation however many of our functions need it.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

/** The item's context: pagination contexts (RoutingNode's, then the wire's: wire/request.ts) are layered on top of it. */
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

/** Several parameters of the item in one call, each read as `param` reads it: by name, with its fallback. */
export function params<V extends Record<string, unknown>>(ctx: IExecuteSingleFunctions, fallbacks: V): V {
	return Object.fromEntries(Object.entries(fallbacks).map(([name, fallback]) => [name, param(ctx, name, fallback)])) as V;
}

/** The node's own type name: `n8n-nodes-storefront.storefrontAdsTool` (a node run as an AI tool) → storefrontAds. */
const nodeTypeName = (type: string) => type.slice(type.lastIndexOf('.') + 1).replace(/Tool$/, '');

/** Locator `name` of a node (`storefrontAds`, or the full type of a running node). */
export const locatorSpec = (node: string, name: string): LocatorSpec | undefined => LOCATORS.get(nodeTypeName(node))?.get(name);

/** The ID of locator `name` as given, trimmed; refused with the expected form when it does not match the locator's pattern. */
export function checkedId(node: INode, name: string, value: unknown, itemIndex: number): string {
	const id = String(value ?? '').trim();
	const spec = locatorSpec(node.type, name);
	if (!id || !spec?.idPattern || new RegExp(spec.idPattern.regex).test(id)) return id;
	const example = spec.placeholder.replace(/^e\.g\. /, '');
	throw new NodeOperationError(node, `"${id}" is not a valid ${spec.displayName} ID`, {
		itemIndex,
		description: `${spec.idPattern.message} (e.g. ${example}).${spec.listedBy ? ` ${withActionNames(spec.listedBy)} lists them.` : ''}`,
	});
}

/**
 * A resource locator's value (By ID, From List or URL), trimmed and checked against the locator's
 * ID format, whatever its source. `name` may be a path into a collection (`options.accountId`).
 */
export function locatorValue(ctx: IExecuteSingleFunctions, name: string): string {
	return checkedId(nodeOf(ctx), name.split('.').pop()!, param(ctx, name, '', { extractValue: true }), ctx.getItemIndex());
}

/** A resource locator's value as n8n keeps it, `{__rl, mode, value}` (inside a collection it is read as it is). */
export const isLocatorValue = (value: unknown): value is { mode: unknown; value: unknown; cachedResultName?: unknown } =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && 'mode' in value && 'value' in value;

/** Locator `name` as the node saved it, not evaluated again (a post picked from its list is a plain value), when it holds one. */
export function savedLocator(ctx: IExecuteSingleFunctions, name: string) {
	const saved = nodeOf(ctx).parameters[name];
	return isLocatorValue(saved) ? saved : undefined;
}

export const isEmpty = (value: unknown) =>
	value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A `map` sending a switch only while it is on (`true`); off, it stays out of the request. */
export const sentWhenOn = (value: unknown) => (value ? true : undefined);

/** A `map` refusing an empty value before the call, naming the field (the item fails, as requestActions.ts `failItem` fails it). */
export function requireValue(label: string, fix: string) {
	return function (this: IExecuteSingleFunctions, value: unknown) {
		const text = String(value ?? '').trim();
		if (!text) throw new NodeOperationError(this.getNode(), `${label} is empty`, { description: fix, itemIndex: this.getItemIndex() });
		return text;
	};
}

/**
 * The operation's preSend actions in one. Under Continue On Fail a failure is kept (in `failed`,
 * by request) instead of thrown, so that the request hook (wire/request.ts) turns it into an error item paired with
 * its input item (RoutingNode's own error items carry no pairedItem).
 */
export function checkedPreSend(actions: PreSendAction[], failed: WeakMap<object, unknown>): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		try {
			for (const action of actions) request = await action.call(this, request);
			return request;
		} catch (error) {
			if (!this.continueOnFail()) throw leavingRoutingNode(this.getNode(), passOn(this.getNode(), error));
			failed.set(request, error);
			return request;
		}
	};
}

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

/*
 * IDs stay in their segment. A value put in a request's path is one segment: `encodeURIComponent`
 * keeps `.`, so an ID of `..` (or `.`, or empty) would make URL parsing drop or climb a segment and
 * send the request, with the key, to another endpoint (`DELETE /v1/webhooks/..` is `DELETE /v1/`);
 * servers and proxies that decode once more treat `%2e%2e` and `%2F` the same way. Such a value is
 * refused before anything is sent, naming the field (`fillPath`, `checkedSegment`); at both doors
 * of the wire a URL is checked again (`pathMoves`).
 */

export const PATH_PARAM = /\{(\w+)\}/g;

/**
 * A path template with each `{name}` filled from `value(name)`, each value checked to stay one
 * segment (`checkedSegment`, below) and URL-encoded; `label(name)` names the field when one is refused.
 */
export const fillPath = (path: string, value: (name: string) => string, label: (name: string) => string, fail: (message: string, description: string) => never) =>
	path.replace(PATH_PARAM, (_, name: string) => checkedSegment(label(name), value(name), fail));

/** Decodings looked through: a value encoded more often than this is refused. */
const MAX_DECODINGS = 3;

/** Why `value` cannot be one path segment ('empty' or 'moves'), or undefined when it can. */
export function segmentProblem(value: string): 'empty' | 'moves' | undefined {
	if (value.trim() === '') return 'empty';
	let text = value;
	for (let i = 0; i <= MAX_DECODINGS; i++) {
		const trimmed = text.trim();
		if (trimmed === '' || trimmed === '.' || trimmed === '..' || /[/\\]/.test(text)) return 'moves';
		let decoded: string;
		try {
			decoded = decodeURIComponent(text);
		} catch {
			// a lone `%`: sent as `%25`, the server reads it as it is
			return undefined;
		}
		if (decoded === text) return undefined;
		text = decoded;
	}
	return 'moves';
}

/** The value encoded as one segment, or `fail` with the field's name when it cannot be one. */
export function checkedSegment(label: string, value: string, fail: (message: string, description: string) => never): string {
	const problem = segmentProblem(value);
	if (problem) {
		const { message, description } = segmentError(label, value, problem);
		fail(message, description);
	}
	return encodeURIComponent(value);
}

/**
 * The net under the fields' checks, at both doors of the wire: whether a request path (before any
 * `?`) has an empty, `.` or `..` segment, or one that decodes to such a segment or to a `/`.
 */
export function pathMoves(url: string): boolean {
	const path = url.replace(/^[a-z][a-z\d+\-.]*:\/\/[^/]*/i, '').split(/[?#]/)[0];
	const segments = path.split('/').slice(1);
	return segments.some((segment, i) => (segment === '' ? i < segments.length - 1 || segments.length === 1 : segmentProblem(segment) !== undefined));
}
