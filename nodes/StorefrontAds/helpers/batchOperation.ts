import type {
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IGetNodeParameterOptions,
	IHttpRequestMethods,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fieldBuilders';
import { fillPath, type CheckedSpec, type MakeRequests } from '../../shared/operation';
import { checkedId, locatorValue, param } from '../../shared/params';
import { paramOf } from '../../shared/reads';
import { failItem, parseJsonList } from '../../shared/requestActions';
import { apiRequest, failedItem, type Endpoint } from '../../shared/wire/request';
import { adsErrors } from './adsErrors';
import { adsOperation } from './adsOperation';

/**
 * Operations that send many incoming items in one request (audience users, conversion events)
 * run as the node's `customOperations` in normal runs: n8n calls them once with every item, instead of
 * RoutingNode preparing each item (about 0.5 ms per item on this node: 25,000 items would take
 * over 10 s). "From Incoming Items" takes the NAMES of the input fields (like n8n's Aggregate
 * node) and reads them from every item: no per-item expression either.
 */

/** "From Incoming Items" (all items, one run) or "JSON List" (a list in each item). */
export function inputModeField<N extends string>(name: N, displayName: string, what: string): Field<N> {
	return {
		displayName,
		name,
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'From Incoming Items',
				value: 'items',
				description: `One ${what} per incoming item, read from the fields named below; all items are sent together`,
			},
			{ name: 'JSON List', value: 'json', description: `A list of ${what}s in each item` },
		],
		default: 'items',
	};
}

/** A parameter holding the name of an input field (drag a field here), shown in "From Incoming Items" mode. */
export function inputFieldName<N extends string>(
	mode: string,
	spec: { displayName: string; name: N; default: string; description: string },
): Field<N> {
	return {
		...spec,
		type: 'string',
		requiresDataPath: 'single',
		placeholder: `e.g. ${spec.default}`,
		hint: 'The name of a field of the incoming items, not its value; nested fields with dots, e.g. customer.email',
		displayOptions: { show: { [mode]: ['items'] } },
	};
}

/** The value at `path` in an item: a key with that exact name first (names may hold dots), else the dotted path. */
export function valueAt(json: IDataObject, path: string): unknown {
	if (!path) return undefined;
	if (path in json) return json[path];
	let value: unknown = json;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** The field names the user gave (key → parameter holding the name), read once, trimmed. */
export function fieldNames<K extends string, N extends string>(run: BatchRun<N>, parameters: Record<K, N>): Record<K, string> {
	return Object.fromEntries(
		Object.entries<N>(parameters).map(([key, parameter]) => [key, String(run.param(parameter, '') ?? '').trim()]),
	) as Record<K, string>;
}

/** Trimmed text of a string or number value; anything else is empty. */
export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A JSON list parameter of the run (an expression's or the model's array passes as it is). */
export function jsonList<N extends string>(run: BatchRun<N>, name: N, field: string, example: string): IDataObject[] {
	return parseJsonList(run.param<unknown>(name, '[]'), field, `a JSON list, e.g. ${example}`, run.fail);
}

/**
 * What one run of a batch operation reads and sends: the same work runs as the node's custom
 * operation (a normal run, every item at once) and through RoutingNode alone (as an AI tool, where
 * n8n skips `customOperations`), each giving its own transport.
 */
export interface BatchRun<N extends string> {
	/** A parameter's value for this run (the run's item); `N`: the names of the operation's fields (BatchRunOf). */
	param: <T>(name: N, fallback: T, options?: IGetNodeParameterOptions) => T;
	/** A resource locator's ID, checked against its format; empty fails the run (the IDs a batch operation reads are required). */
	id: (name: N) => string;
	/** Fails the run; `itemIndex` names the input item at fault (default: the run's own). */
	fail(message: string, description: string, itemIndex?: number): never;
	/** "From Incoming Items": the items to read (every incoming item, or the tool's one item); "JSON List": undefined. */
	items: INodeExecutionData[] | undefined;
	/** One request to the operation's own endpoint with this body; returns the answer. */
	send(body: IDataObject): Promise<IDataObject>;
	/** A GET to another endpoint (a check before the call). */
	get(path: string, qs?: IDataObject): Promise<IDataObject>;
}

/** The run of an operation whose fields are `F` (`BatchRunOf<typeof fields>`): it reads only their names. */
export type BatchRunOf<F extends ReadonlyArray<Field<string>>> = BatchRun<F[number]['name']>;

/** Returns the output item's JSON. */
export type BatchWork<N extends string = string> = (run: BatchRun<N>) => Promise<IDataObject>;

/** The endpoint of a batch operation, as given to `operation()`: what the wire reads of it (its action, path, keys, timeout rule) whichever way n8n runs it. */
export interface BatchEndpoint extends Endpoint {
	method: IHttpRequestMethods;
	/** Its fields: a path value it refuses is named by its field's display name. */
	fields: ReadonlyArray<{ name: string; displayName: string }>;
}

/**
 * An ID the run needs. A field shared by operations that differ on whether it is required is not
 * `required` for n8n (nodes/shared/assembly.ts); RoutingNode operations check it before the call,
 * and batch operations here.
 */
function requiredId(name: string, id: string, fail: (message: string, description: string) => never): string {
	if (!id) fail(`${name} is empty`, `Choose a value for "${name}" or map one from the input.`);
	return id;
}

/** What a batch operation's file declares once: its option (fields, endpoint), input mode field and work. */
export type BatchSpec<N extends string, P extends string> = CheckedSpec<N, P> & {
	/**
	 * A batch operation's normal run is its custom operation, outside RoutingNode's preSend, where
	 * no spending cap is checked: only operations that cannot spend may be batch operations.
	 */
	spends: 'none';
	/** The "From Incoming Items" / "JSON List" field (inputModeField). */
	input: NoInfer<N>;
	work: BatchWork<NoInfer<N>>;
};

/**
 * One declaration, both ways n8n runs the operation: `option` (RoutingNode alone, as an AI tool:
 * its `makeRequests` does the work per item) and `execute` (normal runs: the node's `customOperations`,
 * registered by resources/index.ts for every operation that exports one). Both send to `path`.
 */
export function batchOperation<N extends string, P extends string>({ input, work, ...spec }: BatchSpec<N, P>) {
	if (spec.spends !== 'none') throw new Error(`${spec.action}: a batch operation runs outside the spending caps' checks, so it must declare spends: 'none'`);
	return {
		// the work builds the whole body, the Ad Connection in it where the endpoint takes one
		option: adsOperation<N, P>({ ...spec, sendsAccount: false, makeRequests: batchRoute(input, work) } as unknown as CheckedSpec<N, P> & { sendsAccount: false; spends: 'none' }),
		execute: customExecute(input, spec, work),
	};
}

/**
 * The custom operation (normal runs): "From Incoming Items" runs `work` once for every item and
 * its one output item points at every input item (pairedItem); "JSON List" runs it per item.
 * Continue On Fail keeps a failed run as an item with its error.
 */
function customExecute(mode: string, endpoint: BatchEndpoint, work: BatchWork) {
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const together = paramOf(this, 0, mode, 'items') === 'items';
		const runs = together ? [0] : items.map((_, i) => i);
		const output: INodeExecutionData[] = [];
		for (const itemIndex of runs) {
			const pairedItem = together ? items.map((_, item) => ({ item })) : { item: itemIndex };
			try {
				output.push({ json: await work(customRun(this, endpoint, itemIndex, together ? items : undefined)), pairedItem });
			} catch (error) {
				const failure = error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(this.getNode(), error as Error, { itemIndex });
				if (!this.continueOnFail()) throw failure;
				output.push(failedItem(failure, pairedItem));
			}
		}
		return [output];
	};
}

