import { actionName } from '../../../shared/actionNames';
import { collection, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, adAccountId, renamedField } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { POST_ANSWER_FIELDS, readyToBoost } from '../../helpers/posts';

/** accountId: a socialnet or videonet connection. */
export const fields = [
	accountId,
	...returnAllOrLimit('posts').map((p) => (p.name === 'returnAll' ? { ...p, hint: 'Set Limit to 1 to get only the best post' } : p)),
	// optional here, so an option of its own: the node's Ad Account field is required wherever it shows
	collection(
		'Options',
		'options',
		[
			renamedField(adAccountId, 'adAccountId', {
				required: false,
				description: `The ad account a later boost will use, copied onto each post (as adAccountId). ${actionName('connection', 'getAdAccounts')} lists them`,
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
		'Published socialnet or videonet posts ranked for boosting (likes + reactions + 2×comments + 3×shares; posts without engagement last, newest first); one item per post',
	method: 'GET',
	path: '/v1/ads/best-posts',
	spends: 'none',
	fields,
	inRequest: { 'options.adAccountId': { in: 'query', as: 'adAccountId', locator: true, optional: true } },
	postReceive: [carryOntoRows('posts', POST_ANSWER_FIELDS), readyToBoost('options.adAccountId')],
	list: { style: 'none', rootProperty: 'posts' },
});
