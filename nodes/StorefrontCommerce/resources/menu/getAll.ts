import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many menus',
	description: 'List navigation menus with their items (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/menus',
	// one response, no paging: Limit is applied to the rows under `menus`
	list: { style: 'none', rootProperty: 'menus' },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = returnAllOrLimit('menus');
