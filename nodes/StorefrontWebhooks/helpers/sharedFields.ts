import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator, returnAllOrLimit } from '../../shared/fieldBuilders';

/**
 * Fields used by several operations: one property per name for the whole node (n8n evaluates
 * a mapped value twice per item for every same-named property). Operations name the ones they
 * show in `uses`; `assembleNode` shows each on exactly those operations.
 */
export const sharedFields: INodeProperties[] = [
	resourceLocator({
		displayName: 'Webhook',
		name: 'webhookId',
		searchListMethod: 'searchWebhooks',
		placeholder: 'e.g. 3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f0a9b',
		description: 'The webhook endpoint to use',
		listedBy: 'Webhook → Get Many',
	}),
	// both Get Many operations (webhooks and deliveries) share one Return All and one Limit
	...returnAllOrLimit('webhooks or deliveries'),
];

/** The event list of Create and of Update's "Update Fields" (one top-level property, one in a collection). */
export function eventsField(description: string): INodeProperties {
	return {
		displayName: 'Event Names or IDs',
		name: 'events',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getEvents' },
		default: [],
		// an empty list is "every event" at the API: say so under the field (n8n 2.41.1 shows a fixed
		// "Select" in an empty multiOptions and ignores `placeholder`), not only in its tooltip
		hint: 'Leave empty to receive every event, including types added later',
		description: `${description} Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>`,
	};
}
