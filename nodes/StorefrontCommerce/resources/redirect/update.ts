import type { INodeProperties } from 'n8n-workflow';

import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, requireAnyField, unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';
import { checkRedirectPath } from '../../helpers/redirectPath';

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a redirect',
	description: 'Change the path or the target',
	method: 'PATCH',
	path: '/v1/commerce/redirects/{redirectId}',
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields'), checkRedirectPath],
	postReceive: [unwrap('redirect')],
});

export const uses = ['accountId', 'redirectId'];

export const properties: INodeProperties[] = [
	collection('Update Fields', 'updateFields', [
		{ displayName: 'Path', name: 'path', type: 'string', default: '', placeholder: '/old-summer-sale' },
		{ displayName: 'Target', name: 'target', type: 'string', default: '', placeholder: '/collections/summer' },
	]),
];
