import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	NodeApiError,
	NodeOperationError,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { throwOnApiError } from './errors';
import { paginate, type ListOptions } from './pagination';
import { isEmpty, locatorValue, param } from './params';
import { failItem } from './requestActions';

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

/** The preSend that applies an operation's path template and `send` map. */
function buildRequest(spec: OperationSpec): PreSendAction {
	const sends = Object.entries(spec.send ?? {}).map(([name, s]) => [name, typeof s === 'string' ? { in: s } : s] as const);
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		if (spec.path.includes('{')) {
			request.url = spec.path.replace(PATH_PARAM, (_, name: string) => {
				const id = locatorValue(this, name);
				if (!id) failItem(this, `${name} is empty`, `Choose a value for "${name}" or map one from the input.`);
				return encodeURIComponent(id);
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
			// our checks throw NodeOperationError already, and RoutingNode wraps anything else
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
			if (!this.continueOnFail()) throw error;
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
			const items = await run.call(this, requestData);
			return items.map((item) => ({ ...item, pairedItem }));
		} catch (error) {
			// NodeApiError / NodeOperationError from our checks and answers; RoutingNode wraps anything else
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
			if (!this.continueOnFail()) throw error;
			return [{ json: {}, error: error as NodeApiError | NodeOperationError, pairedItem }];
		}
	};
}

/** One operation option: its request, the shared error handling and, for lists, the paginator. */
export function operation(spec: OperationSpec): INodePropertyOptions {
	const dynamic = spec.path.includes('{') || Object.keys(spec.send ?? {}).length > 0;
	const preSend = [...(dynamic ? [buildRequest(spec)] : []), ...(spec.preSend ?? [])];
	const run = spec.run ?? (spec.list ? (paginate(spec.list) as Paginator) : single);
	return {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, ...(spec.path.includes('{') ? {} : { url: spec.path }) },
			send: { ...(preSend.length ? { preSend: [checkedPreSend(preSend)] } : {}), paginate: true },
			output: { postReceive: [throwOnApiError, ...(spec.postReceive ?? [])] },
			operations: { pagination: pairedRun(run) },
		},
	};
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
	// the default is each resource's own first operation, so it cannot be a literal here
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	const selectors: INodeProperties[] = resources.map((r) => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [r.value] } },
		options: r.operations.map((o) => o.option).sort((a, b) => a.name.localeCompare(b.name)),
		default: r.defaultOperation,
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
		return sharedFieldDisplays(uses, allOperations).map((displayOptions) => ({
			...field,
			displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show, ...displayOptions!.show } },
		}));
	});
	for (const r of resources)
		for (const o of r.operations)
			for (const name of o.uses ?? [])
				if (!shared.some((f) => f.name === name)) throw new Error(`${r.value}.${o.option.value} uses unknown shared field ${name}`);
	const ownFields = (pick: (o: OperationModule) => INodeProperties[] | undefined) =>
		resources.flatMap((r) =>
			r.operations.flatMap((o) => updateDisplayOptions({ show: { resource: [r.value], operation: [String(o.option.value)] } }, pick(o) ?? [])),
		);
	return [
		resourceSelector(resources.map((r) => ({ name: r.name, value: r.value })), defaultResource),
		...selectors,
		...ownFields((o) => o.leading),
		...sharedProperties,
		...ownFields((o) => o.properties),
	];
}
