import type { INodeProperties } from 'n8n-workflow';

import { resourceSelector } from '../../shared/descriptions';
import { adProperties } from './ad';
import { adSetProperties } from './adSet';
import { campaignProperties } from './campaign';
import { connectionProperties } from './connection';

export const properties: INodeProperties[] = [
	resourceSelector(
		[
			{ name: 'Ad', value: 'ad' },
			{ name: 'Ad Set', value: 'adSet' },
			{ name: 'Campaign', value: 'campaign' },
			{ name: 'Connection', value: 'connection' },
		],
		'ad',
	),
	...adProperties,
	...adSetProperties,
	...campaignProperties,
	...connectionProperties,
];
