import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IHookFunctions, IHttpRequestOptions, ILoadOptionsFunctions, INode, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { movedPathError, type ErrorAdvice } from './errorText';
import type { ErrorHints } from './failure';
import { runScope, stampKey, type Keying } from './idempotency';
import { nodeOf, pathMoves } from '../params';

/** Every context a request is sent from (an operation's item and its pagination context, a custom operation, a list search, the Trigger). */
export type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

/** One request as the wire sends it, described once by either door (request.ts `describeCall`). */
export interface Call extends ErrorHints {
	method: string;
	/** The node it is sent for, read once here (params.ts `nodeOf`): its key and its node run (send.ts) take it. */
	node: INode;
	/** Why this request is not resent after a timeout: its endpoint's word, or, for a POST that has none, UNDECLARED_POST. */
	noResendAfterTimeout?: string;
	/** A DELETE: what it answers when an earlier attempt, whose answer was lost, had deleted it (the retry then finds nothing). */
	alreadyGone?: IDataObject;
	/** A DELETE's entry in the memory of DELETEs sent: its run, node and URL, the same when n8n's Retry On Fail runs the node again. */
	deleteEntry?: string;
	/** A call made while a webhook waits for its answer: in the key's queue within this time, and sent once. */
	whileWebhookWaits?: { maxQueueWaitMs: number };
}

/** Both doors of request.ts describe each request once, here: its path checked, its key, what its operation's endpoint says. */

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
	const node = nodeOf(ctx);
	const method = String(request.method ?? 'GET').toUpperCase();
	// in an execution, keyed by it (or its event): an operation's item always (as a tool served over
	// MCP its execution may have no ID yet: the key must still be the same on every resend); a custom
	// run when it has an execution ID; the Trigger's lifecycle calls have none
	const running =
		'getExecutionId' in ctx && ('getItemIndex' in ctx || ctx.getExecutionId()) ? (ctx as IExecuteFunctions | IExecuteSingleFunctions) : undefined;
	const { eventId } = method === 'POST' ? stampKey(running, node, at.itemIndex ?? 0, request, endpoint?.keying) : {};
	const call: Call = {
		method,
		node,
		noResendAfterTimeout: endpoint ? endpoint.noResendAfterTimeout : method === 'POST' ? UNDECLARED_POST : undefined,
		advice: at.advice,
		repeat: eventId && endpoint ? { eventId, action: endpoint.action } : undefined,
		whileWebhookWaits: 'getRequestObject' in ctx ? { maxQueueWaitMs: request.timeout ?? WEBHOOK_CALL_MS } : undefined,
	};
	if (method !== 'DELETE') return call;
	const [idName, id] = endpoint ? pathValue(endpoint.path)(url) : [];
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

/**
 * DELETEs of this process whose outcome was success or unknown, by run, node and URL: when n8n's
 * Retry On Fail runs the node again in the same execution, a 404 for one of them means "already
 * deleted" (by the earlier run), not a mistyped ID. Bounded: the oldest entries go first.
 */
const deletes = new Map<string, true>();
const MAX_DELETES = 20_000;

export function rememberDelete(entry: string | undefined) {
	if (!entry) return;
	deletes.delete(entry);
	deletes.set(entry, true);
	if (deletes.size > MAX_DELETES) deletes.delete(deletes.keys().next().value as string);
}

export const deletedEarlier = (entry: string | undefined) => Boolean(entry && deletes.has(entry));
