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
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { explainRepeatedEvent, passOn, throwOnApiError } from './errors';
import type { Field } from './fieldBuilders';
import { listReads, paginate, type ListOptions } from './pagination';
import { isEmpty, locatorValue, param } from './params';
import { READS_ONLY } from './idempotency';
import { PATH_VALUES, politely } from './transport';
import { failItem } from './requestActions';
import { readsOf, type Reads } from './reads';

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

/** What makes an operation's request(s): RoutingNode hands it the request it built (see `runRequests`). */
export type RequestRun = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

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
	(map: InRequest<F[number]['name']>) =>
		map;

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
	postReceive?: Array<PostReceiveAction & Partial<Reads<NoInfer<N>>>>;
	/** For Get Many operations: how the API pages. */
	list?: ListOptions;
	/** A POST that only reads (a search, a forecast): its Idempotency-Key stays the execution's, even in a run an event started (idempotency.ts). */
	readsOnly?: boolean;
	/**
	 * Makes the operation's requests itself through `makeRoutingRequest` (several calls, such as
	 * chunks of a bulk call, or none) instead of the one request RoutingNode would make.
	 */
	run?: RequestRun;
}

const PATH_PARAM = /\{(\w+)\}/g;

/** A path template with each `{name}` filled, URL-encoded, from `value(name)`. */
export const fillPath = (path: string, value: (name: string) => string) =>
	path.replace(PATH_PARAM, (_, name: string) => encodeURIComponent(value(name)));

/** The preSend that applies an operation's path template and `inRequest` map. */
function buildRequest(spec: OperationSpec): PreSendAction {
	const sends = Object.entries(spec.inRequest ?? {}).map(([name, s]) => [name, typeof s === 'string' ? { in: s } : s!] as const);
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		if (spec.path.includes('{')) {
			const values: Record<string, string> = {};
			request.url = fillPath(spec.path, (name) => {
				const id = locatorValue(this, name);
				if (!id) failItem(this, `${name} is empty`, `Choose a value for "${name}" or map one from the input.`);
				return (values[name] = id);
			});
			// a DELETE whose lost answer had deleted it names its ID (transport.ts alreadyDeleted)
			Object.assign(request, { [PATH_VALUES]: values });
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

const markReadsOnly: PreSendAction = async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	return Object.assign(request, { [READS_ONLY]: true });
};

/** A check that failed before the call under Continue On Fail, kept on the request for `runRequests`. */
const FAILED = Symbol('failed before the call');
type CheckedRequest = IHttpRequestOptions & { [FAILED]?: unknown };

/**
 * The operation's preSend actions in one. Under Continue On Fail a failure is kept on the
 * request instead of thrown, so that `runRequests` turns it into an error item paired with its
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
const oneRequest: RequestRun = async function (this: IExecutePaginationFunctions, requestData) {
	return await this.makeRoutingRequest(requestData);
};

/**
 * Runs the operation's requests, every one through `politely` (transport.ts: the run's in-flight
 * limit, 429s waited out, transient faults resent, every POST keyed), and names the input item on
 * every output item, error items under Continue On Fail included: downstream `$('Node').item`
 * then finds its item whatever number of items each input gave. `action` names the operation in
 * the explanation of a repeated event's conflict (errors.ts).
 */
function runRequests(run: RequestRun, action: string): RequestRun {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const pairedItem = { item: this.getItemIndex() };
		try {
			const failed = (requestData.options as CheckedRequest)[FAILED];
			if (failed) throw failed;
			const items = await run.call(politely(this), requestData);
			return items.map((item) => ({ ...item, pairedItem }));
		} catch (error) {
			const failure = explainRepeatedEvent(this, passOn(this.getNode(), error), this.getItemIndex(), action);
			if (!this.continueOnFail()) throw failure;
			return [{ json: {}, error: failure, pairedItem }];
		}
	};
}

/**
 * One operation option: its request, the shared error handling and the run of its requests
 * (runRequests; lists page with pagination.ts). TypeScript checks every `{name}` of the path and
 * every `inRequest` key against `fields` (a field declared with `field()` or a builder keeps its
 * name's type); the same check runs again at load, with the names.
 */
export function operation<N extends string, P extends string>(spec: CheckedSpec<N, P>): INodePropertyOptions {
	checkWiring(spec);
	const dynamic = spec.path.includes('{') || Object.keys(spec.inRequest ?? {}).length > 0;
	const preSend = [...(spec.readsOnly ? [markReadsOnly] : []), ...(dynamic ? [buildRequest(spec)] : []), ...(spec.preSend ?? [])];
	const run = spec.run ?? (spec.list ? (paginate(spec.list) as RequestRun) : oneRequest);
	const option: INodePropertyOptions = {
		name: spec.name,
		value: spec.value,
		action: spec.action,
		description: spec.description,
		routing: {
			request: { method: spec.method, ...(spec.path.includes('{') ? {} : { url: spec.path }) },
			send: {
				// always one preSend: assembly may add checks to its list (requiredOnValue.ts)
				preSend: [checkedPreSend(preSend)],
				// n8n's pagination hook, on every operation: the only place a declarative node runs its own
				// request, so each gets the run's in-flight limit, 429 waits and fault resends (runRequests)
				paginate: true,
			},
			output: { postReceive: [throwOnApiError, ...(spec.postReceive ?? [])] },
			operations: { pagination: runRequests(run, spec.action) },
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
