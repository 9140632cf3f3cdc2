import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';

export const option = operation({
	value: 'search',
	name: 'Search',
	action: 'Search many targeting options',
	description: 'Find locations, interests, behaviors or languages to target, with audience sizes; one item per option',
	method: 'GET',
	path: '/v1/ads/targeting/search',
	send: { accountId: { in: 'query', locator: true }, q: 'query', dimension: { in: 'query', optional: true } },
	list: { style: 'none', rootProperty: 'results' },
});

export const uses = ['accountId'];

export const properties: INodeProperties[] = [
	{ displayName: 'Search Text', name: 'q', type: 'string', required: true, default: '', placeholder: 'e.g. fashion' },
	{
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
	},
	...returnAllOrLimit('options'),
];
