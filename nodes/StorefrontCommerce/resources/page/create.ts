import type { INodeProperties } from 'n8n-workflow';

import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { storeOperation } from '../../helpers/storeOperation';
import { pageFields } from '../../helpers/pageFields';

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a page',
	description: 'Create a content page',
	method: 'POST',
	path: '/v1/commerce/pages',
	send: { title: 'body' },
	preSend: [bodyFrom('additionalFields')],
	postReceive: [unwrap('page')],
});

export const uses = ['accountId', 'title'];

export const properties: INodeProperties[] = [
	collection('Additional Fields', 'additionalFields', pageFields),
];
