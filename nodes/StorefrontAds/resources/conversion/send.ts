import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../../shared/api';
import { operation } from '../../../shared/operation';
import { paramOf } from '../../../shared/params';
import { batchOperation, failRun, fieldNames, inputFieldName, inputModeField, jsonList, requestTimeout, text, valueAt } from '../../helpers/batchInput';
import { NETWORKS, networksWhere } from '../../helpers/networks';

const FIELDS = { eventName: 'eventNameField', eventTime: 'eventTimeField', value: 'valueField', currency: 'currencyField', email: 'userEmailField' };

/** One event per incoming item, from the named fields. */
function eventsFromItems(ctx: IExecuteFunctions, items: INodeExecutionData[]): IDataObject[] {
	const field = fieldNames(ctx, FIELDS);
	const defaultName = text(paramOf(ctx, 0, 'eventName', 'Purchase'));
	const defaultCurrency = text(paramOf(ctx, 0, 'currency', 'USD'));
	const now = new Date().toISOString();
	return items.map(({ json }, i) => {
		const raw = valueAt(json, field.value);
		const value = raw === '' || raw === undefined || raw === null ? undefined : Number(raw);
		if (value !== undefined && Number.isNaN(value)) failRun(ctx, i, `Item ${i + 1}: Value "${String(raw)}" is not a number`, `The input field "${field.value}" must hold a number.`);
		const time = valueAt(json, field.eventTime);
		return {
			eventName: text(valueAt(json, field.eventName)) || defaultName,
			eventTime: typeof time === 'number' ? time : text(time) || now,
			...(value !== undefined ? { value, currency: text(valueAt(json, field.currency)) || defaultCurrency } : {}),
			user: { email: text(valueAt(json, field.email)) },
		};
	});
}

/** Events from every incoming item (one call) or this item's JSON list; refused before the call on networks without conversions. */
async function sendEvents(ctx: IExecuteFunctions, itemIndex: number, items: INodeExecutionData[] | undefined): Promise<IDataObject> {
	const accountId = String(paramOf(ctx, itemIndex, 'accountId', '', { extractValue: true }) ?? '').trim();
	const { body: answer } = await apiRequest.call(ctx, 'GET', '/v1/ads/connections', { timeout: requestTimeout(ctx) });
	const network = ((answer.connections as IDataObject[] | undefined) ?? []).find((c) => c.id === accountId)?.network as string | undefined;
	if (network && !NETWORKS[network]?.conversions) {
		failRun(ctx, itemIndex, `${network} does not take server-side conversions`, `Send conversions through a ${networksWhere('conversions').join(', ')} connection.`);
	}
	const events = items ? eventsFromItems(ctx, items) : jsonList(ctx, itemIndex, 'eventsJson', 'Events (JSON)');
	const bad = events.findIndex((e) => !e?.eventName || !(e.user as IDataObject | undefined)?.email);
	if (bad >= 0) failRun(ctx, items ? bad : itemIndex, `Event ${bad + 1} needs an event name and an email`, 'Every event needs eventName and user.email.');
	const destinationId = text(paramOf(ctx, itemIndex, 'destinationId', ''));
	const { body } = await apiRequest.call(ctx, 'POST', '/v1/ads/conversions', { body: { accountId, destinationId, events }, timeout: requestTimeout(ctx) });
	return { ...body, sent: events.length };
}

/** Runs as a custom operation (see the node's `customOperations`): every incoming item in one execution. */
export const execute = batchOperation('eventsInput', sendEvents);

export const option = operation({
	value: 'send',
	name: 'Send',
	action: 'Send many conversion events',
	description: 'Send server-side conversion events (socialnet, searchnet, chatnet); all incoming items go in one call',
	method: 'POST',
	path: '/v1/ads/conversions',
});

export const uses = ['accountId'];

const field = (displayName: string, name: string, fallback: string, description: string) =>
	inputFieldName('eventsInput', { displayName, name, default: fallback, description });
const whenMissing = (displayName: string, name: string, fallback: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: fallback,
	description,
	displayOptions: { show: { eventsInput: ['items'] } },
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Destination ID',
		name: 'destinationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. pixel ID, conversion action or chat-network pixel',
	},
	inputModeField('eventsInput', 'Events', 'event'),
	field('Event Name Field', 'eventNameField', 'eventName', 'The input field holding the event name (e.g. Purchase, Lead); items without it use Default Event Name'),
	field('Event Time Field', 'eventTimeField', 'eventTime', 'The input field holding the time: ISO 8601 or Unix seconds; items without it use now'),
	field('Value Field', 'valueField', 'value', 'The input field holding the order value; items without it send no value'),
	field('Currency Field', 'currencyField', 'currency', 'The input field holding the ISO currency of the value; items without it use Default Currency'),
	field('Email Field', 'userEmailField', 'email', 'The input field holding the email (hashed by the service before it leaves)'),
	whenMissing('Default Event Name', 'eventName', 'Purchase', 'The event name of items without an event name field'),
	whenMissing('Default Currency', 'currency', 'USD', 'The currency of values from items without a currency field'),
	{
		displayName: 'Events (JSON)',
		name: 'eventsJson',
		type: 'json',
		default: '[]',
		description: 'A list of {"eventName", "eventTime", "value", "currency", "user": {"email"}}',
		displayOptions: { show: { eventsInput: ['json'] } },
	},
];
