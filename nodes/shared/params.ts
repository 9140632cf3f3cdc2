import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IGetNodeParameterOptions,
	type IHttpRequestOptions,
	type INode,
	type INodeProperties,
	type PreSendAction,
} from 'n8n-workflow';

import { withActionNames } from './actionNames';
import { locatorDeclaredAs, type LocatorSpec } from './fieldBuilders';
import { fillPath } from './pathSegment';
import { CREDENTIAL_NAME } from './requestDefaults';

/**
 * The node's parameters as an operation reads them: each once per item, a locator's ID checked
 * against the locators its node registers (`checkedId`); and the request its declaration makes of
 * them (`buildRequest`), each value put in its path kept in its segment (`checkedSegment`); the node
 * and its credential as a run reads them (`nodeOf`, `credentialOfRun`).
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

/**
 * The node's Storefront API credential, read once per node run. In n8n each `getCredentials` is a
 * database read, a decryption and a walk of the credential's fields (n8n's CredentialsHelper
 * `getDecrypted`), about a request's worth of CPU. RoutingNode reads it once per run for the
 * request pass and once per request for the Authorization header; the spending caps, the wire's
 * queue and what it withholds read it here, once per run, instead of once per item each.
 *
 * A node run is its execute data (RoutingNode hands every item of a run the same) and the node's
 * name (tools share their AI Agent's execute data). A context without execute data reads it
 * itself. Callers only read the object they get: it is the run's.
 */
const byRun = new WeakMap<object, Map<string, Promise<ICredentialDataDecryptedObject>>>();

/** Any context that reads credentials (an item's, a custom operation's, a list search's, the Trigger's). */
type Running = { getCredentials(type: string): Promise<ICredentialDataDecryptedObject>; getNode(): INode; getExecuteData?: () => unknown };

export function credentialOfRun(ctx: Running): Promise<ICredentialDataDecryptedObject> {
	const data = typeof ctx.getExecuteData === 'function' ? (ctx.getExecuteData() as object | undefined) : undefined;
	if (!data) return ctx.getCredentials(CREDENTIAL_NAME);
	let byNode = byRun.get(data);
	if (!byNode) byRun.set(data, (byNode = new Map()));
	const name = nodeOf(ctx).name;
	let read = byNode.get(name);
	if (!read) byNode.set(name, (read = ctx.getCredentials(CREDENTIAL_NAME)));
	return read;
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

/**
 * Each node's locators by parameter name (`accountId` is a store account in Commerce and an ad
 * connection in Ads), as its node file registers them: n8n applies `idPattern` only to IDs typed
 * "By ID", so the node checks every value (mapped, or given by a model through `$fromAI`) itself
 * (`checkedId`), and its tool description says where each ID comes from (`locatorSpec`).
 */
const LOCATORS = new Map<string, Map<string, LocatorSpec>>();

/**
 * Registers the locators of node `node` (`storefrontAds`): its node file calls this once, with the
 * list its helpers export, before it builds its tool description (which refuses a locator it lacks).
 */
export function registerLocators(node: string, locators: INodeProperties[]) {
	const byName = new Map<string, LocatorSpec>();
	for (const locator of locators) {
		const spec = locatorDeclaredAs(locator);
		if (!spec) throw new Error(`Locator ${locator.name} of ${node} is not declared with resourceLocator`);
		const known = byName.get(spec.name);
		if (known && known.idPattern?.regex !== spec.idPattern?.regex) throw new Error(`Locator ${spec.name} of ${node} is declared twice with different ID formats`);
		byName.set(spec.name, spec);
	}
	LOCATORS.set(node, byName);
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

/** A `map` refusing an empty value before the call, naming the field (the item fails, as requestActions.ts `failItem` fails it). */
export function requireValue(label: string, fix: string) {
	return function (this: IExecuteSingleFunctions, value: unknown) {
		const text = String(value ?? '').trim();
		if (!text) throw new NodeOperationError(this.getNode(), `${label} is empty`, { description: fix, itemIndex: this.getItemIndex() });
		return text;
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
