import { actionName } from '../../shared/actionNames';
import { field, resourceLocator, returnAllOrLimit } from '../../shared/fieldBuilders';

/**
 * Fields several webhook operations show. Each operation imports the ones it shows into its
 * `fields`; the node declares each name once (nodes/shared/oneDeclarationPerName.ts).
 */

export const webhookId = resourceLocator({
	displayName: 'Webhook',
	name: 'webhookId',
	searchListMethod: 'searchWebhooks',
	placeholder: 'e.g. 3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f0a9b',
	description: 'The webhook endpoint to use',
	listedBy: actionName('webhook', 'getAll'),
});

export const deliveryId = resourceLocator({
	displayName: 'Delivery',
	name: 'deliveryId',
	searchListMethod: 'searchDeliveries',
	placeholder: 'e.g. 9b7a2c5d-8e1f-4a9b-3f2b-8c1e6a4d4e0f',
	description: 'The delivery whose event is sent again',
	listedBy: actionName('delivery', 'getAll'),
});

/** The node's locators, registered by StorefrontWebhooks.node.ts (fieldBuilders.ts registerLocators). */
export const webhooksLocators = [webhookId, deliveryId];

/** Both Get Many operations (webhooks and deliveries) show the same Return All and Limit. */
export const [returnAll, limit] = returnAllOrLimit('webhooks or deliveries');

/** The event list of Create and of Update's "Update Fields" (one top-level property, one in a collection). */
export function eventsField(description: string) {
	return field({
		displayName: 'Event Names or IDs',
		name: 'events',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getEvents' },
		default: [],
		// an empty list is "every event" at the API: say so under the field (n8n 2.41.1 shows a fixed
		// "Select" in an empty multiOptions and ignores `placeholder`), not only in its tooltip
		hint: 'Leave empty to receive every event, including types added later',
		description: `${description} Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>`,
	});
}
