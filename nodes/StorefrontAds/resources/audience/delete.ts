import { markDeleted } from '../../../shared/requestActions';
import { accountId, audienceId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [accountId, audienceId];

export const option = adsOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an audience',
	description: 'Delete an audience; ads targeting it lose that targeting',
	method: 'DELETE',
	path: '/v1/ads/audiences/{audienceId}',
	spends: 'none',
	fields,
	postReceive: [markDeleted],
});
