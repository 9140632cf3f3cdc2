import type { IDataObject } from 'n8n-workflow';

import { simplifyField } from '../../../shared/fieldBuilders';
import { operation } from '../../../shared/operation';
import { carryOntoRows } from '../../../shared/requestActions';
import { limit, returnAll } from '../../helpers/webhookFields';

const simplify = (w: IDataObject): IDataObject => ({
	id: w.id,
	url: w.url,
	events: w.events,
	description: w.description,
	is_active: w.is_active,
	failure_count: w.failure_count,
	last_status: w.last_status,
	eventTypes: w.eventTypes,
});

export const fields = [
	returnAll,
	limit,
	simplifyField('ID, URL, events, description, active flag, failure count, last status and the event types offered'),
];

export const option = operation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many webhooks',
	description: 'List the registered webhook endpoints; each item also carries the event types the API offers (eventTypes)',
	method: 'GET',
	path: '/v1/webhooks',
	fields,
	// the answer's `events` (every event type) beside webhooks that each have their own `events`
	postReceive: [carryOntoRows('webhooks', ['events'], { events: 'eventTypes' })],
	list: { style: 'none', rootProperty: 'webhooks', simplify },
});
