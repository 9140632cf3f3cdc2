import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fields';
import { operation } from '../../../shared/operation';
import { carryOntoRows } from '../../../shared/requestActions';
import { ownCopy } from '../../helpers/fields';
import { POST_ANSWER_FIELDS, readyToBoost } from '../../helpers/posts';

export const option = operation({
	value: 'getBest',
	name: 'Get Best to Boost',
	action: 'Get many posts ranked for boosting',
	description:
		'Published socialnet or videonet posts ranked for boosting (likes + reactions + 2×comments + 3×shares; posts without engagement last, newest first); one item per post',
	method: 'GET',
	path: '/v1/ads/best-posts',
	send: { accountId: { in: 'query', locator: true }, adAccountId: { in: 'query', locator: true, optional: true } },
	postReceive: [carryOntoRows('posts', POST_ANSWER_FIELDS), readyToBoost],
	list: { style: 'none', rootProperty: 'posts' },
});

/** accountId: a socialnet or videonet connection. */
export const uses = ['accountId'];

export const properties: INodeProperties[] = [
	// optional here, so not the shared (required) Ad Account field
	ownCopy('adAccountId', { required: false, description: 'Optional: the ad account the boost will use (copied onto each post)' }),
	...returnAllOrLimit('posts').map((p) => (p.name === 'limit' ? { ...p, default: 5, hint: 'Set 1 to get only the best post' } : p)),
];
