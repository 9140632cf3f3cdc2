import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRequest } from '../../shared/wire/request';
import { EVENT_OPTIONS, eventOptions } from '../../shared/events';

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
