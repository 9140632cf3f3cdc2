import type { INodeProperties } from 'n8n-workflow';

import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { buildFields } from '../../helpers/metaobjectFields';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a metaobject',
	description: 'Set the given field values; fields left out keep theirs',
	method: 'PATCH',
	path: '/v1/commerce/metaobjects/{metaobjectId}',
	preSend: [bodyFrom('additionalFields'), buildFields],
	postReceive: [unwrap('metaobject')],
});

export const uses = ['accountId', 'listType', 'metaobjectId', 'fields', 'additionalFields'];

export const properties: INodeProperties[] = [];