/** The custom operation's transport: parameters of the run's item, `apiRequest` with n8n's Timeout option. */
function customRun(ctx: IExecuteFunctions, endpoint: BatchEndpoint, itemIndex: number, items: INodeExecutionData[] | undefined): BatchRun<string> {
	const timeout = paramOf<IDataObject>(ctx, 0, 'requestOptions', {})?.timeout as number | undefined;
	const id = (name: string) => requiredId(name, checkedId(ctx.getNode(), name, paramOf(ctx, itemIndex, name, '', { extractValue: true }), itemIndex), (message, description) => {
		throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
	});
	const fail = (message: string, description: string, at = itemIndex): never => {
		throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex: at });
	};
	const label = (name: string) => endpoint.fields.find((f) => f.name === name)?.displayName ?? name;
	return {
		param: (name, fallback, options) => paramOf(ctx, itemIndex, name, fallback, options),
		id,
		fail,
		items,
		// the operation's endpoint: its keys and timeout rule are the same as through RoutingNode
		send: async (body) => (await apiRequest.call(ctx, endpoint.method, fillPath(endpoint.path, id, label, fail), { body, timeout, itemIndex, advice: adsErrors, endpoint })).body,
		get: async (path, qs) => (await apiRequest.call(ctx, 'GET', path, { qs, timeout, advice: adsErrors })).body,
	};
}

/**
 * The same work through RoutingNode alone (the operation's `makeRequests`): one run per item. As a tool
 * the item is the model's arguments, so "From Incoming Items" reads the named fields from them.
 * The operation's preSend has already filled the URL; each `send` is one routing request.
 */
function batchRoute(mode: string, work: BatchWork): MakeRequests {
	return async function (this: IExecutePaginationFunctions, requestData) {
		return [{ json: await work(routedRun(this, mode, requestData)) }];
	};
}

/** The routed transport: the item's parameters (read once), one routing request per `send`. */
function routedRun(ctx: IExecutePaginationFunctions, mode: string, requestData: Parameters<MakeRequests>[0]): BatchRun<string> {
	// a tool's item arrives on the ai_tool input; a normal run's (n8n without customOperations) on main
	const tool = ctx.getInputData(0, NodeConnectionTypes.AiTool);
	const item = Object.keys(tool.json).length ? tool : ctx.getInputData();
	return {
		param: (name, fallback, options) => param(ctx, name, fallback, options),
		id: (name) => requiredId(name, locatorValue(ctx, name), (message, description) => failItem(ctx, message, description)),
		fail: (message, description) => failItem(ctx, message, description),
		items: param(ctx, mode, 'items') === 'items' ? [item] : undefined,
		send: async (body) => {
			const [answer] = await ctx.makeRoutingRequest({ ...requestData, options: { ...requestData.options, body } });
			return answer?.json ?? {};
		},
		get: async (path, qs) => (await apiRequest.call(ctx, 'GET', path, { qs, timeout: requestData.options.timeout, advice: adsErrors })).body,
	};
}
