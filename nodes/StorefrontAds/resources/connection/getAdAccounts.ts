import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { accountId } from '../../helpers/adsFields';

export const fields = [accountId, ...returnAllOrLimit('ad accounts')];

export const option = operation({
	value: 'getAdAccounts',
	name: 'Get Ad Accounts',
	action: 'Get the ad accounts of a connection',
	description: 'List the ad accounts a connection can run ads on, with currency and status',
	method: 'GET',
	path: '/v1/ads/accounts',
	fields,
	inRequest: { accountId: { in: 'query', locator: true } },
	list: { style: 'none', rootProperty: 'accounts' },
});
