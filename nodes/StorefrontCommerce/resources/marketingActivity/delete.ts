import type { INodeProperties } from 'n8n-workflow';

import { storeOperation } from '../../helpers/storeOperation';

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a marketing activity',
	description: 'Remove the activity from the Marketing section (hosted stores only)',
	method: 'DELETE',
	path: '/v1/commerce/marketing-activities/{remoteId}',
});

export const uses = ['accountId', 'remoteId'];

export const properties: INodeProperties[] = [];
