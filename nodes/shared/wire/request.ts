import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { markOwnRequest } from '../../../credentials/signing';
import type { Outcome } from './answer';
import type { ErrorAdvice } from './errorText';
import { leavingRoutingNode, passOn } from './failure';
import { runScope, stampKey, type Keying } from './idempotency';
import { sendPolitely, type Call, type Context } from './send';
import { checkedSegment, movedPathError, pathMoves } from '../params';
import { CREDENTIAL_NAME } from '../requestDefaults';

/*
 * The wire at a glance: the path one request takes, top to bottom (docs/reliability.md).
 *   request.ts      its two doors (this file): `requestHook` for every declarative operation,
 *                   `apiRequest` for code; both describe it once (`describeCall`): the path checked,
 *                   its Idempotency-Key (idempotency.ts), what its operation's endpoint says
 *   send.ts         the send loop: the in-flight limit, the key's turn, the one decision whether it
 *                   goes again (429 waits, fault resends), a DELETE found gone
 *   keyQueue.ts     the API key's fair queue in this process, at the pace its answers allow (window.ts: a fixed window's)
 *                   each attempt then marked as ours and signed by the credential (credentials/signing.ts)
 *   answer.ts       each attempt's outcome classified once, every header read, the credential's secrets withheld
 *   failure.ts      the error, from the body read and errorText.ts's words
 */

/**
 * The endpoint an operation calls, as the wire reads it for every request of it (operation.ts;
 * batchOperation.ts for batch operations).
 */
export interface Endpoint {
	/** "Add users to an audience": names the operation when an event's repeat conflicts. */
	action: string;
	/** The path template: a DELETE found gone names its last `{name}` and that value. */
	path: string;
	/** How its POSTs are keyed (idempotency.ts); by the event, else the execution, when not said. */
	keying?: Keying;
	/** Why its requests are never resent after a timeout (Boost Post, the batch operations); said when they are not. */
	noResendAfterTimeout?: string;
}

/** What makes an operation's request(s) (one, the pages of a list, the chunks of a bulk call), each with `makeRoutingRequest`. */
export type MakeRequests = (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => Promise<INodeExecutionData[]>;

type OutputAction = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/** An operation as its request hook runs it: its endpoint, and how it makes its requests and shapes their answers. */
export interface HookedOperation extends Endpoint {
	makeRequests: MakeRequests;
	postReceive: OutputAction[];
	advice?: ErrorAdvice;
	/** Checks that failed before the call under Continue On Fail, by the request they ran on (operation.ts keeps them for the hook). */
	failedChecks: WeakMap<object, unknown>;
}

/** An error item under Continue On Fail, the one shape every operation gives (batch operations too). */
export const failedItem = (error: Error, pairedItem: INodeExecutionData['pairedItem']): INodeExecutionData => ({ json: {}, error: error as never, pairedItem });

/**
 * The declarative door. n8n runs a declarative operation's own code for its request only through
 * the pagination hook (`routing.operations.pagination` with `send.paginate`), so every operation
 * installs this hook (operation.ts), whether it pages or not: each request the operation makes
 * goes through the wire, and the operation's postReceive runs on the answer here. Only lists page
 * (pagination.ts), as their `makeRequests`. Every output item names its input item, error items
 * under Continue On Fail included (RoutingNode's own carry none): downstream `$('Node').item` then
 * finds its item whatever number of items each input gave.
 */
export function requestHook(operation: HookedOperation): MakeRequests {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const pairedItem = { item: this.getItemIndex() };
		try {
			const failed = operation.failedChecks.get(requestData.options);
			if (failed) throw failed;
			const items = await operation.makeRequests.call(throughWire(this, requestData, operation), requestData);
			return items.map((item) => ({ ...item, pairedItem }));
		} catch (error) {
			const failure = leavingRoutingNode(this.getNode(), passOn(this.getNode(), error));
			if (!this.continueOnFail()) throw failure;
			return [failedItem(failure, pairedItem)];
		}
	};
}

