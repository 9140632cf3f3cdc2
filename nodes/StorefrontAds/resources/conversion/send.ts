import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { field } from '../../../shared/fieldBuilders';
import { accountId } from '../../helpers/adsLocators';
import { batchOperation, fieldNames, inputFieldName, inputModeField, jsonList, text, valueAt, type BatchRunOf } from '../../helpers/batchOperation';
import { NETWORKS, networksWhere } from '../../helpers/networks';

const FIELDS = { eventName: 'eventNameField', eventTime: 'eventTimeField', value: 'valueField', currency: 'currencyField', email: 'userEmailField' } as const;

/** One event per item, from the named fields. */
function eventsFromItems(run: BatchRunOf<typeof fields>, items: INodeExecutionData[]): IDataObject[] {
	const field = fieldNames(run, FIELDS);
	const defaultName = text(run.param('eventName', 'Purchase'));
	const defaultCurrency = text(run.param('currency', 'USD'));
	const now = new Date().toISOString();
	return items.map(({ json }, i) => {
		const raw = valueAt(json, field.value);
		const value = raw === '' || raw === undefined || raw === null ? undefined : Number(raw);
		if (value !== undefined && Number.isNaN(value)) run.fail(`Item ${i + 1}: Value "${String(raw)}" is not a number`, `The input field "${field.value}" must hold a number.`, i);
		const time = valueAt(json, field.eventTime);
		return {
			eventName: text(valueAt(json, field.eventName)) || defaultName,
			eventTime: typeof time === 'number' ? time : text(time) || now,
			...(value !== undefined ? { value, currency: text(valueAt(json, field.currency)) || defaultCurrency } : {}),
			user: { email: text(valueAt(json, field.email)) },
		};
	});
}

/** Events from the items (one call) or the JSON list; refused before the call on networks without conversions. */
async function sendEvents(run: BatchRunOf<typeof fields>): Promise<IDataObject> {
	const accountId = run.id('accountId');
	const answer = await run.get('/v1/ads/connections');
	const network = ((answer.connections as IDataObject[] | undefined) ?? []).find((c) => c.id === accountId)?.network as string | undefined;
	if (network && !NETWORKS[network]?.conversions) {
		run.fail(`${network} does not take server-side conversions`, `Send conversions through a ${networksWhere('conversions').join(', ')} connection.`);
	}
	const events = run.items ? eventsFromItems(run, run.items) : jsonList(run, 'eventsJson', 'Events (JSON)', '[{"eventName": "Purchase", "value": 25, "currency": "USD", "user": {"email": "a@example.com"}}]');
	const bad = events.findIndex((e) => !e?.eventName || !(e.user as IDataObject | undefined)?.email);
	if (bad >= 0) run.fail(`Event ${bad + 1} needs an event name and an email`, 'Every event needs eventName and user.email.', run.items ? bad : undefined);
	const destinationId = text(run.param('destinationId', ''));
	const body = await run.send({ accountId, destinationId, events });
	return { ...body, sent: events.length };
}

const itemField = <N extends string>(displayName: string, name: N, fallback: string, description: string) =>
	inputFieldName('eventsInput', { displayName, name, default: fallback, description });
const whenMissing = <N extends string>(displayName: string, name: N, fallback: string, description: string) =>
	field({ displayName, name, type: 'string', default: fallback, description, displayOptions: { show: { eventsInput: ['items'] } } });

export const fields = [
	accountId,
	field({
		displayName: 'Destination ID',
		name: 'destinationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. pixel ID, conversion action or chat-network pixel',
	}),
	inputModeField('eventsInput', 'Events', 'event'),
	itemField('Event Name Field', 'eventNameField', 'eventName', 'The input field holding the event name (e.g. Purchase, Lead); items without it use Default Event Name'),
	itemField('Event Time Field', 'eventTimeField', 'eventTime', 'The input field holding the time: ISO 8601 or Unix seconds; items without it use now'),
	itemField('Value Field', 'valueField', 'value', 'The input field holding the order value; items without it send no value'),
	itemField('Currency Field', 'currencyField', 'currency', 'The input field holding the ISO currency of the value; items without it use Default Currency'),
	itemField('Email Field', 'userEmailField', 'email', 'The input field holding the email (made unreadable by the service before it leaves)'),
	whenMissing('Default Event Name', 'eventName', 'Purchase', 'The event name of items without an event name field'),
	whenMissing('Default Currency', 'currency', 'USD', 'The currency of values from items without a currency field'),
	field({
		displayName: 'Events (JSON)',
		name: 'eventsJson',
		type: 'json',
		default: '[]',
		description: 'A list of {"eventName", "eventTime", "value", "currency", "user": {"email"}}',
		displayOptions: { show: { eventsInput: ['json'] } },
	}),
];

/**
 * One declaration for both ways n8n runs it: a normal run (the node's `customOperations`, every
 * incoming item in one execution) and a run as an AI tool (RoutingNode alone, the same work per item).
 */
export const { option, execute } = batchOperation({
	value: 'send',
	name: 'Send',
	action: 'Send many conversion events',
	description: 'Send server-side conversion events (socialnet, searchnet, chatnet); all incoming items go in one call',
	method: 'POST',
	path: '/v1/ads/conversions',
	spends: 'none',
	noResendAfterTimeout:
		"a call with every incoming event may still be running at the API when no answer came in time, and the API answers a repeat of its Idempotency-Key with the first call's result, which a call still running does not have yet: events counted twice would steer the network's bidding. Look in the ad network for these conversions before sending them again.",
	fields,
	input: 'eventsInput',
	work: sendEvents,
});
