import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { paramOf } from '../../shared/params';

/**
 * Operations that send many incoming items in one request (audience users, conversion events)
 * run as the node's `customOperations`: n8n calls them once with every item, instead of
 * RoutingNode preparing each item (about 0.5 ms per item on this node: 25,000 items would take
 * over 10 s). "From Incoming Items" takes the NAMES of the input fields (like n8n's Aggregate
 * node) and reads them from every item: no per-item expression either.
 */

/** "From Incoming Items" (all items, one run) or "JSON List" (a list in each item). */
export function inputModeField(name: string, displayName: string, what: string): INodeProperties {
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
export function inputFieldName(
	mode: string,
	spec: { displayName: string; name: string; default: string; description: string },
): INodeProperties {
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
export function fieldNames<K extends string>(ctx: IExecuteFunctions, parameters: Record<K, string>): Record<K, string> {
	return Object.fromEntries(
		Object.entries<string>(parameters).map(([key, parameter]) => [key, String(paramOf(ctx, 0, parameter, '') ?? '').trim()]),
	) as Record<K, string>;
}

/** Trimmed text of a string or number value; anything else is empty. */
export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** n8n's Request Options → Timeout, which RoutingNode applies to declarative calls (custom operations apply it themselves). */
export const requestTimeout = (ctx: IExecuteFunctions) => paramOf<IDataObject>(ctx, 0, 'requestOptions', {})?.timeout as number | undefined;

/** Fails the run of item `itemIndex` with a message and what to do about it. */
export function failRun(ctx: IExecuteFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
}

/** A JSON list parameter of item `itemIndex` (an expression's array passes as it is). */
export function jsonList(ctx: IExecuteFunctions, itemIndex: number, name: string, field: string): IDataObject[] {
	let value = paramOf<unknown>(ctx, itemIndex, name, '[]');
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch (error) {
			failRun(ctx, itemIndex, `${field} is not valid JSON`, `${(error as Error).message}. Enter a JSON list, e.g. [{"email": "a@example.com"}].`);
		}
	}
	return (Array.isArray(value) ? value : [value]) as IDataObject[];
}

/**
 * What one run of a batch operation does: `items` is every incoming item in "From Incoming
 * Items" mode (one run for all, made for item 0), undefined in "JSON List" mode (one run per
 * item, reading that item's list). Returns the output item's JSON.
 */
export type BatchWork = (ctx: IExecuteFunctions, itemIndex: number, items: INodeExecutionData[] | undefined) => Promise<IDataObject>;

/**
 * A custom operation: "From Incoming Items" runs `work` once and its one output item points at
 * every input item (pairedItem); "JSON List" runs it per item. Continue On Fail keeps a failed
 * run as an item with its error.
 */
export function batchOperation(mode: string, work: BatchWork) {
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const together = paramOf(this, 0, mode, 'items') === 'items';
		const runs = together ? [0] : items.map((_, i) => i);
		const output: INodeExecutionData[] = [];
		for (const itemIndex of runs) {
			const pairedItem = together ? items.map((_, item) => ({ item })) : { item: itemIndex };
			try {
				output.push({ json: await work(this, itemIndex, together ? items : undefined), pairedItem });
			} catch (error) {
				const failure =
					error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(this.getNode(), error as Error, { itemIndex });
				if (!this.continueOnFail()) throw failure;
				output.push({ json: { error: failure.message }, pairedItem });
			}
		}
		return [output];
	};
}
