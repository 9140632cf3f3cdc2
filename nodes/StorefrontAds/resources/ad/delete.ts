import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';

export const option = operation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an ad',
	description: 'Cancel an ad; it stops for good (on chatnet its ad group and campaign are archived too)',
	method: 'DELETE',
	path: '/v1/ads/{adId}',
	postReceive: [unwrap('ad')],
});

export const uses = ['adId'];

export const properties: INodeProperties[] = [];
