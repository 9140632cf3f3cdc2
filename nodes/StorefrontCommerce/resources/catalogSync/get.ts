import type { INodeProperties } from 'n8n-workflow';

import { getOne } from '../../helpers/operation';

/** Catalog-sync calls by ID carry no store account (reference conventions). */
export const option = getOne({
	noun: 'catalog sync',
	path: '/v1/commerce/catalog-syncs/{syncId}',
	rootKey: 'catalogSync',
	description: 'Get a sync with the status and counts of its last run',
	noAccount: true,
});

export const uses = ['listAccountId', 'syncId'];

export const properties: INodeProperties[] = [];
