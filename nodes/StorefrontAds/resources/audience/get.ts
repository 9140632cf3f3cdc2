import { unwrap } from '../../../shared/requestActions';
import { accountId, audienceId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [accountId, audienceId];

export const option = adsOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an audience',
	description: 'Get an audience with its size',
	method: 'GET',
	path: '/v1/ads/audiences/{audienceId}',
	spends: 'none',
	fields,
	postReceive: [unwrap('audience')],
});
