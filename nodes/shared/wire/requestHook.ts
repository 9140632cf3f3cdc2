import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { markOwnRequest } from '../../../credentials/ownRequests';
import { classifyResponse, classifyThrown, type Answer } from './answer';
import { describeCall, type Declaration } from './call';
import type { ErrorAdvice } from './errorText';
import { leavingRoutingNode, passOn } from './failure';
import { sendPolitely } from './send';

/*
 * The wire at a glance: the path one request takes (docs/reliability.md).
 *   requestHook.ts  door of every declarative operation (this file); apiRequest.ts: the other door
 *   call.ts         both doors describe the request once: the path checked, its key, what its operation declares
 *   idempotency.ts  a POST gets its Idempotency-Key, made from eventScope.ts's event when there is one
 *   resend.ts       the one decision whether it is sent again
 *   send.ts         the send loop: the in-flight limit, the key's turn, 429 waits, fault resends; a DELETE found gone is done (deletes.ts)
 *   keyQueue.ts     the key's fair queue in this process, at pace.ts's pace (clock.ts: its clock)
 *   answer.ts       each attempt's answer classified once: succeeded, rate-limited, fault, failed (headers.ts: every header read)
 *   withheld.ts     each answer without the credential's secrets, before anything reads it
 *   failure.ts      the error, from errorBody.ts (the body read) and errorText.ts (the words)
 */

/**
 * The declarative door of the wire. n8n runs a declarative operation's own code for its request
 * only through the pagination hook (`routing.operations.pagination` with `send.paginate`), so
 * every operation installs this hook (operation.ts), whether it pages or not: each request the
 * operation makes goes through the wire (send.ts), and the operation's postReceive runs on the
 * answer here. Only lists page (pagination.ts), as their `makeRequests`.
 */

/** What makes an operation's request(s) (one, the pages of a list, the chunks of a bulk call), each with `makeRoutingRequest`. */
export type MakeRequests = (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => Promise<INodeExecutionData[]>;

type OutputAction = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/** What the hook takes from the operation's declaration: what the wire reads of every request (call.ts), and how the operation runs. */
export interface Declared extends Declaration {
	makeRequests: MakeRequests;
	postReceive: OutputAction[];
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
export function requestHook(declared: Declared): MakeRequests {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const pairedItem = { item: this.getItemIndex() };
		try {
			const failed = declared.failedBeforeSending(requestData.options);
			if (failed) throw failed;
			const items = await declared.makeRequests.call(throughWire(this, requestData, declared), requestData);
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
function throughWire(ctx: IExecutePaginationFunctions, outer: DeclarativeRestApiSettings.ResultOptions, declared: Declared): IExecutePaginationFunctions {
	let answer: IN8nHttpFullResponse | undefined;
	const keep = async function (items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		answer = response;
		return items;
	};
	outer.postReceive = [{ data: { parameterValue: undefined }, actions: [keep] }];
	const attemptOf = (data: RoutingRequest) => async (): Promise<Answer> => {
		answer = undefined;
		try {
			// the operation's checks (its caps among them) ran in its preSend: the credential signs what we send
			markOwnRequest(data.options);
			await ctx.makeRoutingRequest(data);
		} catch (error) {
			return classifyThrown(error);
		}
		return classifyResponse(answer!);
	};
	const makeRoutingRequest = async (data: RoutingRequest) => {
		const call = describeCall(ctx, data.options, { itemIndex: ctx.getItemIndex(), advice: declared.advice, declared });
		const sent = await sendPolitely(ctx, attemptOf(data), call);
		if ('gone' in sent) return [{ json: sent.gone }];
		let items: INodeExecutionData[] = [{ json: sent.response.body as IDataObject }];
		for (const action of declared.postReceive) items = await action.call(ctx, items, sent.response);
		return items;
	};
	return Object.create(ctx, { makeRoutingRequest: { value: makeRoutingRequest } }) as IExecutePaginationFunctions;
}
