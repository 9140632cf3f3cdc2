import type { INodeProperties } from 'n8n-workflow';

import { deleteOne } from '../../helpers/operation';

/** Catalog-sync calls by ID carry no store account (reference conventions). */
export const option = deleteOne({
	noun: 'catalog sync',
	path: '/v1/commerce/catalog-syncs/{syncId}',
	description: 'Stop syncing; items already in the catalog stay',
	noAccount: true,
});

export const uses = ['listAccountId', 'syncId'];

export const properties: INodeProperties[] = [];
