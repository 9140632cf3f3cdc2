import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'getAdAccounts',
	name: 'Get Ad Accounts',
	action: 'Get the ad accounts of a connection',
	description: 'List the ad accounts a connection can run ads on, with currency and status',
	method: 'GET',
	path: '/v1/ads/accounts',
	send: { accountId: { in: 'query', locator: true } },
	list: { style: 'none', rootProperty: 'accounts' },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = returnAllOrLimit('ad accounts');
