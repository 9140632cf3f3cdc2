import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fields';
import { definitionType } from '../../helpers/metaobjectFields';
import { cursorList } from '../../helpers/operation';

export const option = cursorList({
	plural: 'metaobjects',
	path: '/v1/commerce/metaobjects',
	rootProperty: 'metaobjects',
	description: 'List the metaobjects of one definition type (hosted stores only)',
	send: { type: definitionType('query') },
});

export const uses = ['accountId', 'type'];

export const properties: INodeProperties[] = returnAllOrLimit('metaobjects');
