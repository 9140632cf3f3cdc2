import type { INodeProperties } from 'n8n-workflow';

import { collection, returnAllOrLimit } from '../../shared/fieldBuilders';
import type { ListOptions } from '../../shared/pagination';
import { PLATFORMS } from './networks';

/** The Get Many lists of campaigns, ad sets and ads: page lists with Filters in the query, and the filters they share. */

/**
 * How the Ads page lists (campaigns, ads, the campaign tree) page: `page` + `limit`, at most 500
 * rows a page. An operation adds where its rows are: `list: { ...adsPageList, rootProperty: 'ads' }`.
 */
export const adsPageList = { style: 'page', maxPageSize: 500 } as const satisfies Omit<ListOptions, 'rootProperty'>;

/** Return All, Limit and the list's Filters (sent in the query by `queryWithDays('filters')`). */
export function pagedListFields(plural: string, filters: INodeProperties[]) {
	return [...returnAllOrLimit(plural), collection('Filters', 'filters', filters, 'Add Filter')];
}

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
