import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';
import { accountId, audienceId, audienceName } from '../../helpers/adsFields';

/** audienceName: the new name. */
export const fields = [accountId, audienceId, audienceName];

export const option = operation({
	value: 'rename',
	name: 'Rename',
	action: 'Rename an audience',
	description: 'Change the name of an audience',
	method: 'PUT',
	path: '/v1/ads/audiences/{audienceId}',
	fields,
	inRequest: { accountId: { in: 'body', locator: true }, audienceName: { in: 'body', as: 'name' } },
	postReceive: [unwrap('audience')],
});
