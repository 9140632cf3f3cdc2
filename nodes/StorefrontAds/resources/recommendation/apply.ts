import { field } from '../../../shared/fieldBuilders';
import { resourceNames } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { namesOrFail, perRecommendation } from '../../helpers/recommendations';
import { judgedRecommendations } from '../../helpers/recommendationCaps';

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
	// a recommendation may raise a budget, change bids or switch something on: each request judged by its types and impact
	spends: judgedRecommendations,
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
	postReceive: [perRecommendation('applied')],
});
