import type { INodeProperties } from 'n8n-workflow';

/** The API's lowercase status of existing campaigns, ad sets, ads and keywords. */
export const STATUS_OPTIONS = [
	{ name: 'Paused', value: 'paused', description: 'Stops spending' },
	{ name: 'Active', value: 'active', description: 'Starts or resumes spending' },
];

/** Pause / resume of an existing campaign, ad set or ad. */
export function statusChoice(description: string): INodeProperties {
	return { displayName: 'Status', name: 'status', type: 'options', required: true, options: STATUS_OPTIONS, default: 'paused', description };
}
