import { field } from '../../../shared/fieldBuilders';
import { accountId, adAccountId, resourceNames } from '../../helpers/adsFields';
import { adsOperation } from '../../helpers/adsOperation';
import { namesOrFail, perRecommendation } from '../../helpers/recommendations';
import { checkRecommendationCaps } from '../../helpers/recommendationCaps';
import { countSpendingCall } from '../../helpers/spendingActions';

export const fields = [
	accountId,
	adAccountId,
	resourceNames,
	field({
		displayName: 'Applying changes budgets, bids, keywords or ads in the account right away and cannot be undone. Check the list (Get Many) first.',
		name: 'applyNotice',
		type: 'notice',
		default: '',
	}),
];

export const option = adsOperation({
	value: 'apply',
	name: 'Apply',
	action: 'Apply many recommendations',
	description: 'Apply recommendations to the account. This changes the account and cannot be undone.',
	method: 'POST',
	path: '/v1/ads/recommendations/apply',
	fields,
	inRequest: {
		adAccountId: { in: 'body', locator: true },
		resourceNames: {
			in: 'body',
			as: 'recommendations',
			map(value) {
				return namesOrFail.call(this, value).map((resourceName) => ({ resourceName }));
			},
		},
	},
	// budget recommendations raise a budget, bid opt-ins change bids: the credential's spending caps (types looked up when a cap is set)
	preSend: [checkRecommendationCaps(), countSpendingCall('recommendations')],
	postReceive: [perRecommendation('applied')],
});
