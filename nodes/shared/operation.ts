import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	NodeApiError,
	NodeOperationError,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { passOn, throwOnApiError } from './errors';
import { paginate, type ListOptions } from './pagination';
import { isEmpty, locatorValue, param } from './params';
import { politely } from './rateLimit';
import { failItem } from './requestActions';
import { toolDescriptionField } from './toolDescription';

/** Where one parameter goes in the request. */
export interface Send {
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

export type Paginator = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

export interface OperationSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	/**
	 * The request path. `{name}` segments are filled, URL-encoded, from the parameter of that
	 * name (a resource locator's ID or a plain value); a path without them is sent as it is.
	 */
	path: string;
	/** Parameters the API takes as they are: name → where (read once per item, no expressions). */
	send?: Record<string, 'query' | 'body' | Send>;
	/** Runs after the path and `send` are applied: checks and bodies that need code. */
	preSend?: PreSendAction[];
	postReceive?: PostReceiveAction[];
	/** For Get Many operations: how the API pages. */
	list?: ListOptions;
	/**
	 * Makes the operation's requests itself through `makeRoutingRequest` (several calls, such as
	 * chunks of a bulk call, or none) instead of the one request RoutingNode would make.
	 */
	run?: Paginator;
}

const PATH_PARAM = /\{(\w+)\}/g;

/** A path template with each `{name}` filled, URL-encoded, from `value(name)`. */
export const fillPath = (path: string, value: (name: string) => string) =>
	path.replace(PATH_PARAM, (_, name: string) => encodeURIComponent(value(name)));

/** The preSend that applies an operation's path template and `send` map. */
function buildRequest(spec: OperationSpec): PreSendAction {
	const sends = Object.entries(spec.send ?? {}).map(([name, s]) => [name, typeof s === 'string' ? { in: s } : s] as const);
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		if (spec.path.includes('{')) {
			request.url = fillPath(spec.path, (name) => {
				const id = locatorValue(this, name);
				if (!id) failItem(this, `${name} is empty`, `Choose a value for "${name}" or map one from the input.`);
				return id;
			});
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

/** A check that failed before the call under Continue On Fail, kept on the request for `pairedRun`. */
const FAILED = Symbol('failed before the call');
type CheckedRequest = IHttpRequestOptions & { [FAILED]?: unknown };

/**
 * The operation's preSend actions in one. Under Continue On Fail a failure is kept on the
 * request instead of thrown, so that `pairedRun` turns it into an error item paired with its
 * input item (RoutingNode's own error items carry no pairedItem).
 */
function checkedPreSend(actions: PreSendAction[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		try {
			for (const action of actions) request = await action.call(this, request);
			return request;
		} catch (error) {
			if (!this.continueOnFail()) throw passOn(this.getNode(), error);
			return Object.assign(request, { [FAILED]: error });
		}
	};
}

/** One request, for operations that are not lists. */
const single: Paginator = async function (this: IExecutePaginationFunctions, requestData) {
	return await this.makeRoutingRequest(requestData);
};

/**
 * Runs the operation's requests and names the input item on every output item, error items
 * under Continue On Fail included: downstream `$('Node').item` then finds its item whatever
 * number of items each input gave.
 */
function pairedRun(run: Paginator): Paginator {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const pairedItem = { item: this.getItemIndex() };
		try {
			const failed = (requestData.options as CheckedRequest)[FAILED];
			if (failed) throw failed;
			// every request under the run's in-flight limit, 429s waited out (rateLimit.ts)
			const items = await run.call(politely(this), requestData);
			return items.map((item) => ({ ...item, pairedItem }));
		} catch (error) {
			if (!this.continueOnFail()) throw passOn(this.getNode(), error);
			return [{ json: {}, error: error as NodeApiError | NodeOperationError, pairedItem }];
		}
	};
}

/** One operation option: its request, the shared error handling and, for lists, the paginator. */
export function operation(spec: OperationSpec): INodePropertyOptions {
	const dynamic = spec.path.includes('{') || Object.keys(spec.send ?? {}).length > 0;
	const preSend = [...(dynamic ? [buildRequest(spec)] : []), ...(spec.preSend ?? [])];
	const run = spec.run ?? (spec.list ? (paginate(spec.list) as Paginator) : single);
	const option: INodePropertyOptions = {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, ...(spec.path.includes('{') ? {} : { url: spec.path }) },
			// always one preSend: assembleNode may add checks to its list (runTimeRequired)
			send: { preSend: [checkedPreSend(preSend)], paginate: true },
			output: { postReceive: [throwOnApiError, ...(spec.postReceive ?? [])] },
			operations: { pagination: pairedRun(run) },
		},
	};
	PRE_SEND.set(option, preSend);
	WIRED.set(option, [...new Set([...[...spec.path.matchAll(PATH_PARAM)].map((m) => m[1]), ...Object.keys(spec.send ?? {})])]);
	return option;
}

