import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fields';
import { listAll } from '../../helpers/operation';

export const option = listAll({
	plural: 'menus',
	path: '/v1/commerce/menus',
	rootProperty: 'menus',
	description: 'List navigation menus with their items (hosted stores only)',
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = returnAllOrLimit('menus');
