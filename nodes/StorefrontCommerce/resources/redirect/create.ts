import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { failItem, unwrap } from '../../../shared/descriptions';
import { storeOperation } from '../common';

/** A redirect path must start with "/"; the API refuses anything else. */
export async function checkRedirectPath(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const path = (request.body as IDataObject).path;
	if (path !== undefined && !String(path).startsWith('/')) {
		failItem(this, `Redirect path "${String(path)}" must start with "/"`, 'Use a path on the store, such as /old-summer-sale.');
	}
	return request;
}

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a redirect',
	description: 'Send visitors of an old path to a new path or URL',
	method: 'POST',
	url: '/v1/commerce/redirects',
	preSend: [checkRedirectPath],
	postReceive: [unwrap('redirect')],
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Path',
		name: 'path',
		type: 'string',
		required: true,
		default: '',
		placeholder: '/old-summer-sale',
		description: 'The old path on the store; starts with /',
		routing: { send: { type: 'body', property: 'path' } },
	},
	{
		displayName: 'Target',
		name: 'target',
		type: 'string',
		required: true,
		default: '',
		placeholder: '/collections/summer or https://example.com/page',
		description: 'Where visitors go: a path or a full URL',
		routing: { send: { type: 'body', property: 'target' } },
	},
];
