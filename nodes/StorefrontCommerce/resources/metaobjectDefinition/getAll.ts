import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fields';
import { listAll } from '../../helpers/operation';

export const option = listAll({
	plural: 'metaobject definitions',
	path: '/v1/commerce/metaobject-definitions',
	rootProperty: 'definitions',
	description: 'List the metaobject definitions of the store; their type is what metaobject calls take',
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = returnAllOrLimit('definitions');
