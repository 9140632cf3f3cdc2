import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many metaobject definitions',
	description: 'List the metaobject definitions of the store; their type is what metaobject calls take',
	method: 'GET',
	path: '/v1/commerce/metaobject-definitions',
	// one response, no paging: Limit is applied to the rows under `definitions`
	list: { style: 'none', rootProperty: 'definitions' },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = returnAllOrLimit('definitions');
