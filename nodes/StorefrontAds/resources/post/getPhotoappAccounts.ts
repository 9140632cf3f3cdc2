import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

/** accountId: a socialnet connection. */
export const fields = [accountId, adAccountId];

export const option = adsOperation({
	value: 'getPhotoappAccounts',
	name: 'Get Photoapp Accounts',
	action: 'Get the photoapp accounts of a connection',
	description: "Photo-app accounts and Pages of a socialnet connection; the output's resolved field is the identity ads use by default",
	method: 'GET',
	path: '/v1/ads/photoapp-accounts',
	spends: 'none',
	fields,
	inRequest: { adAccountId: { in: 'query', locator: true } },
});
