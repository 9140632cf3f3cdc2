import type { INodeProperties } from 'n8n-workflow';

import { oncePerEventOption } from './wire/idempotency';
import { DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_QUEUE_WAIT_SECONDS } from './wire/send';

/** Added to n8n's Request Options (n8n merges it with Batching, Proxy, Timeout). */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Max Requests in Flight',
			name: 'maxInFlight',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_MAX_IN_FLIGHT,
			description:
				'How many requests of this node may wait for the API at once. When the API asks the node to slow down, the node waits and sends again by itself, whatever this is.',
		},
		{
			displayName: 'Max Wait in Queue (Seconds)',
			name: 'maxQueueWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: DEFAULT_MAX_QUEUE_WAIT_SECONDS,
			description:
				'How long a request may wait for its turn when many executions share the API key\'s rate limit. Requests are sent in order of arrival at the pace the API allows; one that waits longer fails without being sent.',
		},
		oncePerEventOption,
	],
};
