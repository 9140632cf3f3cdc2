import type {
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import type { Field, Placement } from './fieldBuilders';
import { listReads, paginate, type ListOptions } from './pagination';
import { buildRequest, checkedPreSend, PATH_PARAM } from './params';
import { readsOf, type Reads } from './reads';
import type { ErrorAdvice } from './wire/errorText';
import type { Keying } from './wire/idempotency';
import { oneRequest, requestHook, type HookedOperation, type MakeRequests } from './wire/request';

export type { MakeRequests } from './wire/request';

export type { Placement } from './fieldBuilders';
export { fillPath } from './params';

/** The `{name}`s of a path template, as a type. */
type PathNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathNames<Rest> : never;

/** The path when every `{name}` in it is one of the operation's fields; otherwise a type no string has (a compile error). */
type CheckedPath<P extends string, N extends string> = [Exclude<PathNames<P>, N>] extends [never] ? P : never;

/** A list's options when the operation has the fields its paging reads (pagination.ts listReads); otherwise a type they are not. */
type CheckedList<N extends string> = ListOptions &
	([Exclude<'returnAll' | 'limit', N>] extends [never] ? unknown : { fields: 'a list reads Return All and Limit: add returnAllOrLimit() to fields' }) &
	('simplify' extends N ? unknown : { simplify?: 'a list that simplifies reads Simplify: add simplifyField() to fields' });

/**
 * An operation's spec as TypeScript checks it: every `{name}` of the path is a field, and every
 * field's name is known (a field typed plain INodeProperties would switch the check off).
 * Builders that wrap `operation` (storeOperation…) take this type.
 */
export type CheckedSpec<N extends string, P extends string> = OperationSpec<N> & { path: P & CheckedPath<P, NoInfer<N>>; list?: CheckedList<NoInfer<N>> } & (string extends N
		? { fields: 'declare each field with field() or a builder, so that its name is known' }
		: unknown);

/** Where fields named `N` go in the request (OperationSpec `inRequest`). */
export type InRequest<N extends string> = { [K in N]?: 'query' | 'body' | Placement };

/**
 * A shared part of `inRequest`, its keys checked against the names of the fields `F` it goes with
 * (`inRequestFor<typeof fields>()({...})`): a key that is none fails the type check.
 */
export const inRequestFor =
	<F extends ReadonlyArray<Field<string>>>() =>
	// the map's own keys are kept (an operation that spreads it knows which names it places)
	<M extends InRequest<F[number]['name']>>(map: M & Record<Exclude<keyof M, F[number]['name']>, never>) =>
		map as M;

export interface OperationSpec<N extends string = string> {
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
	/**
	 * The fields the operation shows, in the editor's order: plain n8n properties, each shown only
	 * for this operation (assembly.ts). Shared ones are imported from the node's field files.
	 */
	fields: Array<Field<N>>;
	/** Fields the API takes as they are: field → where in the request (read once per item, no expressions). */
	inRequest?: InRequest<NoInfer<N>>;
	/**
	 * Runs after the path and `inRequest` are applied: checks and bodies that need code. A shared
	 * action built with `reading` (reads.ts) names what it reads, and each name must be a field.
	 */
	preSend?: Array<PreSendAction & Partial<Reads<NoInfer<N>>>>;
	/** Shapes the answer (the wire runs them on a success: wire/request.ts `requestHook`). */
	postReceive?: Array<PostReceiveAction & Partial<Reads<NoInfer<N>>>>;
	/** For Get Many operations: how the API pages. */
	list?: ListOptions;
	/**
	 * How its POSTs are keyed (wire/idempotency.ts): by default by the event that started the
	 * execution, else the execution; `execution` for a POST that only reads (a search, a forecast),
	 * `workflow` for a call that spends.
	 */
	keying?: Keying;
	/** Why a request of this operation must never be resent after a timeout (wire/resend.ts `shouldResend`); said when it is not. */
	noResendAfterTimeout?: string;
	/** The node's own error codes and their fix (wire/errorText.ts), given by the node's operation builder. */
	errors?: ErrorAdvice;
	/**
	 * Makes the operation's requests itself through `makeRoutingRequest` (several calls, such as
	 * chunks of a bulk call, or none) instead of the one request RoutingNode would make.
	 */
	makeRequests?: MakeRequests;
}

/** A postReceive the wire runs itself: a function (n8n's declarative forms run only inside RoutingNode). */
const outputFunction = (action: string) => (postReceive: PostReceiveAction) => {
	if (typeof postReceive !== 'function') throw new Error(`${action}: a postReceive must be a function (the wire runs it on the answer)`);
	return postReceive as HookedOperation['postReceive'][number];
};

/**
 * One operation option: its request and the hook that sends it through the wire
 * (wire/request.ts `requestHook`; lists page with pagination.ts). TypeScript checks every `{name}` of the path and
 * every `inRequest` key against `fields` (a field declared with `field()` or a builder keeps its
 * name's type); the same check runs again at load, with the names.
 */
export function operation<N extends string, P extends string>(spec: CheckedSpec<N, P>): INodePropertyOptions {
	checkWiring(spec);
	const dynamic = spec.path.includes('{') || Object.keys(spec.inRequest ?? {}).length > 0;
	const labels = Object.fromEntries(spec.fields.map((f) => [f.name, f.displayName]));
	const preSend = [...(dynamic ? [buildRequest(spec.path, spec.inRequest ?? {}, labels)] : []), ...(spec.preSend ?? [])];
	const makeRequests = spec.makeRequests ?? (spec.list ? (paginate(spec.list) as MakeRequests) : oneRequest);
	const failed = new WeakMap<object, unknown>();
	const option: INodePropertyOptions = {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, ...(spec.path.includes('{') ? {} : { url: spec.path }) },
			send: {
				// always one preSend: assembly may add checks to its list (requiredOnValue.ts)
				preSend: [checkedPreSend(preSend, failed)],
				// on for every operation: n8n runs `operations.pagination` only then (see below)
				paginate: true,
			},
			// not paging (only lists page, in `makeRequests`): the one hook through which n8n lets a declarative
			// operation send its own requests, here through the wire (in-flight limit, the key's queue,
			// 429 waits, fault resends, the Idempotency-Key) with its postReceive run on the answer
			operations: {
				pagination: requestHook({
					action: spec.action,
					path: spec.path,
					makeRequests,
					postReceive: (spec.postReceive ?? []).map(outputFunction(spec.action)),
					keying: spec.keying,
					// its words name actions by stand-ins until the node loads: the wire says them when a call times out (actionNames.ts)
					noResendAfterTimeout: spec.noResendAfterTimeout,
					advice: spec.errors,
					failedChecks: failed,
				}),
			},
		},
	};
	PRE_SEND.set(option, preSend);
	FIELDS.set(option, spec.fields);
	return option;
}

