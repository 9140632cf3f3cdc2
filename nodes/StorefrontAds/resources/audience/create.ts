import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';
import { AUDIENCE_TYPES } from '../../helpers/choices';

export const option = operation({
	value: 'create',
	name: 'Create',
	action: 'Create an audience',
	description: 'Create an empty audience; add people with Add Users',
	method: 'POST',
	path: '/v1/ads/audiences',
	send: { accountId: { in: 'body', locator: true }, adAccountId: { in: 'body', locator: true }, name: 'body', type: 'body' },
	postReceive: [unwrap('audience')],
});

/** accountId: the connection the audience belongs to (chatnet has no audiences). */
export const uses = ['accountId', 'adAccountId', 'name'];

export const properties: INodeProperties[] = [{ displayName: 'Type', name: 'type', type: 'options', required: true, options: AUDIENCE_TYPES, default: 'customer_list' }];
