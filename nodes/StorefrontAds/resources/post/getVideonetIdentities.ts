import { actionName } from '../../../shared/actionNames';
import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

/** accountId: a videonet connection; adAccountId: the advertiser (the answer's adAccountId is the one sent). */
export const fields = [accountId, adAccountId, ...returnAllOrLimit('identities')];

export const option = adsOperation({
	value: 'getVideonetIdentities',
	name: 'Get Videonet Identities',
	action: 'Get many videonet identities',
	description: `Profiles an ad can show (identityId and identityType go to ${actionName('ad', 'create')}); one item per identity, each also giving the ad account ID`,
	method: 'GET',
	path: '/v1/ads/videonet-identities',
	spends: 'none',
	fields,
	inRequest: { adAccountId: { in: 'query', locator: true } },
	postReceive: [carryOntoRows('identities', ['adAccountId'])],
	list: { style: 'none', rootProperty: 'identities' },
});
