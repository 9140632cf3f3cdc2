import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { POST_ANSWER_FIELDS, postSimplify, readyToBoost, simplifyPost } from '../../helpers/posts';

/** accountId: a socialnet connection. */
export const fields = [accountId, adAccountId, ...returnAllOrLimit('posts'), postSimplify];

export const option = adsOperation({
	value: 'getPhotoappPosts',
	name: 'Get Photoapp Posts',
	action: 'Get many photoapp posts',
	description: 'Photo-app posts reachable through a socialnet connection; counts only when the account is also connected for posting (see notes)',
	method: 'GET',
	path: '/v1/ads/photoapp-posts',
	spends: 'none',
	fields,
	inRequest: { adAccountId: { in: 'query', locator: true } },
	postReceive: [carryOntoRows('posts', POST_ANSWER_FIELDS), readyToBoost('adAccountId')],
	list: { style: 'none', rootProperty: 'posts', simplify: simplifyPost },
});
