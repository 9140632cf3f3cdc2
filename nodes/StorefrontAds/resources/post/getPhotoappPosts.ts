import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { carryOntoRows } from '../../../shared/requestActions';
import { POST_ANSWER_FIELDS, readyToBoost } from '../../helpers/posts';

export const option = operation({
	value: 'getPhotoappPosts',
	name: 'Get Photoapp Posts',
	action: 'Get many photoapp posts',
	description: 'Photo-app posts reachable through a socialnet connection; counts only when the account is also connected for posting (see notes)',
	method: 'GET',
	path: '/v1/ads/photoapp-posts',
	send: { accountId: { in: 'query', locator: true }, adAccountId: { in: 'query', locator: true } },
	postReceive: [carryOntoRows('posts', POST_ANSWER_FIELDS), readyToBoost('adAccountId')],
	list: { style: 'none', rootProperty: 'posts' },
});

/** accountId: a socialnet connection. */
export const uses = ['accountId', 'adAccountId'];

export const properties: INodeProperties[] = returnAllOrLimit('posts');
