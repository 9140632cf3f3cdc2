import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';

export const option = operation({
	value: 'rename',
	name: 'Rename',
	action: 'Rename an audience',
	description: 'Change the name of an audience',
	method: 'PUT',
	path: '/v1/ads/audiences/{audienceId}',
	send: { accountId: { in: 'body', locator: true }, name: 'body' },
	postReceive: [unwrap('audience')],
});

/** name: the new name. */
export const uses = ['accountId', 'audienceId', 'name'];

export const properties: INodeProperties[] = [];
