import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many catalog syncs',
	description: 'List the catalog syncs of the store',
	method: 'GET',
	path: '/v1/commerce/catalog-syncs',
	// one response, no paging: Limit is applied to the rows under `catalogSyncs`
	list: { style: 'none', rootProperty: 'catalogSyncs' },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = returnAllOrLimit('catalog syncs');
