import {
	NodeConnectionTypes,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { EVENT_OPTIONS } from '../shared/events';
import { CREDENTIAL_NAME } from '../shared/requestDefaults';
import { ALL_EVENTS, checkExists, create, deleteEndpoint } from './lifecycle';
import { DEFAULT_SIGNATURE_HEADER, receive } from './receive';

const WHEN_FINISHED = 'whenFinished';

export class StorefrontTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Storefront Trigger',
		name: 'storefrontTrigger',
		icon: { light: 'file:../../icons/storefront.svg', dark: 'file:../../icons/storefront.dark.svg' },
		group: ['trigger'],
		version: 1,
		// "All events" rather than the option's value "*"
		subtitle: `={{ $parameter["events"].includes("${ALL_EVENTS}") ? "All events" : $parameter["events"].join(", ") }}`,
		description: 'Starts the workflow when the Storefront API sends a signed event',
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
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [ALL_EVENTS],
				description: 'Which events start the workflow: All Events, or the ones you pick (All Events wins when it is among them)',
				options: [{ name: 'All Events', value: ALL_EVENTS, description: 'Every event type' }, ...EVENT_OPTIONS],
			},
			{
				displayName: 'Acknowledge',
				name: 'acknowledge',
				type: 'options',
				default: 'whenReceived',
				description: 'When n8n tells the API that the event was delivered; the API redelivers what was not acknowledged',
				options: [
					{
						name: 'When Received',
						value: 'whenReceived',
						description:
							'Answer 200 once the event is verified and its execution queued: fast, but a run that fails afterwards is not redelivered',
					},
					{
						name: 'When the Workflow Finishes',
						value: WHEN_FINISHED,
						description: 'Answer when the execution ends: 200 on success, 500 on failure, so the API redelivers a failed run',
					},
				],
			},
			{
				displayName:
					'The API waits at most 10 s for the answer: a run longer than that counts as a failed delivery and is delivered again while it still runs (it then runs twice). Every failed run counts toward the API turning the endpoint off after 10 failures in a row. Each event in flight holds one connection open until its run ends.',
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
						description:
							'Whether to start the workflow again for every repeat of an event ID. Off: a copy of a delivery already received never runs; a new delivery of the event (a retry, a redelivery) is dropped when the API\'s delivery log shows the event answered 2xx, and runs when its earlier run failed or went unanswered.',
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
						description:
							'Reject events further than this from now, against replayed requests: the signed t= of a timestamped signature, else the event\'s timestamp (or created). 0 turns the check off.',
					},
					{
						displayName: 'Signature Header',
						name: 'signatureHeader',
						type: 'string',
						default: DEFAULT_SIGNATURE_HEADER,
						description:
							'Header that carries the HMAC-SHA256 signature (plain hex, or t=…,v1=…). When a delivery lacks it, the one header named X-…-Signature is used.',
					},
					{
						displayName: 'Simplify',
						name: 'simplify',
						type: 'boolean',
						default: false,
						description:
							'Whether to move the event\'s objects (post, account, comment, message …) from "data" to the top level of the item',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteEndpoint.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receive.call(this);
	}
}
