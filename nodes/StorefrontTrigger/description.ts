import { NodeConnectionTypes, type INodePropertyOptions, type INodeTypeDescription } from 'n8n-workflow';

import { ALL_EVENTS, EVENT_OPTIONS, TEST_EVENT, type EventScope } from '../shared/events';
import { CREDENTIAL_NAME } from '../shared/requestDefaults';
import { DEFAULT_SIGNATURE_HEADER } from './receive';
import { SEND_TEST_EVENT } from './testEvent';

export const WHEN_FINISHED = 'whenFinished';

/** One of the trigger's types: the standalone Storefront Trigger, or a copy paired with an action node (paired.ts). */
export interface TriggerKind {
	name: string;
	displayName: string;
	/** What starts the workflow, in the node creator's words (n8n shows it on a paired node's card). */
	description: string;
	scope: EventScope;
	/** What makes its events happen, for the trigger panel. */
	source: string;
	/** The name of its All Events option. */
	allEvents: string;
	/** Kept for saved workflows, not offered in the node creator. */
	hidden?: true;
}

function eventChoices(kind: TriggerKind): INodePropertyOptions[] {
	const scope = kind.scope;
	const all = {
		name: kind.allEvents,
		value: ALL_EVENTS,
		description: scope === 'all' ? 'Every event except test events, and event types Storefront adds later' : 'Every event in this list',
	};
	const events =
		scope === 'all'
			? EVENT_OPTIONS.map((o) => (o.value === TEST_EVENT ? { ...o, description: 'A test event. Runs a published workflow only when chosen here.' } : o))
			: EVENT_OPTIONS.filter((o) => scope.includes(o.value as string));
	return [all, ...events];
}

// n8n 1.x and 2.x label the panel's button "Execute step"; while it waits the panel says "Listening for test event"
const LISTEN = "<b>While building your workflow</b>, click 'Execute step': Storefront then sends a test event that runs the workflow here.";
const published = (scope: EventScope) =>
	`shown in the <a data-key="executions">executions list</a>. ${scope === 'all' ? 'Test events run it only when chosen in Events.' : 'Test events never run it.'}`;

/** The canvas subtitle: the All Events option's name ("All events") rather than its value "*", else the chosen events. */
export const subtitleOf = (kind: TriggerKind) =>
	`={{ $parameter["events"].includes("${ALL_EVENTS}") ? "${kind.allEvents.charAt(0)}${kind.allEvents.slice(1).toLowerCase()}" : $parameter["events"].join(", ") }}`;

/** The description of a trigger type; the icon is the node class's own (n8n's lint reads it there). */
export function triggerDescription(kind: TriggerKind): INodeTypeDescription {
	return {
		displayName: kind.displayName,
		name: kind.name,
		group: ['trigger'],
		version: 1,
		...(kind.hidden ? { hidden: kind.hidden } : {}),
		subtitle: subtitleOf(kind),
		description: kind.description,
		defaults: { name: 'Storefront Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// n8n evaluates these per delivery: with "When the Workflow Finishes" it answers when the execution ends
				responseMode: `={{ $parameter["acknowledge"] === "${WHEN_FINISHED}" ? "lastNode" : "onReceived" }}`,
				responseData: `={{ $parameter["acknowledge"] === "${WHEN_FINISHED}" ? "noData" : "firstEntryJson" }}`,
				path: 'webhook',
			},
		],
		// what the editor shows before and while it listens (n8n's TriggerPanel)
		triggerPanel: {
			header: 'Get a test event from Storefront',
			executionsHelp: {
				inactive: `${LISTEN} Real events: ${kind.source}.<br /><br /><b>Once it works</b>, publish it: each chosen event runs it, ${published(kind.scope)}`,
				active: `${LISTEN}<br /><br /><b>The workflow is published</b>: each chosen event also runs it, ${published(kind.scope)}`,
			},
			activationHint: {
				inactive: "'Execute step' asks Storefront for a test event (Options → Send Test Event on Listen). Publish the workflow to run it on every chosen event.",
				active: "'Execute step' asks Storefront for a test event. The published workflow also runs on every chosen event, shown in the executions list.",
			},
		},
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [ALL_EVENTS],
				description: 'Which events start the workflow',
				options: eventChoices(kind),
			},
			{
				displayName: 'Acknowledge',
				name: 'acknowledge',
				type: 'options',
				default: 'whenReceived',
				description: 'When n8n confirms to Storefront that an event arrived. Storefront sends an unconfirmed event again later.',
				options: [
					{
						name: 'When Received',
						value: 'whenReceived',
						description: 'Confirm as soon as the event is checked and queued. Fast, but if the workflow then fails, Storefront does not send the event again.',
					},
					{
						name: 'When the Workflow Finishes',
						value: WHEN_FINISHED,
						description: 'Confirm once the workflow succeeds, so Storefront sends the event again when it fails. For short workflows only.',
					},
				],
			},
			{
				displayName:
					'Storefront waits at most 10 seconds. A longer run counts as failed, and the event is sent again while it still runs, so it runs twice. After 10 failures in a row Storefront stops sending events until n8n turns them back on.',
				name: 'acknowledgeNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { acknowledge: [WHEN_FINISHED] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Accept Redeliveries',
						name: 'acceptRedeliveries',
						type: 'boolean',
						default: false,
						description: 'Whether an event that arrives again runs again every time. Off: it runs again only if its earlier run was not confirmed.',
					},
					{
						displayName: 'Include Headers',
						name: 'includeHeaders',
						type: 'boolean',
						default: false,
						description: 'Whether to add the request headers to the output item under "headers"',
					},
					{
						displayName: 'Max Event Age (Seconds)',
						name: 'maxAgeSeconds',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 300,
						description: 'Refuse events older than this, so an old event sent again by someone else cannot start the workflow. 0 turns the check off.',
					},
					{
						displayName: 'Send Test Event on Listen',
						name: SEND_TEST_EVENT,
						type: 'boolean',
						default: true,
						description: "Whether 'Execute step' also asks Storefront for a test event while this node listens, so the workflow runs at once. Off: it waits for a real event.",
					},
					{
						displayName: 'Signature Header',
						name: 'signatureHeader',
						type: 'string',
						default: DEFAULT_SIGNATURE_HEADER,
						description: 'Where Storefront puts the signature that proves an event is genuine. Keep the default unless Storefront signs yours differently.',
					},
					{
						displayName: 'Simplify',
						name: 'simplify',
						type: 'boolean',
						default: false,
						description: 'Whether to move the event\'s objects (post, account, comment, message …) from "data" to the top level of the item',
					},
				],
			},
		],
	};
}
