import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { analyticsFields, analyticsOutput, analyticsQuery } from '../../helpers/analytics';

export const option = operation({
	value: 'getAnalytics',
	name: 'Get Analytics',
	action: 'Get analytics of a campaign',
	description: 'Spend, impressions, clicks, CTR, CPC, CPM, conversions and ROAS per day',
	method: 'GET',
	path: '/v1/ads/campaigns/{campaignId}/analytics',
	preSend: [analyticsQuery],
	postReceive: [analyticsOutput],
});

export const uses = ['campaignId'];

export const properties: INodeProperties[] = analyticsFields({ network: 'pronet', values: ['company_size', 'industry', 'job_function', 'seniority'] });
