import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { apiError } from './errors';
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
	options: { qs?: IDataObject; body?: IDataObject } = {},
): Promise<{ status: number; body: IDataObject }> {
	// the credential's authenticate adds the Base URL and the key
	const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_NAME, {
		method,
		url: path,
		qs: options.qs,
		body: options.body,
		json: true,
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	})) as IN8nHttpFullResponse;
	const status = response.statusCode;
	if (status < 200 || status > 299) throw apiError(this.getNode(), response);
	return { status, body: (response.body ?? {}) as IDataObject };
}
