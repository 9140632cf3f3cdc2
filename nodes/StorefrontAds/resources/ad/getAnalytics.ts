import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { analyticsFields, analyticsOutput, analyticsQuery } from '../../helpers/analytics';

export const option = operation({
	value: 'getAnalytics',
	name: 'Get Analytics',
	action: 'Get analytics of an ad',
	description: 'Spend, impressions, reach, clicks, CTR, CPC, CPM, conversions and ROAS per day',
	method: 'GET',
	path: '/v1/ads/{adId}/analytics',
	preSend: [analyticsQuery],
	postReceive: [analyticsOutput],
});

export const uses = ['adId'];

export const properties: INodeProperties[] = analyticsFields({ network: 'socialnet', values: ['age', 'country', 'device', 'gender', 'placement', 'region'] });
