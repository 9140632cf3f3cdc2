import type { ILoadOptionsFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiRequest } from '../../shared/api';
import { resourceLocator } from '../../shared/descriptions';
import { EVENT_OPTIONS, eventOptions } from '../../shared/events';

/** The webhook ID locator; `suffix` is the rest of the path after the ID, when the locator sets the URL. */
export function webhookIdField(suffix?: string): INodeProperties {
	return resourceLocator({
		displayName: 'Webhook',
		name: 'webhookId',
		searchListMethod: 'searchWebhooks',
		placeholder: 'e.g. 3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f0a9b',
		description: 'The webhook endpoint to use',
		url: suffix === undefined ? undefined : `=/v1/webhooks/{{ encodeURIComponent($value) }}${suffix}`,
	});
}

export function eventsField(description: string): INodeProperties {
	return {
		displayName: 'Event Names or IDs',
		name: 'events',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getEvents' },
		default: [],
		description: `${description} Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>`,
	};
}

/** Event types as the API lists them, so new types appear without a package update. */
export async function getEvents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		const { body } = await apiRequest.call(this, 'GET', '/v1/webhooks');
		const types = body.events as string[] | undefined;
		if (Array.isArray(types) && types.length) return eventOptions(types);
	} catch {
		// the credential may not be set yet while the user builds the form: offer the known list
	}
	return EVENT_OPTIONS;
}
