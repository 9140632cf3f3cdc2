import { actionName } from '../../../shared/actionNames';
import { collection, field, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { carryOntoRows } from '../../../shared/requestActions';
import { accountId, renamedField } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [
	field({
		displayName:
			'The member must be Administrator or Sponsored Content Poster of the Page, and the Page must be linked to the ad account. With several pronet connections, choose one in Options → Ad Connection.',
		name: 'pronetNotice',
		type: 'notice',
		default: '',
	}),
	...returnAllOrLimit('pages'),
	// optional here (the API takes none when there is only one pronet connection), so an option of
	// its own: the node's Ad Connection field is required wherever it shows
	collection(
		'Options',
		'options',
		[
			renamedField(accountId, 'accountId', {
				required: false,
				description: `The pronet connection whose Pages to list; leave empty when there is only one. ${actionName('connection', 'getAll')} lists them`,
			}),
		],
		'Add Option',
	),
];

export const option = adsOperation({
	value: 'getPronetPages',
	name: 'Get Pronet Pages',
	action: 'Get many pronet company pages',
	description: `Company Pages an ad can run as (their organizationId goes to ${actionName('ad', 'create')}); one item per page`,
	method: 'GET',
	path: '/v1/ads/pronet-pages',
	spends: 'none',
	fields,
	inRequest: { 'options.accountId': { in: 'query', as: 'accountId', locator: true, optional: true } },
	postReceive: [carryOntoRows('pages', ['postingAccountId', 'notes'])],
	list: { style: 'none', rootProperty: 'pages' },
});
