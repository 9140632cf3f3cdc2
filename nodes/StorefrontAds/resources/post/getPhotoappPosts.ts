import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, adAccountId } from '../../helpers/adsFields';
import { POST_ANSWER_FIELDS, readyToBoost } from '../../helpers/posts';

/** accountId: a socialnet connection. */
export const fields = [accountId, adAccountId, ...returnAllOrLimit('posts')];

export const option = operation({
	value: 'getPhotoappPosts',
	name: 'Get Photoapp Posts',
	action: 'Get many photoapp posts',
	description: 'Photo-app posts reachable through a socialnet connection; counts only when the account is also connected for posting (see notes)',
	method: 'GET',
	path: '/v1/ads/photoapp-posts',
	fields,
	inRequest: { accountId: { in: 'query', locator: true }, adAccountId: { in: 'query', locator: true } },
	postReceive: [carryOntoRows('posts', POST_ANSWER_FIELDS), readyToBoost('adAccountId')],
	list: { style: 'none', rootProperty: 'posts' },
});
