import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiError, notJsonError } from './errors';
import { CREDENTIAL_NAME } from './transport';

type Context = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions;

/**
 * A programmatic call for list searches, option loaders and the trigger's lifecycle:
 * same credential, same error explanations as the declarative operations.
 */
export async function apiRequest(
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