type RoutingRequest = Parameters<IExecutePaginationFunctions['makeRoutingRequest']>[0];

/**
 * The context `makeRequests` gets: its `makeRoutingRequest` sends through the wire. RoutingNode hands
 * each answer to the postReceive list of the request data it called the hook with; the hook puts
 * its own there, which keeps the whole answer (status, headers, body) for this item's requests,
 * made one at a time.
 */
function throughWire(ctx: IExecutePaginationFunctions, outer: DeclarativeRestApiSettings.ResultOptions, operation: HookedOperation): IExecutePaginationFunctions {
	let answer: IN8nHttpFullResponse | undefined;
	const keep = async function (items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		answer = response;
		return items;
	};
	outer.postReceive = [{ data: { parameterValue: undefined }, actions: [keep] }];
	const attemptOf = (data: RoutingRequest) => async (): Promise<Outcome> => {
		answer = undefined;
		try {
			// the operation's checks (its caps among them) ran in its preSend: the credential signs what we send
			markOwnRequest(data.options);
			await ctx.makeRoutingRequest(data);
		} catch (error) {
			return { error };
		}
		return { response: answer! };
	};
	const makeRoutingRequest = async (data: RoutingRequest) => {
		const call = describeCall(ctx, data.options, { itemIndex: ctx.getItemIndex(), advice: operation.advice, endpoint: operation });
		const sent = await sendPolitely(ctx, attemptOf(data), call);
		if ('gone' in sent) return [{ json: sent.gone }];
		let items: INodeExecutionData[] = [{ json: sent.response.body as IDataObject }];
		for (const action of operation.postReceive) items = await action.call(ctx, items, sent.response);
		return items;
	};
	return Object.create(ctx, { makeRoutingRequest: { value: makeRoutingRequest } }) as IExecutePaginationFunctions;
}

interface RequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	timeout?: number;
	/** The input item the call is for (custom operations): part of its Idempotency-Key. */
	itemIndex?: number;
	/** The node's own error codes (errorText.ts). */
	advice?: ErrorAdvice;
	/** The endpoint of the operation the call is made for (a batch operation's): its keys, whether a timeout may be resent. Without one, a POST is not resent after a timeout. */
	endpoint?: Endpoint;
}

/**
 * The programmatic door: list searches, option loaders, checks made before a call, batch
 * operations and the Trigger. One call, with the same credential, error explanations and rules as
 * the operations', from the same description (`describeCall`). A call made while a webhook waits
 * for its answer (the API gives a delivery 10 s) takes its turn in the key's queue within its time
 * and is sent once.
 */
export async function apiRequest(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<{ status: number; body: IDataObject }> {
	const request: IHttpRequestOptions = {
		method,
		url: path,
		qs: options.qs,
		body: options.body,
		json: true,
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		...(options.timeout ? { timeout: options.timeout } : {}),
	};
	const itemIndex = options.itemIndex ?? ('getItemIndex' in this ? this.getItemIndex() : undefined);
	const call = describeCall(this, request, { itemIndex, advice: options.advice, endpoint: options.endpoint });
	const sent = await sendPolitely(this, async () => await sendOnce(this, request), call);
	return 'gone' in sent ? { status: 200, body: sent.gone } : { status: sent.response.statusCode, body: (sent.response.body ?? {}) as IDataObject };
}

/** `value` (an ID) as one segment of a programmatic call's path; stopped, naming `label`, when it would leave its segment (params.ts `checkedSegment`). */
export function idSegment(ctx: Context, label: string, value: string): string {
	return checkedSegment(label, value, (message, description) => {
		throw new NodeOperationError(ctx.getNode(), message, { description });
	});
}

/** One attempt, marked as ours (credentials/signing.ts); the credential's authenticate adds the Base URL and the key. */
async function sendOnce(ctx: Context, request: IHttpRequestOptions): Promise<Outcome> {
	try {
		return { response: (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, markOwnRequest(request))) as IN8nHttpFullResponse };
	} catch (error) {
		// no answer (a timeout, a connection that failed): the send loop reads which fault from the network error
		return { error };
	}
}

