import { resourceNames } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { namesOrFail, perRecommendation } from '../../helpers/recommendations';

export const fields = [accountId, adAccountId, resourceNames];

export const option = adsOperation({
	value: 'dismiss',
	name: 'Dismiss',
	action: 'Dismiss many recommendations',
	description: 'Dismiss recommendations so they are not suggested again',
	method: 'POST',
	path: '/v1/ads/recommendations/dismiss',
	spends: 'none',
	fields,
	inRequest: { adAccountId: { in: 'body', locator: true }, resourceNames: { in: 'body', map: namesOrFail } },
	postReceive: [perRecommendation('dismissed')],
});
