import type { INodeProperties } from 'n8n-workflow';

import { deleteOne } from '../../helpers/operation';

export const option = deleteOne({
	noun: 'redirect',
	path: '/v1/commerce/redirects/{redirectId}',
	description: 'Delete a redirect; the old path answers 404 again',
});

export const uses = ['accountId', 'redirectId'];

export const properties: INodeProperties[] = [];
