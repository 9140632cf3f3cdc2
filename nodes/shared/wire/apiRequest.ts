/**
 * The programmatic door of the wire (`apiRequest`): list searches, option loaders, checks made
 * before a call, batch operations and the Trigger. The operations' requests come in through
 * requestHook.ts; both are sent by send.ts.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { classifyResponse, classifyThrown, type Answer } from './answer';
import type { ErrorAdvice } from './errorText';
import { stampKey } from './idempotency';
import { alreadyDeleted, type Call } from './resend';
import { sendPolitely } from './send';
import { checkedSegment, movedPathError, pathMoves } from '../pathSegment';
import { CREDENTIAL_NAME } from '../requestDefaults';

/** The time a call made while a webhook waits may take by default (the API waits 10 s for a delivery's answer). */
const WEBHOOK_CALL_MS = 3000;

type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

interface RequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	timeout?: number;
	/** The input item the call is for (custom operations): part of its Idempotency-Key. */
	itemIndex?: number;
	/** The node's own error codes (errorText.ts). */
	advice?: ErrorAdvice;
	/** The operation the call does ("Add users to an audience"), named when an event's repeat conflicts. */
	action?: string;
}

/**
 * One call: same credential, same error explanations as the operations, and the same handling
 * of rate limits and faults (send.ts), except while a webhook call waits for its answer (the API
 * gives a delivery 10 s): then it takes its turn in the key's queue within its time and is sent once.
 */
export async function apiRequest(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<{ status: number; body: IDataObject }> {
	if (pathMoves(path)) {
		const { message, description } = movedPathError(path);
		throw new NodeOperationError(this.getNode(), message, { description, itemIndex: options.itemIndex });
	}
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
	const itemIndex = options.itemIndex ?? ('getItemIndex' in this ? this.getItemIndex() : 0);
	// in an execution, keyed by it (or its event); the Trigger's lifecycle calls have none
	const running = 'getExecutionId' in this && this.getExecutionId() ? (this as IExecuteFunctions | IExecuteSingleFunctions) : undefined;
	const { eventId } = method === 'POST' ? stampKey(running, itemIndex, request) : {};
	const call: Call = {
		method,
		advice: options.advice,
		repeat: eventId && options.action ? { eventId, action: options.action } : undefined,
		// a DELETE whose earlier attempt's answer was lost, found gone on the next: deleted
		alreadyGone: method === 'DELETE' ? alreadyDeleted() : undefined,
	};
	const attempt = async () => await sendOnce(this, request);
	// a webhook call: in the key's queue like every other request, sent once within its time
	const once = 'getRequestObject' in this ? { maxQueueWaitMs: options.timeout ?? WEBHOOK_CALL_MS } : undefined;
	const sent = await sendPolitely(this, attempt, call, once);
	return 'gone' in sent ? { status: 200, body: sent.gone } : bodyOf(sent.response);
}

/** `value` (an ID) as one segment of a programmatic call's path; refused, naming `label`, when it would leave its segment (pathSegment.ts). */
export function idSegment(ctx: Context, label: string, value: string): string {
	return checkedSegment(label, value, (message, description) => {
		throw new NodeOperationError(ctx.getNode(), message, { description });
	});
}

const bodyOf = (response: IN8nHttpFullResponse) => ({ status: response.statusCode, body: (response.body ?? {}) as IDataObject });

/** One attempt; the credential's authenticate adds the Base URL and the key. */
async function sendOnce(ctx: Context, request: IHttpRequestOptions): Promise<Answer> {
	try {
		return classifyResponse((await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, request)) as IN8nHttpFullResponse);
	} catch (error) {
		// no answer (timeout, refused connection): the network error's code says which fault
		return classifyThrown(error);
	}
}
