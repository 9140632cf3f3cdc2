import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = returnAllOrLimit('connections');

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many ad connections',
	description: 'List the connected ad network logins (acc_ IDs) and whether they need reconnecting',
	method: 'GET',
	path: '/v1/ads/connections',
	spends: 'none',
	fields,
	list: { style: 'none', rootProperty: 'connections' },
});
