import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an audience',
	description: 'Delete an audience; ads targeting it lose that targeting',
	method: 'DELETE',
	path: '/v1/ads/audiences/{audienceId}',
	send: { accountId: { in: 'query', locator: true } },
});

export const uses = ['accountId', 'audienceId'];

export const properties: INodeProperties[] = [];
