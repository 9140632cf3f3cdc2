import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';

export const option = operation({
	value: 'get',
	name: 'Get',
	action: 'Get an audience',
	description: 'Get an audience with its size',
	method: 'GET',
	path: '/v1/ads/audiences/{audienceId}',
	send: { accountId: { in: 'query', locator: true } },
	postReceive: [unwrap('audience')],
});

export const uses = ['accountId', 'audienceId'];

export const properties: INodeProperties[] = [];
