import { collection, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { queryFrom } from '../../../shared/requestActions';
import { accountId, adGroupFilter, campaignFilter } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

/** accountId: a searchnet connection. */
export const fields = [
	accountId,
	...returnAllOrLimit('keywords'),
	collection(
		'Filters',
		'filters',
		[
			adGroupFilter,
			campaignFilter,
			{ displayName: 'Negative', name: 'negative', type: 'boolean', default: false, description: 'Whether to list only negative (true) or only positive (false) keywords' },
			{ displayName: 'Search', name: 'search', type: 'string', default: '' },
		],
		'Add Filter',
	),
];

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many keywords',
	description: 'List keywords with quality score and 30-day metrics (synced about once a day)',
	method: 'GET',
	path: '/v1/ads/keywords',
	spends: 'none',
	fields,
	preSend: [queryFrom('filters')],
	list: { style: 'none', rootProperty: 'keywords' },
});
