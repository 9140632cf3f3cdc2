import type {
	DeclarativeRestApiSettings,
	IDataObject,
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
import { describeCall, type Context, type Endpoint } from './call';
import { sendPolitely } from './send';
import { checkedSegment } from '../params';
import { CREDENTIAL_NAME } from '../requestDefaults';

/*
 * The wire at a glance: the path one request takes, top to bottom (docs/reliability.md).
 *   params.ts       before it, the operation's preSend: its parameters read once per item, its
 *                   path filled and checked (`buildRequest`), a failed check kept for the hook
 *                   (`checkedPreSend`)
 *   request.ts      its two doors (this file): `requestHook` for every declarative operation,
 *                   `apiRequest` for code
 *   call.ts         both describe it once (`describeCall`): the path checked again, its
 *                   Idempotency-Key (idempotency.ts), what its operation's endpoint says
 *   send.ts         the send loop: the key's turn, 429 waits, fault resends, a DELETE found gone;
 *                   the node run's in-flight limit, retry budget and credential (`NodeRun`);
 *                   resend.ts: the one decision whether it goes again
 *   keyQueue.ts     the API key's fair queue in this process, at the pace its answers allow (pace.ts;
 *                   window.ts: a fixed window's); each attempt then marked as ours and signed by the
 *                   credential (credentials/signing.ts)
 *   answer.ts       each attempt's outcome classified once, the credential's secrets withheld from
 *                   it, every header read
 *   failure.ts      the error, from the body read and errorText.ts's words
 */

export type { Endpoint } from './call';

/** What makes an operation's request(s) (one, the pages of a list, the chunks of a bulk call), each with `makeRoutingRequest`. */
export type MakeRequests = (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => Promise<INodeExecutionData[]>;

/** A postReceive as the hook runs it: the answer, and whether the API replayed an earlier request's (send.ts `Sent`). */
type OutputAction = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse, replayed: boolean) => Promise<INodeExecutionData[]>;

/** An operation as its request hook runs it: its endpoint, and how it makes its requests and shapes their answers. */
export interface HookedOperation extends Endpoint {
	makeRequests: MakeRequests;
	postReceive: OutputAction[];
	advice?: ErrorAdvice;
	/** Checks that failed before the call under Continue On Fail, by the request they ran on (params.ts `checkedPreSend` keeps them for the hook). */
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

/** One request, for operations that are neither lists nor make their requests themselves. */
export const oneRequest: MakeRequests = async function (this: IExecutePaginationFunctions, requestData) {
	return await this.makeRoutingRequest(requestData);
};

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
		for (const action of operation.postReceive) items = await action.call(ctx, items, sent.response, sent.replayed);
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
