import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'getPhotoappAccounts',
	name: 'Get Photoapp Accounts',
	action: 'Get the photoapp accounts of a connection',
	description: 'Photo-app accounts and Pages of a socialnet connection; `resolved` is the identity ads use by default',
	method: 'GET',
	path: '/v1/ads/photoapp-accounts',
	send: { accountId: { in: 'query', locator: true }, adAccountId: { in: 'query', locator: true } },
});

/** accountId: a socialnet connection. */
export const uses = ['accountId', 'adAccountId'];

export const properties: INodeProperties[] = [];
