import type { INodeProperties } from 'n8n-workflow';

import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a redirect',
	description: 'Delete a redirect; the old path answers 404 again',
	method: 'DELETE',
	path: '/v1/commerce/redirects/{redirectId}',
});

export const uses = ['accountId', 'redirectId'];

export const properties: INodeProperties[] = [];
