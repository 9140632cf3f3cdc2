import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { definitionType } from '../../helpers/metaobjectFields';
import { storeCursorPaging, storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many metaobjects',
	description: 'List the metaobjects of one definition type (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/metaobjects',
	send: { type: definitionType('query') },
	list: { ...storeCursorPaging, rootProperty: 'metaobjects' },
});

export const uses = ['accountId', 'type'];

export const properties: INodeProperties[] = returnAllOrLimit('metaobjects');
