import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { namesOrFail, perRecommendation } from '../../helpers/recommendations';

export const option = operation({
	value: 'dismiss',
	name: 'Dismiss',
	action: 'Dismiss many recommendations',
	description: 'Dismiss recommendations so they are not suggested again',
	method: 'POST',
	path: '/v1/ads/recommendations/dismiss',
	send: { accountId: { in: 'body', locator: true }, adAccountId: { in: 'body', locator: true }, resourceNames: { in: 'body', map: namesOrFail } },
	postReceive: [perRecommendation('dismissed')],
});

export const uses = ['accountId', 'adAccountId', 'resourceNames'];

export const properties: INodeProperties[] = [];
