import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { adsOperation } from '../../helpers/adsOperation';
import { NETWORKS } from '../../helpers/networks';

/** Additional Fields → the query names of the sign-in endpoint. */
async function signInQuery(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const { returnTo, postingAccountId } = param<IDataObject>(this, 'additionalFields', {});
	request.qs = { ...(request.qs as IDataObject), ...(returnTo ? { return_to: returnTo } : {}), ...(postingAccountId ? { account_id: postingAccountId } : {}) };
	return request;
}

export const fields = [
	field({
		displayName: 'Network',
		name: 'network',
		type: 'options',
		required: true,
		// chatnet connects with an API key (Connect Chatnet)
		options: Object.keys(NETWORKS)
			.filter((n) => n !== 'chatnet')
			.map((value) => ({ name: NETWORKS[value].name, value })),
		default: 'socialnet',
		description: 'The network to connect. Chatnet connects with an API key instead (Connect Chat Network). Pronet needs the professional-network account connected first.',
	}),
	field({
		displayName: 'Open auth_url from the output in a browser to finish. When already_connected is true, nothing more is needed.',
		name: 'signInNotice',
		type: 'notice',
		default: '',
	}),
	collection('Additional Fields', 'additionalFields', [
		{
			displayName: 'Return To',
			name: 'returnTo',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/connected',
			description: 'Where the browser lands after signing in',
		},
		{
			displayName: 'Posting Account ID',
			name: 'postingAccountId',
			type: 'string',
			default: '',
			placeholder: 'e.g. acc_…',
			description: 'Microblog or videonet: the connected posting account to hang the ads login off, when several are connected',
		},
	]),
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = adsOperation({
	value: 'getSignInLink',
	name: 'Get Sign-In Link',
	action: 'Get a sign-in link for an ad network',
	description: 'Get the link a person opens to connect an ad network (or connect at once when an existing login can be reused)',
	method: 'GET',
	path: '/v1/connect/{network}/ads',
	spends: 'none',
	fields,
	preSend: [signInQuery],
});
