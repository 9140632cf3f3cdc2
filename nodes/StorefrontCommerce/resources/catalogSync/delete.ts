import type { INodeProperties } from 'n8n-workflow';

import { storeOperation } from '../../helpers/storeOperation';

/** Catalog-sync calls by ID carry no store account (reference conventions). */
export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a catalog sync',
	description: 'Stop syncing; items already in the catalog stay',
	method: 'DELETE',
	path: '/v1/commerce/catalog-syncs/{syncId}',
	noAccount: true,
});

export const uses = ['listAccountId', 'syncId'];

export const properties: INodeProperties[] = [];
