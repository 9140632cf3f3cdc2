import type { INodeProperties } from 'n8n-workflow';

import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a metaobject',
	description: 'Delete a metaobject; references from metafields stop resolving (hosted stores only)',
	method: 'DELETE',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
});

export const uses = ['accountId', 'listType', 'metaobjectId'];

export const properties: INodeProperties[] = [];
