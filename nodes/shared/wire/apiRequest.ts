/**
 * The programmatic door of the wire (`apiRequest`): list searches, option loaders, checks made
 * before a call, batch operations and the Trigger. The operations' requests come in through
 * requestHook.ts; both describe the request with call.ts, and send.ts sends it.
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

import { markOwnRequest } from '../../../credentials/ownRequests';
import { classifyResponse, classifyThrown, type Answer } from './answer';
import { describeCall, type Declaration } from './call';
import type { ErrorAdvice } from './errorText';
import { sendPolitely } from './send';
import { checkedSegment } from '../pathSegment';
import { CREDENTIAL_NAME } from '../requestDefaults';

type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

interface RequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	timeout?: number;
	/** The input item the call is for (custom operations): part of its Idempotency-Key. */
	itemIndex?: number;
	/** The node's own error codes (errorText.ts). */
	advice?: ErrorAdvice;
	/** The operation the call is made for, as it declares itself (a batch operation's): its keys, whether a timeout may be resent. Without one, a POST is not resent after a timeout. */
	declared?: Declaration;
}

/**
 * One call: same credential, same error explanations as the operations, and the same rules, from
 * the same description of the call (call.ts): its path checked, its key, what may be resent
 * (resend.ts), rate limits (send.ts). A call made while a webhook waits for its answer (the API
 * gives a delivery 10 s) takes its turn in the key's queue within its time and is sent once.
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
	const call = describeCall(this, request, { itemIndex, advice: options.advice, declared: options.declared });
	const sent = await sendPolitely(this, async () => await sendOnce(this, request), call);
	return 'gone' in sent ? { status: 200, body: sent.gone } : bodyOf(sent.response);
}

/** `value` (an ID) as one segment of a programmatic call's path; stopped, naming `label`, when it would leave its segment (pathSegment.ts). */
export function idSegment(ctx: Context, label: string, value: string): string {
	return checkedSegment(label, value, (message, description) => {
		throw new NodeOperationError(ctx.getNode(), message, { description });
	});
}

const bodyOf = (response: IN8nHttpFullResponse) => ({ status: response.statusCode, body: (response.body ?? {}) as IDataObject });

/** One attempt, marked as ours (credentials/ownRequests.ts); the credential's authenticate adds the Base URL and the key. */
async function sendOnce(ctx: Context, request: IHttpRequestOptions): Promise<Answer> {
	try {
		return classifyResponse((await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, markOwnRequest(request))) as IN8nHttpFullResponse);
	} catch (error) {
		// no answer (timeout, refused connection): the network error's code says which fault
		return classifyThrown(error);
	}
}
