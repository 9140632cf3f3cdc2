import { NodeOperationError, type IExecuteFunctions, type IExecuteSingleFunctions, type IGetNodeParameterOptions } from 'n8n-workflow';

import { checkedId } from './fieldBuilders';

/**
 * Reads a node parameter for the current item at most once per item.
 *
 * n8n evaluates an expression every time a parameter is read, and RoutingNode already
 * evaluates each top-level parameter twice per item before our preSend runs. The operation's
 * preSend, checks and postReceive all read through here, so a mapped value costs one more
 * evaluation however many of our functions need it.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

/** The item's context: pagination contexts (RoutingNode's, then transport.ts `politely`) are layered on top of it. */
export function baseContext(ctx: object): object {
	while (Object.prototype.hasOwnProperty.call(ctx, 'makeRoutingRequest')) ctx = Object.getPrototypeOf(ctx);
	return ctx;
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
	return checkedId(ctx.getNode(), name.split('.').pop()!, param(ctx, name, '', { extractValue: true }), ctx.getItemIndex());
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
