import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	IHttpRequestMethods,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { throwOnApiError } from './errors';
import { paginate, type ListOptions } from './pagination';

export interface OperationSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	/** Static path, or left out when a field (usually the ID locator) sets the URL. */
	url?: string;
	/** For Get Many operations: how the API pages. */
	list?: ListOptions;
	preSend?: PreSendAction[];
	postReceive?: PostReceiveAction[];
	/**
	 * Makes the operation's requests itself through `makeRoutingRequest` (several calls, such as
	 * chunks of a bulk call, or none) instead of the one request RoutingNode would make.
	 */
	run?: Paginator;
}

type Paginator = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** One operation option: its request, the shared error handling and, for lists, the paginator. */
export function operation(spec: OperationSpec): INodePropertyOptions {
	const option: INodePropertyOptions = {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, ...(spec.url ? { url: spec.url } : {}) },
			output: { postReceive: [throwOnApiError, ...(spec.postReceive ?? [])] },
		},
	};
	if (spec.preSend) option.routing!.send = { preSend: spec.preSend };
	const run = spec.run ?? (spec.list ? (paginate(spec.list) as Paginator) : undefined);
	if (run) {
		option.routing!.send = { ...option.routing!.send, paginate: true };
		option.routing!.operations = { pagination: run };
	}
	return option;
}

/** Return All + Limit, the same on every Get Many. */
export function returnAllOrLimit(what: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			hint: `Fetches as many ${what} as needed across pages, and no more`,
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export function simplifyField(keeps: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return a simplified version of the response instead of the raw data (keeps ${keeps})`,
	};
}

export interface LocatorSpec {
	displayName: string;
	name: string;
	/** listSearch method for the "From list" mode. */
	searchListMethod: string;
	placeholder: string;
	description?: string;
	/** Request URL using `$value` (the extracted ID), e.g. `=/v1/webhooks/{{ encodeURIComponent($value) }}`. */
	url?: string;
	/** Validation of "By ID": a regex and the message shown when it does not match. */
	idPattern?: { regex: string; message: string };
}

/** A resource locator with "From list" (searchable) and "By ID" modes. */
export function resourceLocator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: spec.placeholder,
				validation: spec.idPattern
					? [
							{
								type: 'regex',
								properties: { regex: spec.idPattern.regex, errorMessage: spec.idPattern.message },
							},
						]
					: undefined,
			},
		],
		...(spec.url ? { routing: { request: { url: spec.url } } } : {}),
	};
}

export interface OperationModule {
	option: INodePropertyOptions;
	properties: INodeProperties[];
}

/**
 * A resource's Operation selector (options sorted by name) and every operation's
 * fields, each shown only for its own resource and operation.
 */
export function assembleResource(resource: string, operations: OperationModule[], defaultOp: string): INodeProperties[] {
	const selector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations.map((o) => o.option).sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOp,
	};
	const fields = operations.flatMap((o) =>
		updateDisplayOptions({ show: { resource: [resource], operation: [o.option.value as string] } }, o.properties),
	);
	return [selector, ...fields];
}

/** Returns the object under `key` of the answer (e.g. `{page: {...}}` → the page); a server that answers the bare object works too. */
export function unwrap(key: string): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return items.map((item) => {
			const inner = (item.json as IDataObject)[key];
			return { json: inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as IDataObject) : item.json };
		});
	};
}

/** Fails the current item with a message and what to do about it. */
export function failItem(ctx: IExecuteSingleFunctions, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex: ctx.getItemIndex() });
}

/** Sends a collection's non-empty values in the body under the same names (after `transform`). */
export function bodyFrom(
	collectionName: string,
	transform: (this: IExecuteSingleFunctions, fields: IDataObject) => IDataObject = (f) => f,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = transform.call(this, { ...(this.getNodeParameter(collectionName, {}) as IDataObject) });
		const body = { ...(request.body as IDataObject) };
		for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') body[key] = value;
		request.body = body;
		return request;
	};
}

/** Refuses an update whose collection is empty: PATCH sends only what the user set, so nothing set is a mistake. */
export function requireAnyField(collection: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const fields = this.getNodeParameter(collection, {}) as IDataObject;
		if (!Object.values(fields).some((v) => v !== undefined && v !== '')) {
			failItem(this, 'Nothing to update', 'Add at least one field under "Update Fields".');
		}
		return request;
	};
}

/** A collection of optional fields ("Additional Fields", "Update Fields", "Filters"). */
export function collection(displayName: string, name: string, options: INodeProperties[], placeholder = 'Add Field'): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, options };
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
