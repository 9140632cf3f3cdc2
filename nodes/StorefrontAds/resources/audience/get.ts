import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';
import { accountId, audienceId } from '../../helpers/adsFields';

export const fields = [accountId, audienceId];

export const option = operation({
	value: 'get',
	name: 'Get',
	action: 'Get an audience',
	description: 'Get an audience with its size',
	method: 'GET',
	path: '/v1/ads/audiences/{audienceId}',
	fields,
	inRequest: { accountId: { in: 'query', locator: true } },
	postReceive: [unwrap('audience')],
});
