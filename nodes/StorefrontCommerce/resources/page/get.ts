import type { INodeProperties } from 'n8n-workflow';

import { unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a page',
	description: 'Get a page with its HTML body',
	method: 'GET',
	path: '/v1/commerce/pages/{pageId}',
	postReceive: [unwrap('page')],
});

export const uses = ['accountId', 'pageId'];

export const properties: INodeProperties[] = [];