/**
 * The load-time net under the type check: a `{path}` name, `inRequest` key or name read by a shared
 * action (reads.ts) that is no field would read as empty and drop from the request.
 */
function checkWiring(spec: OperationSpec) {
	const shown = new Set(spec.fields.map((f) => f.name));
	// an option of one of its collections by path (`options.accountId`)
	for (const f of spec.fields) if (f.type === 'collection') for (const c of f.options as INodeProperties[]) shown.add(`${f.name}.${c.name}`);
	const actions = [...(spec.preSend ?? []), ...(spec.postReceive ?? [])];
	const paging = spec.list ? listReads(spec.list) : [];
	for (const name of [...[...spec.path.matchAll(PATH_PARAM)].map((m) => m[1]), ...Object.keys(spec.inRequest ?? {}), ...actions.flatMap(readsOf), ...paging])
		if (!shown.has(name)) throw new Error(`${spec.action}: the request reads "${name}", which is not one of the operation's fields`);
}

/** The fields an operation option was built with (assembly.ts checks that its module exports the same). */
const FIELDS = new WeakMap<INodePropertyOptions, INodeProperties[]>();
export const fieldsOf = (option: INodePropertyOptions) => FIELDS.get(option);

/** Each operation option's preSend actions (the list its one checked preSend runs; assembly may add checks). */
const PRE_SEND = new WeakMap<INodePropertyOptions, PreSendAction[]>();
export const preSendActions = (option: INodePropertyOptions) => PRE_SEND.get(option)!;

