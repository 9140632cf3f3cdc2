import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { classifyResponse, classifyThrown, type Answer } from './answer';
import type { ErrorAdvice } from './errorText';
import { passOn } from './failure';
import { keyScope, stampKey, type Keying } from './idempotency';
import { alreadyDeleted, type Call } from './resend';
import { sendPolitely } from './send';
import { movedPathError, pathMoves } from '../pathSegment';

/*
 * The wire at a glance: the path one request takes (docs/reliability.md).
 *   requestHook.ts  door of every declarative operation (this file); apiRequest.ts: the other door
 *   idempotency.ts  a POST gets its Idempotency-Key, made from eventScope.ts's event when there is one
 *   resend.ts       what the call may send again after a fault (a DELETE found gone is done)
 *   send.ts         the send loop: the in-flight limit, the key's turn, 429 waits, fault resends
 *   keyLimiter.ts   the key's fair queue in this process, at pace.ts's pace (clock.ts: its clock)
 *   answer.ts       each attempt's answer classified once: answered, rate-limited, fault
 *   withheld.ts     each answer without the credential's secrets, before anything reads it
 *   failure.ts      the error, from errorBody.ts (the body read) and errorText.ts (the words)
 */

/**
 * The declarative door of the wire. n8n runs a declarative operation's own code for its request
 * only through the pagination hook (`routing.operations.pagination` with `send.paginate`), so
 * every operation installs this hook (operation.ts), whether it pages or not: each request the
 * operation makes goes through the wire (send.ts), and the operation's postReceive runs on the
 * answer here. Only lists page (pagination.ts), as their `run`.
 */

/** What makes an operation's request(s) (one, the pages of a list, the chunks of a bulk call), each with `makeRoutingRequest`. */
export type RequestRun = (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => Promise<INodeExecutionData[]>;

type OutputAction = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/** What the hook takes from the operation's declaration. */
export interface Declared {
	action: string;
	path: string;
	run: RequestRun;
	postReceive: OutputAction[];
	keying?: Keying;
	noResendAfterTimeout?: string;
	advice?: ErrorAdvice;
	/** A check that failed before the call under Continue On Fail (operation.ts keeps it for the hook). */
	failedBeforeSending(request: object): unknown;
}

/** An error item under Continue On Fail, the one shape every operation gives (batch operations too). */
export const failedItem = (error: Error, pairedItem: INodeExecutionData['pairedItem']): INodeExecutionData => ({ json: {}, error: error as never, pairedItem });

/**
 * The hook: runs the operation's requests through the wire and names the input item on every
 * output item, error items under Continue On Fail included (RoutingNode's own carry none):
 * downstream `$('Node').item` then finds its item whatever number of items each input gave.
 */
export function requestHook(declared: Declared): RequestRun {
	const deleted = pathValue(declared.path);
	return async function (this: IExecutePaginationFunctions, requestData) {
		const pairedItem = { item: this.getItemIndex() };
		try {
			const failed = declared.failedBeforeSending(requestData.options);
			if (failed) throw failed;
			const items = await declared.run.call(throughWire(this, requestData, declared, deleted), requestData);
			return items.map((item) => ({ ...item, pairedItem }));
		} catch (error) {
			const failure = passOn(this.getNode(), error);
			if (!this.continueOnFail()) throw failure;
			return [failedItem(failure, pairedItem)];
		}
	};
}

type RoutingRequest = Parameters<IExecutePaginationFunctions['makeRoutingRequest']>[0];

/**
 * The context `run` gets: its `makeRoutingRequest` sends through the wire. RoutingNode hands
 * each answer to the postReceive list of the request data it called the hook with; the hook puts
 * its own there, which keeps the whole answer (status, headers, body) for this item's requests,
 * made one at a time.
 */
function throughWire(ctx: IExecutePaginationFunctions, outer: DeclarativeRestApiSettings.ResultOptions, declared: Declared, deleted: PathValue): IExecutePaginationFunctions {
	let answer: IN8nHttpFullResponse | undefined;
	const keep = async function (items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		answer = response;
		return items;
	};
	outer.postReceive = [{ data: { parameterValue: undefined }, actions: [keep] }];
	const attemptOf = (data: RoutingRequest) => async (): Promise<Answer> => {
		answer = undefined;
		try {
			await ctx.makeRoutingRequest(data);
		} catch (error) {
			return classifyThrown(error);
		}
		return classifyResponse(answer!);
	};
	const makeRoutingRequest = async (data: RoutingRequest) => {
		const url = String(data.options.url ?? '');
		if (pathMoves(url)) {
			const { message, description } = movedPathError(url);
			throw new NodeOperationError(ctx.getNode(), message, { description, itemIndex: ctx.getItemIndex() });
		}
		const sent = await sendPolitely(ctx, attemptOf(data), callOf(ctx, data.options, declared, deleted));
		if ('gone' in sent) return [{ json: sent.gone }];
		let items: INodeExecutionData[] = [{ json: sent.response.body as IDataObject }];
		for (const action of declared.postReceive) items = await action.call(ctx, items, sent.response);
		return items;
	};
	return Object.create(ctx, { makeRoutingRequest: { value: makeRoutingRequest } }) as IExecutePaginationFunctions;
}

/** The request as the wire sends it: a POST with its Idempotency-Key, what may be resent, the words of its error. */
function callOf(ctx: IExecutePaginationFunctions, request: RoutingRequest['options'], declared: Declared, deleted: PathValue): Call {
	const method = String(request.method ?? 'GET').toUpperCase();
	const { eventId } = method === 'POST' ? stampKey(ctx, ctx.getItemIndex(), request, declared.keying) : {};
	const call: Call = {
		method,
		noResendAfterTimeout: declared.noResendAfterTimeout,
		advice: declared.advice,
		repeat: eventId ? { eventId, action: declared.action } : undefined,
	};
	if (method !== 'DELETE') return call;
	const node = ctx.getNode();
	const [idName, id] = deleted(String(request.url));
	return { ...call, alreadyGone: alreadyDeleted(idName, id), deleteKey: `${keyScope(ctx)}|${node.id ?? node.name}|${String(request.url)}` };
}

type PathValue = (url: string) => [string?, string?];

/** Reads the last `{name}` of a path template and its value from a URL (a DELETE found gone names its ID); made once per operation. */
function pathValue(path: string): PathValue {
	const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
	const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}$`);
	const last = names.length - 1;
	return (url) => {
		const value = pattern.exec(url)?.[last + 1];
		return last >= 0 && value !== undefined ? [names[last], decodeURIComponent(value)] : [];
	};
}
