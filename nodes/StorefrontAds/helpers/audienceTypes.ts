/** The audience types (reference: Ads: audiences). */
export const AUDIENCE_TYPES = [
	{ name: 'Customer List', value: 'customer_list', description: 'People you upload (every network except chatnet)' },
	{ name: 'Lookalike', value: 'lookalike', description: 'Socialnet only' },
	{ name: 'Saved Targeting', value: 'saved_targeting', description: 'A reusable targeting spec' },
	{ name: 'Website', value: 'website', description: 'Pixel visitors (socialnet only)' },
];
