import type { INodeProperties } from 'n8n-workflow';

import { deleteOne } from '../../helpers/operation';

export const option = deleteOne({
	noun: 'metaobject',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
	description: 'Delete a metaobject; references from metafields stop resolving (hosted stores only)',
});

export const uses = ['accountId', 'type', 'metaobjectId'];

export const properties: INodeProperties[] = [];
