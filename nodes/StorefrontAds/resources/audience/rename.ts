import { unwrap } from '../../../shared/requestActions';
import { audienceName } from '../../helpers/adsFields';
import { accountId, audienceId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

/** audienceName: the new name. */
export const fields = [accountId, audienceId, audienceName];

export const option = adsOperation({
	value: 'rename',
	name: 'Rename',
	action: 'Rename an audience',
	description: 'Change the name of an audience',
	method: 'PUT',
	path: '/v1/ads/audiences/{audienceId}',
	spends: 'none',
	fields,
	inRequest: { audienceName: { in: 'body', as: 'name' } },
	postReceive: [unwrap('audience')],
});
