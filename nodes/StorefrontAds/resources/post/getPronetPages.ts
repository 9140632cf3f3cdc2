import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fields';
import { operation } from '../../../shared/operation';
import { carryOntoRows } from '../../../shared/requestActions';
import { ownCopy } from '../../helpers/fields';

export const option = operation({
	value: 'getPronetPages',
	name: 'Get Pronet Pages',
	action: 'Get many pronet company pages',
	description: 'Company Pages an ad can run as (their organizationId goes to Ad → Create); one item per page',
	method: 'GET',
	path: '/v1/ads/pronet-pages',
	send: { accountId: { in: 'query', locator: true, optional: true } },
	postReceive: [carryOntoRows('pages', ['postingAccountId', 'notes'])],
	list: { style: 'none', rootProperty: 'pages' },
});

export const properties: INodeProperties[] = [
	// optional here (the API takes none when there is only one pronet connection), so not the shared field
	ownCopy('accountId', { required: false, description: 'A pronet ad connection; can stay empty when there is only one' }),
	{
		displayName: 'The member must be Administrator or Sponsored Content Poster of the Page, and the Page must be linked to the ad account.',
		name: 'pronetNotice',
		type: 'notice',
		default: '',
	},
	...returnAllOrLimit('pages'),
];
