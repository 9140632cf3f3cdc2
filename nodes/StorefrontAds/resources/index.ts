import type { INodeProperties } from 'n8n-workflow';

import { resourceSelector } from '../../shared/descriptions';
import { adProperties } from './ad';
import { adSetProperties } from './adSet';
import { audienceProperties } from './audience';
import { campaignProperties } from './campaign';
import { connectionProperties } from './connection';
import { postProperties } from './post';
import { conversionProperties, insightProperties, targetingProperties } from './research';
import { keywordProperties, recommendationProperties, searchTermProperties } from './searchnet';

export const properties: INodeProperties[] = [
	resourceSelector(
		[
			{ name: 'Ad', value: 'ad' },
			{ name: 'Ad Set', value: 'adSet' },
			{ name: 'Audience', value: 'audience' },
			{ name: 'Campaign', value: 'campaign' },
			{ name: 'Connection', value: 'connection' },
			{ name: 'Conversion', value: 'conversion' },
			{ name: 'Insight', value: 'insight' },
			{ name: 'Keyword (Searchnet)', value: 'keyword' },
			{ name: 'Post', value: 'post' },
			{ name: 'Recommendation (Searchnet)', value: 'recommendation' },
			{ name: 'Search Term (Searchnet)', value: 'searchTerm' },
			{ name: 'Targeting', value: 'targeting' },
		],
		'ad',
	),
	...adProperties,
	...adSetProperties,
	...campaignProperties,
	...connectionProperties,
	...audienceProperties,
	...postProperties,
	...targetingProperties,
	...conversionProperties,
	...insightProperties,
	...keywordProperties,
	...searchTermProperties,
	...recommendationProperties,
];
