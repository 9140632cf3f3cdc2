import type { INodeProperties } from 'n8n-workflow';

import { unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';

/** Catalog-sync calls by ID carry no store account (reference conventions). */
export const option = storeOperation({
	value: 'runNow',
	name: 'Run Now',
	action: 'Run a catalog sync now',
	description: 'Queue a full run; get the sync later to see its outcome',
	method: 'POST',
	path: '/v1/commerce/catalog-syncs/{syncId}/run',
	noAccount: true,
	postReceive: [unwrap('catalogSync')],
});

export const uses = ['listAccountId', 'syncId'];

export const properties: INodeProperties[] = [];
