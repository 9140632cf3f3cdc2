import type { INodeProperties } from 'n8n-workflow';

import { unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';

/** Catalog-sync calls by ID carry no store account (reference conventions). */
export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a catalog sync',
	description: 'Get a sync with the status and counts of its last run',
	method: 'GET',
	path: '/v1/commerce/catalog-syncs/{syncId}',
	noAccount: true,
	postReceive: [unwrap('catalogSync')],
});

export const uses = ['listAccountId', 'syncId'];

export const properties: INodeProperties[] = [];
