import { field } from '../../../shared/fieldBuilders';
import { unwrap } from '../../../shared/requestActions';
import { audienceName } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { AUDIENCE_TYPES } from '../../helpers/choices';

/** accountId: the connection the audience belongs to (chatnet has no audiences). */
export const fields = [
	accountId,
	adAccountId,
	audienceName,
	field({ displayName: 'Type', name: 'type', type: 'options', required: true, options: AUDIENCE_TYPES, default: 'customer_list' }),
];

export const option = adsOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an audience',
	description: 'Create an empty audience; add people with Add Users',
	method: 'POST',
	path: '/v1/ads/audiences',
	spends: 'none',
	fields,
	inRequest: {
		adAccountId: { in: 'body', locator: true },
		audienceName: { in: 'body', as: 'name' },
		type: 'body',
	},
	postReceive: [unwrap('audience')],
});
