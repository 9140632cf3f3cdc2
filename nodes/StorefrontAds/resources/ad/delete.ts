import { markDeleted, unwrap } from '../../../shared/requestActions';
import { adId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [adId];

export const option = adsOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete an ad',
	description: 'Cancel an ad; it stops for good (on chatnet its ad group and campaign are archived too)',
	method: 'DELETE',
	path: '/v1/ads/{adId}',
	spends: 'none',
	fields,
	postReceive: [unwrap('ad'), markDeleted],
});