/** Deny by default: a POST whose operation declares nothing may still be running at the API when no answer came in time. */
export const UNDECLARED_POST = 'no operation declares that this call may be resent after a timeout, and the API may still be doing it. Look for its result before running it again.';

/** The time a call made while a webhook waits may take by default (the API waits 10 s for a delivery's answer). */
const WEBHOOK_CALL_MS = 3000;

/** The request as either door holds it (RoutingNode's options may have no URL yet). */
type Request = Pick<IHttpRequestOptions, 'method' | 'body' | 'headers' | 'timeout'> & { url?: string };

/**
 * The Call for `request`, whichever door it came in by, which gets its Idempotency-Key here (a
 * POST). A path that would move (an empty, "." or ".." part: the net under the fields' checks) is
 * stopped before anything is sent, naming the item.
 */
export function describeCall(ctx: Context, request: Request, at: { itemIndex?: number; advice?: ErrorAdvice; endpoint?: Endpoint }): Call {
	const url = String(request.url ?? '');
	if (pathMoves(url)) {
		const { message, description } = movedPathError(url);
		throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex: at.itemIndex });
	}
	const { endpoint } = at;
	const method = String(request.method ?? 'GET').toUpperCase();
	// in an execution, keyed by it (or its event): an operation's item always (as a tool served over
	// MCP its execution may have no ID yet: the key must still be the same on every resend); a custom
	// run when it has an execution ID; the Trigger's lifecycle calls have none
	const running =
		'getExecutionId' in ctx && ('getItemIndex' in ctx || ctx.getExecutionId()) ? (ctx as IExecuteFunctions | IExecuteSingleFunctions) : undefined;
	const { eventId } = method === 'POST' ? stampKey(running, at.itemIndex ?? 0, request, endpoint?.keying) : {};
	const call: Call = {
		method,
		noResendAfterTimeout: endpoint ? endpoint.noResendAfterTimeout : method === 'POST' ? UNDECLARED_POST : undefined,
		advice: at.advice,
		repeat: eventId && endpoint ? { eventId, action: endpoint.action } : undefined,
		whileWebhookWaits: 'getRequestObject' in ctx ? { maxQueueWaitMs: request.timeout ?? WEBHOOK_CALL_MS } : undefined,
	};
	if (method !== 'DELETE') return call;
	const [idName, id] = endpoint ? pathValue(endpoint.path)(url) : [];
	const node = ctx.getNode();
	return { ...call, alreadyGone: alreadyDeleted(idName, id), deleteEntry: running && `${runScope(running)}|${node.id ?? node.name}|${url}` };
}

/** What a DELETE answers when an earlier attempt (whose answer was lost) had deleted it: `{deleted, <idName>}` as the store deletes answer, with a note. */
export function alreadyDeleted(idName?: string, id?: string): IDataObject {
	return {
		deleted: true,
		...(idName ? { [idName]: id } : {}),
		alreadyDeleted: true,
		note: 'Deleted: an earlier attempt of this item reached the API but its answer was lost, and the next attempt found nothing left to delete.',
	};
}

type PathValue = (url: string) => [string?, string?];

/** Each endpoint path's reader, made once (the paths are the operations' own: a bounded set). */
const readers = new Map<string, PathValue>();

/** Reads the last `{name}` of a path template and its value from a URL (a DELETE found gone names its ID). */
function pathValue(path: string): PathValue {
	let reader = readers.get(path);
	if (reader) return reader;
	const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
	const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}$`);
	const last = names.length - 1;
	reader = (url) => {
		const value = pattern.exec(url)?.[last + 1];
		return last >= 0 && value !== undefined ? [names[last], decodeURIComponent(value)] : [];
	};
	readers.set(path, reader);
	return reader;
}
