import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'remove',
	name: 'Remove',
	action: 'Remove a keyword',
	description: 'Remove one keyword from its ad group',
	method: 'DELETE',
	path: '/v1/ads/keywords/{keywordId}',
	send: { accountId: { in: 'query', locator: true } },
});

export const uses = ['accountId', 'keywordId'];

export const properties: INodeProperties[] = [];
