import type { INodeProperties } from 'n8n-workflow';

import { unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a catalog sync',
	description: 'Keep a socialnet product catalog in sync with the store; the first full run starts at once',
	method: 'POST',
	path: '/v1/commerce/catalog-syncs',
	send: { catalogAccountId: 'body', catalogId: 'body' },
	postReceive: [unwrap('catalogSync')],
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = [
	{
		displayName: 'Catalog Account ID',
		name: 'catalogAccountId',
		type: 'string',
		required: true,
		default: '',
		description: 'The socialnet business account that owns the catalog',
	},
	{ displayName: 'Catalog ID', name: 'catalogId', type: 'string', required: true, default: '', description: 'The product catalog to fill' },
];
