import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';

/** A redirect path must start with "/"; the API refuses anything else. */
export async function checkRedirectPath(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const path = (request.body as IDataObject).path;
	if (path !== undefined && !String(path).startsWith('/')) {
		failItem(this, `Redirect path "${String(path)}" must start with "/"`, 'Use a path on the store, such as /old-summer-sale.');
	}
	return request;
}
