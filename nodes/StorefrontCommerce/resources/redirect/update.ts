import type { INodeProperties } from 'n8n-workflow';

import { bodyFrom, collection, requireAnyField, unwrap } from '../../../shared/descriptions';
import { locators, storeOperation } from '../common';
import { checkRedirectPath } from './create';

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a redirect',
	description: 'Change the path or the target',
	method: 'PATCH',
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields'), checkRedirectPath],
	postReceive: [unwrap('redirect')],
});

export const properties: INodeProperties[] = [
	locators.redirect(),
	collection('Update Fields', 'updateFields', [
			{ displayName: 'Path', name: 'path', type: 'string', default: '', placeholder: '/old-summer-sale' },
			{ displayName: 'Target', name: 'target', type: 'string', default: '', placeholder: '/collections/summer' },
		]),
];
