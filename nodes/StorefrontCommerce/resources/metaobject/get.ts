import type { INodeProperties } from 'n8n-workflow';

import { unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a metaobject',
	description: 'Get a metaobject with its fields (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
	postReceive: [unwrap('metaobject')],
});

export const uses = ['accountId', 'listType', 'metaobjectId'];

export const properties: INodeProperties[] = [];
