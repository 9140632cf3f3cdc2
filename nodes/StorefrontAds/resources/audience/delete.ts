import { operation } from '../../../shared/operation';
import { accountId, audienceId } from '../../helpers/adsFields';

export const fields = [accountId, audienceId];

export const option = operation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an audience',
	description: 'Delete an audience; ads targeting it lose that targeting',
	method: 'DELETE',
	path: '/v1/ads/audiences/{audienceId}',
	fields,
	inRequest: { accountId: { in: 'query', locator: true } },
});
