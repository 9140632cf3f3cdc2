import type { INodeProperties } from 'n8n-workflow';

import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { buildFields, definitionType } from '../../helpers/metaobjectFields';
import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a metaobject',
	description: 'Create a metaobject of a definition type (hosted stores only)',
	method: 'POST',
	path: '/v1/commerce/metaobjects',
	send: { type: definitionType('body') },
	preSend: [bodyFrom('additionalFields'), buildFields],
	postReceive: [unwrap('metaobject')],
});

export const uses = ['accountId', 'type', 'fields', 'additionalFields'];

export const properties: INodeProperties[] = [];
