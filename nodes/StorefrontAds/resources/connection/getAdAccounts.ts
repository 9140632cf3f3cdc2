import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { accountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [accountId, ...returnAllOrLimit('ad accounts')];

export const option = adsOperation({
	value: 'getAdAccounts',
	name: 'Get Ad Accounts',
	action: 'Get the ad accounts of a connection',
	description: 'List the ad accounts a connection can run ads on, with currency and status',
	method: 'GET',
	path: '/v1/ads/accounts',
	spends: 'none',
	fields,
	list: { style: 'none', rootProperty: 'accounts' },
});
