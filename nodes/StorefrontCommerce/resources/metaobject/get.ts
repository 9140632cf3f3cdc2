import type { INodeProperties } from 'n8n-workflow';

import { getOne } from '../../helpers/operation';

export const option = getOne({
	noun: 'metaobject',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
	rootKey: 'metaobject',
	description: 'Get a metaobject with its fields (hosted stores only)',
});

export const uses = ['accountId', 'type', 'metaobjectId'];

export const properties: INodeProperties[] = [];
