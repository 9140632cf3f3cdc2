import type { INodeProperties } from 'n8n-workflow';

import { PLATFORMS } from './networks';

/** Filters shared by the campaign and ad lists. */
export const platformFilter: INodeProperties = { displayName: 'Platform', name: 'platform', type: 'options', options: PLATFORMS, default: 'socialfeed' };

export const sourceFilter: INodeProperties = {
	displayName: 'Source',
	name: 'source',
	type: 'options',
	options: [
		{ name: 'All', value: 'all' },
		{ name: 'Made Through the Service', value: 'service' },
	],
	default: 'all',
};
