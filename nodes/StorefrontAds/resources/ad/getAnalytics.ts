import { adId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { analyticsFields, analyticsOutput, analyticsQuery } from '../../helpers/analytics';

export const fields = [adId, ...analyticsFields({ network: 'socialnet', values: ['age', 'country', 'device', 'gender', 'placement', 'region'] })];

export const option = adsOperation({
	value: 'getAnalytics',
	name: 'Get Analytics',
	action: 'Get analytics of an ad',
	description: 'Spend, impressions, reach, clicks, CTR, CPC, CPM, conversions and ROAS per day',
	method: 'GET',
	path: '/v1/ads/{adId}/analytics',
	spends: 'none',
	fields,
	preSend: [analyticsQuery],
	postReceive: [analyticsOutput],
});