/** The parameter names an operation's path and `send` map read, checked against its fields by assembleNode. */
const WIRED = new WeakMap<INodePropertyOptions, string[]>();

/** Each operation option's preSend actions (the list its one checked preSend runs). */
const PRE_SEND = new WeakMap<INodePropertyOptions, PreSendAction[]>();

/** Conditions of a field on parameter values (e.g. a Network), beyond the resource and operation that show it. */
const valueConditions = (field: INodeProperties) =>
	[...Object.keys(field.displayOptions?.show ?? {}), ...Object.keys(field.displayOptions?.hide ?? {})].filter(
		(key) => !['resource', 'operation', '@tool', '@version'].includes(key),
	);

/**
 * preSend: the fields that are required only on a value known at run time (a Network an
 * expression or a model chooses). n8n's static check would demand them whatever that value turns
 * out to be (it shows every field whose condition is an expression), so they are not `required`;
 * the operation checks the ones shown for the values it runs with, naming the missing field.
 */
function requireShown(fields: INodeProperties[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		for (const field of fields) {
			const keys = valueConditions(field);
			const values = Object.fromEntries(keys.map((key) => key.replace(/^\//, '')).map((name) => [name, param(this, name, undefined)])) as INodeParameters;
			const { show, hide } = field.displayOptions ?? {};
			const only = (conditions?: IDataObject) => conditions && Object.fromEntries(Object.entries(conditions).filter(([k]) => keys.includes(k)));
			const onValues = { ...field, displayOptions: { show: only(show), hide: only(hide) } } as INodeProperties;
			if (!NodeHelpers.displayParameter(values, onValues, this.getNode(), null, values)) continue;
			const value = field.type === 'resourceLocator' ? locatorValue(this, field.name) : param(this, field.name, undefined);
			if (!isEmpty(value)) continue;
			const on = Object.entries(values).map(([name, value]) => `${name} ${String(value)}`).join(', ');
			failItem(this, `"${field.displayName}" is required for ${on}`, `Set "${field.displayName}" (${field.description ?? field.displayName}).`);
		}
		return request;
	};
}

/** A field shown for an operation: resource and operation first, so that n8n's display check never shows it elsewhere. */
function shownFor(where: { resource: string[]; operation?: string[] }, field: INodeProperties): INodeProperties {
	// n8n shows a field as soon as one of its conditions, in order, is an expression: the resource
	// and operation must be checked before a condition a model may set (e.g. Network)
	return { ...field, displayOptions: { ...field.displayOptions, show: { ...where, ...field.displayOptions?.show, ...where } } };
}

/** The fields `runTimeRequired` made optional for n8n (required where shown, checked when the operation runs). */
export const REQUIRED_AT_RUN_TIME = new WeakSet<INodeProperties>();

/** Takes `required` off fields required only on run-time values; their operations check them (requireShown). */
function runTimeRequired(resources: ResourceSpec[], properties: INodeProperties[]): INodeProperties[] {
	const checks = new Map<INodePropertyOptions, INodeProperties[]>();
	const result = properties.map((field) => {
		if (!field.required || !valueConditions(field).length) return field;
		const show = field.displayOptions!.show as { resource: string[]; operation?: string[] };
		for (const r of resources.filter((r) => show.resource.includes(r.value)))
			for (const o of r.operations.filter((o) => !show.operation || show.operation.includes(String(o.option.value))))
				checks.set(o.option, [...(checks.get(o.option) ?? []), field]);
		const optional: INodeProperties = { ...field };
		delete optional.required;
		REQUIRED_AT_RUN_TIME.add(optional);
		return optional;
	});
	for (const [option, fields] of checks) PRE_SEND.get(option)!.unshift(requireShown(fields));
	return result;
}

export interface OperationModule {
	option: INodePropertyOptions;
	/** The operation's own fields (shown only for it). */
	properties: INodeProperties[];
	/** Names of the node's shared fields this operation shows (one property per name for the whole node). */
	uses?: string[];
	/** Own fields shown before the shared ones (what the user decides first, e.g. the network that filters the connection list). */
	leading?: INodeProperties[];
}

export interface ResourceSpec {
	name: string;
	value: string;
	operations: OperationModule[];
	defaultOperation: string;
}

/** The Resource menu of a node. */
export function resourceSelector(options: Array<{ name: string; value: string }>, defaultValue: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultValue,
	};
}

/**
 * The `displayOptions` that show a shared field on exactly the operations that use it.
 * n8n shows a field when every `show` key matches, so one property covers a "rectangle"
 * of resources × operation values. Where the operations using it are not one rectangle
 * (operation values repeat across resources), the field is split into the fewest copies that
 * are; each copy of a name costs two more expression evaluations per item when it is mapped,
 * so the structure test keeps the count visible.
 */
export function sharedFieldDisplays(
	uses: Map<string, Set<string>>,
	allOperations: Map<string, string[]>,
): Array<INodeProperties['displayOptions']> {
	const exact = (resources: string[], operations: Set<string>) =>
		resources.every((r) => (allOperations.get(r) ?? []).every((op) => operations.has(op) === uses.get(r)!.has(op)));
	const groups: Array<{ resources: string[]; operations: Set<string> }> = [];
	for (const [resource, ops] of uses) {
		const group = groups.find((g) => exact([...g.resources, resource], new Set([...g.operations, ...ops])));
		if (group) {
			group.resources.push(resource);
			for (const op of ops) group.operations.add(op);
		} else groups.push({ resources: [resource], operations: new Set(ops) });
	}
	return groups.map((g) => {
		const everyOp = g.resources.every((r) => (allOperations.get(r) ?? []).every((op) => uses.get(r)!.has(op)));
		return { show: everyOp ? { resource: g.resources } : { resource: g.resources, operation: [...g.operations] } };
	});
}

/**
 * A node's properties: the Resource menu, each resource's Operation menu, the node's shared
 * fields (each shown for exactly the operations listing it in `uses`), then each operation's
 * own fields, shown only for it.
 */
export function assembleNode(resources: ResourceSpec[], shared: INodeProperties[], defaultResource: string): INodeProperties[] {
	const allOperations = new Map(resources.map((r) => [r.value, r.operations.map((o) => String(o.option.value))]));
	const selectors: INodeProperties[] = resources.map(({ value, operations, defaultOperation }) => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: operations.map((o) => o.option).sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	}));
	const sharedProperties = shared.flatMap((field) => {
		const uses = new Map<string, Set<string>>();
		for (const r of resources)
			for (const o of r.operations)
				if (o.uses?.includes(field.name)) {
					if (!uses.has(r.value)) uses.set(r.value, new Set());
					uses.get(r.value)!.add(String(o.option.value));
				}
		if (uses.size === 0) throw new Error(`Shared field ${field.name} is used by no operation`);
		// a shared field's own conditions on other parameters (e.g. an input mode) are kept beside resource and operation
		return sharedFieldDisplays(uses, allOperations).map((displayOptions) => shownFor(displayOptions!.show as { resource: string[] }, field));
	});
	for (const r of resources)
		for (const o of r.operations)
			for (const name of o.uses ?? [])
				if (!shared.some((f) => f.name === name)) throw new Error(`${r.value}.${o.option.value} uses unknown shared field ${name}`);
	// a misspelt `send` key or `{path}` name would read as empty and silently drop from the request
	for (const r of resources)
		for (const o of r.operations) {
			const shown = new Set([...(o.uses ?? []), ...[...(o.leading ?? []), ...o.properties].map((f) => f.name)]);
			for (const name of WIRED.get(o.option) ?? [])
				if (!shown.has(name)) throw new Error(`${r.value}.${o.option.value} sends parameter "${name}", which is not a field of that operation`);
		}
	const ownFields = (pick: (o: OperationModule) => INodeProperties[] | undefined) =>
		resources.flatMap((r) =>
			r.operations.flatMap((o) => (pick(o) ?? []).map((field) => shownFor({ resource: [r.value], operation: [String(o.option.value)] }, field))),
		);
	const properties = runTimeRequired(resources, [
		resourceSelector(resources.map((r) => ({ name: r.name, value: r.value })), defaultResource),
		...selectors,
		...ownFields((o) => o.leading),
		...sharedProperties,
		...ownFields((o) => o.properties),
	]);
	return [...properties, toolDescriptionField(properties)];
}
