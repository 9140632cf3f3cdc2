import type { INodeProperties } from 'n8n-workflow';

import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, requireAnyField, unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';
import { pageFields } from '../../helpers/pageFields';

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a page',
	description: 'Change only the fields you set',
	method: 'PATCH',
	path: '/v1/commerce/pages/{pageId}',
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields')],
	postReceive: [unwrap('page')],
});

export const uses = ['accountId', 'pageId'];

export const properties: INodeProperties[] = [
	collection('Update Fields', 'updateFields', [...pageFields, { displayName: 'Title', name: 'title', type: 'string', default: '' }]),
];
