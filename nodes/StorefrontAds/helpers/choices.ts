import { field } from '../../shared/fieldBuilders';

/** The API's fixed value lists offered as menus: statuses of existing objects, audience types. */

/** The API's lowercase status of existing campaigns, ad sets, ads and keywords. */
export const STATUS_OPTIONS = [
	{ name: 'Paused', value: 'paused', description: 'Stops spending' },
	{ name: 'Active', value: 'active', description: 'Starts or resumes spending' },
];

/** Pause / resume of an existing campaign, ad set or ad. */
export function statusChoice(description: string) {
	return field({ displayName: 'Status', name: 'status', type: 'options', required: true, options: STATUS_OPTIONS, default: 'paused', description });
}

/** The audience types (reference: Ads: audiences). */
export const AUDIENCE_TYPES = [
	{ name: 'Customer List', value: 'customer_list', description: 'People you upload (every network except chatnet)' },
	{ name: 'Lookalike', value: 'lookalike', description: 'Socialnet only' },
	{ name: 'Saved Targeting', value: 'saved_targeting', description: 'A reusable targeting spec' },
	{ name: 'Website', value: 'website', description: 'Pixel visitors (socialnet only)' },
];
