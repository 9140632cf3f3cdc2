import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fields';
import { listAll } from '../../helpers/operation';

export const option = listAll({
	plural: 'catalog syncs',
	path: '/v1/commerce/catalog-syncs',
	rootProperty: 'catalogSyncs',
	description: 'List the catalog syncs of the store',
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = returnAllOrLimit('catalog syncs');
