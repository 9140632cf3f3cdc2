/**
 * How every node talks to the API: the credential, the declarative operations' request defaults
 * (`requestDefaults`) and the programmatic call (`apiRequest`).
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INodeTypeDescription,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiError, notJsonError } from './errors';
import { sendPolitely } from './rateLimit';

export const CREDENTIAL_NAME = 'storefrontApi';

/**
 * Shared by every action node. No expressions: the credential's `authenticate` adds the
 * Base URL and the Authorization header, and errors come back as responses so
 * `throwOnApiError` can explain them.
 */
export const requestDefaults: INodeTypeDescription['requestDefaults'] = {
	headers: { Accept: 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
};

type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

/**
 * A programmatic call for list searches, option loaders and the trigger (lifecycle, repeat checks):
 * same credential, same error explanations as the declarative operations, and the same handling
 * of rate limits (rateLimit.ts), except while a webhook call waits for its answer (the API
 * gives a delivery 10 s).
 */
export async function apiRequest(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	options: { qs?: IDataObject; body?: IDataObject; timeout?: number } = {},
): Promise<{ status: number; body: IDataObject }> {
	const send = async () => await requestOnce.call(this, method, path, options);
	return 'getRequestObject' in this ? await send() : await sendPolitely(this, send);
}

async function requestOnce(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	options: { qs?: IDataObject; body?: IDataObject; timeout?: number } = {},
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
			headers: { Accept: 'application/json' },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			...(options.timeout ? { timeout: options.timeout } : {}),
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// no answer (timeout, refused connection): n8n's NodeApiError names it as RoutingNode does
		throw new NodeApiError(this.getNode(), error as JsonObject);
	}
	const status = response.statusCode;
	if (status < 200 || status > 299) throw apiError(this.getNode(), response);
	if (typeof response.body === 'string' && response.body.trim() !== '') throw notJsonError(this.getNode(), response);
	return { status, body: (response.body ?? {}) as IDataObject };
}
