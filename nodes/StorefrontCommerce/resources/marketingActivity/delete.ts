import type { INodeProperties } from 'n8n-workflow';

import { deleteOne } from '../../helpers/operation';

export const option = deleteOne({
	noun: 'marketing activity',
	path: '/v1/commerce/marketing-activities/{remoteId}',
	description: 'Remove the activity from the Marketing section (hosted stores only)',
});

export const uses = ['accountId', 'remoteId'];

export const properties: INodeProperties[] = [];
