import { field, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { accountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [
	accountId,
	field({ displayName: 'Search Text', name: 'q', type: 'string', required: true, default: '', placeholder: 'e.g. fashion' }),
	field({
		displayName: 'Dimension',
		name: 'dimension',
		type: 'options',
		options: [
			{ name: 'Any', value: '' },
			{ name: 'Behavior', value: 'behavior' },
			{ name: 'Interest', value: 'interest' },
			{ name: 'Language', value: 'language' },
			{ name: 'Location', value: 'geo' },
		],
		default: '',
		description: 'What kind of targeting to look for; another dimension the network knows can be given with an expression',
	}),
	...returnAllOrLimit('options'),
];

export const option = adsOperation({
	value: 'search',
	name: 'Search',
	action: 'Search many targeting options',
	description: 'Find locations, interests, behaviors or languages to target, with audience sizes; one item per option',
	method: 'GET',
	path: '/v1/ads/targeting/search',
	spends: 'none',
	fields,
	inRequest: { q: 'query', dimension: { in: 'query', optional: true } },
	list: { style: 'none', rootProperty: 'results' },
});
