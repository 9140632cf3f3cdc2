import { actionName } from '../../../shared/actionNames';
import { collection, field, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, adAccountId, renamedField } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { POST_ANSWER_FIELDS, postSimplify, readyToBoost, simplifyPost } from '../../helpers/posts';
import { markAlreadyBoosted } from '../../helpers/reboosts';

/** accountId: a socialnet or videonet connection. */
export const fields = [
	accountId,
	...returnAllOrLimit('posts').map((p) => (p.name === 'returnAll' ? { ...p, hint: 'Set Limit to 1 to get only the best post' } : p)),
	postSimplify,
	// optional here, so an option of its own: the node's Ad Account field is required wherever it shows
	collection(
		'Options',
		'options',
		[
			renamedField(adAccountId, 'adAccountId', {
				required: false,
				description: `The ad account a later boost will use, copied onto each post (as adAccountId). ${actionName('connection', 'getAdAccounts')} lists them`,
			}),
			field({
				displayName: 'Skip Posts Already Boosted',
				name: 'skipBoosted',
				type: 'boolean',
				default: false,
				description: 'Whether to leave out posts that already have a boost (alreadyBoosted), before Limit: Limit 1 is then the best post not boosted yet',
			}),
		],
		'Add Option',
	),
];

export const option = adsOperation({
	value: 'getBest',
	name: 'Get Many Ranked for Boosting',
	action: 'Get many posts ranked for boosting',
	description:
		'Published socialnet or videonet posts ranked for boosting (likes + reactions + 2×comments + 3×shares; posts without engagement last, newest first); one item per post, marked alreadyBoosted when one of your ads of the last 90 days boosts it',
	method: 'GET',
	path: '/v1/ads/best-posts',
	spends: 'none',
	fields,
	inRequest: { 'options.adAccountId': { in: 'query', as: 'adAccountId', locator: true, optional: true } },
	postReceive: [carryOntoRows('posts', POST_ANSWER_FIELDS), readyToBoost('options.adAccountId'), markAlreadyBoosted],
	list: { style: 'none', rootProperty: 'posts', simplify: simplifyPost },
});
