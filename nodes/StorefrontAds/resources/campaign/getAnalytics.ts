import { campaignId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { analyticsFields, analyticsOutput, analyticsQuery } from '../../helpers/analytics';

export const fields = [campaignId, ...analyticsFields({ network: 'pronet', values: ['company_size', 'industry', 'job_function', 'seniority'] })];

export const option = adsOperation({
	value: 'getAnalytics',
	name: 'Get Analytics',
	action: 'Get analytics of a campaign',
	description: 'Spend, impressions, clicks, CTR, CPC, CPM, conversions and ROAS per day',
	method: 'GET',
	path: '/v1/ads/campaigns/{campaignId}/analytics',
	spends: 'none',
	fields,
	preSend: [analyticsQuery],
	postReceive: [analyticsOutput],
});
