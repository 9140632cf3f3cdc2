import { collection, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { queryFrom } from '../../../shared/requestActions';
import { accountId, adAccountFilter } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { AUDIENCE_TYPES } from '../../helpers/choices';

export const fields = [
	accountId,
	...returnAllOrLimit('audiences'),
	collection(
		'Filters',
		'filters',
		[
			adAccountFilter,
			{ displayName: 'Type', name: 'type', type: 'options', options: AUDIENCE_TYPES, default: 'customer_list' },
		],
		'Add Filter',
	),
];

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many audiences',
	description: 'List the audiences of a connection with their sizes',
	method: 'GET',
	path: '/v1/ads/audiences',
	spends: 'none',
	fields,
	preSend: [queryFrom('filters')],
	list: { style: 'none', rootProperty: 'audiences' },
});
