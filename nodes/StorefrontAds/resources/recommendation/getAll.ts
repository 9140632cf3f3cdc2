import { field, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { optionsOf } from '../../../shared/optionName';

const TYPES = ['CAMPAIGN_BUDGET', 'KEYWORD', 'MAXIMIZE_CLICKS_OPT_IN', 'RESPONSIVE_SEARCH_AD', 'SITELINK_EXTENSION', 'TARGET_CPA_OPT_IN'];

/** accountId: a searchnet connection; adAccountId: its customer ID. */
export const fields = [
	accountId,
	adAccountId,
	field({
		displayName: 'Types',
		name: 'types',
		type: 'multiOptions',
		options: optionsOf(TYPES),
		default: [],
		description: 'Only these types (all when empty)',
	}),
	...returnAllOrLimit('recommendations'),
];

export const option = adsOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many recommendations',
	description: "The network's recommendations with their expected impact; one item per recommendation, each also giving the customer ID and whether the list may be out of date",
	method: 'GET',
	path: '/v1/ads/recommendations',
	spends: 'none',
	fields,
	inRequest: {
		adAccountId: { in: 'query', locator: true },
		types: { in: 'query', optional: true, map: (v) => (Array.isArray(v) ? v.join(',') : v) },
	},
	postReceive: [carryOntoRows('recommendations', ['adAccountId', 'stale'])],
	list: { style: 'none', rootProperty: 'recommendations' },
});
