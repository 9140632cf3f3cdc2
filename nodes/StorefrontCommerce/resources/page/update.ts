import type { INodeProperties } from 'n8n-workflow';

import { bodyFrom, collection, requireAnyField, unwrap } from '../../../shared/descriptions';
import { locators, storeOperation } from '../common';
import { pageFields } from './create';

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a page',
	description: 'Change only the fields you set',
	method: 'PATCH',
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields')],
	postReceive: [unwrap('page')],
});

export const properties: INodeProperties[] = [
	locators.page(),
	collection('Update Fields', 'updateFields', [...pageFields, { displayName: 'Title', name: 'title', type: 'string', default: '' }]),
];
