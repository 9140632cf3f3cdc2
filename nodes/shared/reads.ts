import type { IExecuteFunctions, IExecuteSingleFunctions, IGetNodeParameterOptions } from 'n8n-workflow';

import type { Field } from './fieldBuilders';
import { locatorValue, param, params } from './params';

/**
 * `param`, `params` and `locatorValue` (params.ts) taking only the given names (a field's, or the path to an
 * option of one of its collections, `options.accountId`): a misspelt one fails `npm run typecheck`.
 */
export interface Reader<N extends string> {
	param<T = unknown>(ctx: IExecuteSingleFunctions, name: N, fallback?: T, options?: IGetNodeParameterOptions): T;
	params<V extends Partial<Record<N, unknown>>>(ctx: IExecuteSingleFunctions, fallbacks: V): V;
	locatorValue(ctx: IExecuteSingleFunctions, name: N): string;
}

const untyped: Reader<string> = { param, params, locatorValue };

/** Reads typed to the names `N`. */
export const readerFor = <N extends string>(): Reader<N> => untyped;

/** The reads of an operation file's own functions, typed to the names of its fields: `readerOf<typeof fields>()`. */
export const readerOf = <F extends ReadonlyArray<Field<string>>>() => readerFor<F[number]['name']>();

/**
 * The names a shared request action reads. `operation()` checks them against the fields of every
 * operation that lists the action: TypeScript through its spec's type, and again at load.
 */
export interface Reads<N extends string> {
	readonly reads: readonly N[];
}

/** A shared preSend or postReceive that reads the named parameters, and only those (`make` gets a reader typed to them). */
export function reading<N extends string, A extends object>(names: readonly N[], make: (read: Reader<N>) => A): A & Reads<N> {
	return Object.assign(make(untyped), { reads: names });
}

/** The names an action reads (none for an action not built with `reading`). */
export const readsOf = (action: unknown): readonly string[] => (action as Partial<Reads<string>>)?.reads ?? [];

/**
 * A read by name for code that runs once for all items (a declarative node's `customOperations`,
 * whose names its own types check): the value for item `itemIndex`, or the fallback when the
 * parameter is not shown.
 */
export function paramOf<T>(ctx: IExecuteFunctions, itemIndex: number, name: string, fallback: T, options: IGetNodeParameterOptions = {}): T {
	return ctx.getNodeParameter(name, itemIndex, fallback as never, options) as T;
}
