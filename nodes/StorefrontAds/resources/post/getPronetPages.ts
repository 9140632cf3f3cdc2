import type { INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { carryOntoRows } from '../../../shared/requestActions';
import { ownCopy } from '../../helpers/sharedFields';

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
	// optional here (the API takes none when there is only one pronet connection): Ad Connection is
	// one field for the whole node, required on the other operations (checked when they run)
	ownCopy('accountId', { required: false }),
	{
		displayName:
			'Ad Connection can stay empty when there is only one pronet connection. The member must be Administrator or Sponsored Content Poster of the Page, and the Page must be linked to the ad account.',
		name: 'pronetNotice',
		type: 'notice',
		default: '',
	},
	...returnAllOrLimit('pages'),
];
