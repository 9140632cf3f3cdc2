/**
 * The programmatic call (`apiRequest`): list searches, option loaders and the Trigger. The
 * declarative operations' requests are made by RoutingNode (operation.ts); both are sent through
 * transport.ts.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiError, notJsonError } from './errors';
import { CREDENTIAL_NAME } from './requestDefaults';
import { callKey, IDEMPOTENCY_HEADER, requestKey } from './idempotency';
import { alreadyDeleted, noteRateLimitHeaders, sendPolitely } from './transport';

type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

/**
 * A programmatic call for list searches, option loaders and the trigger (lifecycle, repeat checks):
 * same credential, same error explanations as the declarative operations, and the same handling
 * of rate limits (transport.ts), except while a webhook call waits for its answer (the API
 * gives a delivery 10 s).
 */
export async function apiRequest(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<{ status: number; body: IDataObject }> {
	const key = method === 'POST' ? postKey(this, path, options) : undefined;
	const send = async () => await requestOnce.call(this, method, path, options, key);
	if ('getRequestObject' in this) return await send();
	// a DELETE whose earlier attempt's answer was lost, found gone on the next: deleted
	const alreadyGone = method === 'DELETE' ? () => ({ status: 200, body: alreadyDeleted() }) : undefined;
	return await sendPolitely(this, send, { method, keyed: Boolean(key), alreadyGone });
}

interface RequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	timeout?: number;
	/** The input item the call is for (custom operations): part of its Idempotency-Key. */
	itemIndex?: number;
}

/**
 * The Idempotency-Key of a programmatic POST (idempotency.ts): in an execution, made from it (or
 * the event that started it), the node, the item and the request, so n8n's Retry On Fail sends the same; elsewhere (the
 * Trigger's lifecycle) one key per call, the same for its resends.
 */
function postKey(ctx: Context, path: string, options: RequestOptions): string {
	if ('getExecutionId' in ctx && ctx.getExecutionId()) {
		const itemIndex = options.itemIndex ?? ('getItemIndex' in ctx ? ctx.getItemIndex() : 0);
		return requestKey(ctx as IExecuteFunctions, itemIndex, { method: 'POST', url: path, body: options.body });
	}
	return callKey();
}

async function requestOnce(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions,
	key: string | undefined,
): Promise<{ status: number; body: IDataObject }> {
	let response: IN8nHttpFullResponse;
	try {
		// the credential's authenticate adds the Base URL and the key
		response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_NAME, {
			method,
			url: path,
			qs: options.qs,
			body: options.body,
			json: true,
			headers: { Accept: 'application/json', ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			...(options.timeout ? { timeout: options.timeout } : {}),
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// no answer (timeout, refused connection): n8n's NodeApiError names it as RoutingNode does
		// (it keeps the network error's code, which faults.ts reads to resend)
		throw new NodeApiError(this.getNode(), error as JsonObject);
	}
	const status = response.statusCode;
	if (!('getRequestObject' in this)) noteRateLimitHeaders(this, response.headers);
	if (status < 200 || status > 299) throw apiError(this.getNode(), response);
	if (typeof response.body === 'string' && response.body.trim() !== '') throw notJsonError(this.getNode(), response);
	return { status, body: (response.body ?? {}) as IDataObject };
}
