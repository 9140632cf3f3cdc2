import { NodeApiError, NodeOperationError, type IDataObject, type IHookFunctions, type JsonObject } from 'n8n-workflow';

import { apiRequest } from '../shared/wire/apiRequest';
import { webhookUrlProblem } from '../shared/webhookUrl';
import { isAnswered2xx, walkDeliveries } from './deliveryLog';

/**
 * Registration of the trigger's endpoint at the API (`webhookMethods.default`).
 * Static data holds `webhookId` and `secret`: the secret is returned only by create.
 */

interface TriggerStaticData {
	webhookId?: string;
	secret?: string;
	/** ISO time up to which the endpoint's delivery log was checked for failures (see recoverFailedDeliveries). */
	recoveredUntil?: string;
}

export const ALL_EVENTS = '*';

/** The API's form of the chosen events: [] means all events ("All Events", or none chosen). */
export function wantedEvents(chosen: string[]): string[] {
	return chosen.includes(ALL_EVENTS) ? [] : [...chosen].sort();
}

/** Whether a delivery of this type starts the workflow: the same rule the registration uses. */
export function acceptsEvent(chosen: string[], type: string): boolean {
	const wanted = wantedEvents(chosen);
	return wanted.length === 0 || wanted.includes(type);
}

const chosenEvents = (ctx: IHookFunctions) => ctx.getNodeParameter('events', []) as string[];

function staticData(ctx: IHookFunctions) {
	return ctx.getWorkflowStaticData('node') as TriggerStaticData;
}

function forget(data: TriggerStaticData) {
	delete data.webhookId;
	delete data.secret;
	delete data.recoveredUntil;
}

const SKEW_MARGIN_MS = 10 * 60_000;

/**
 * After n8n was down (or unreachable), asks the API for the endpoint's deliveries since the last
 * check and requests a redelivery of every event none of whose deliveries succeeded, oldest
 * first. An event the API retried successfully meanwhile is left alone. Events emitted while the
 * API had turned the endpoint off are neither delivered nor logged by the API: they cannot be
 * recovered. A failure here is logged and does not stop the activation; the next check retries.
 */
async function recoverFailedDeliveries(ctx: IHookFunctions, data: TriggerStaticData): Promise<void> {
	const webhookId = encodeURIComponent(data.webhookId!);
	// a margin against clock skew between n8n and the API: an event already recovered has a
	// successful redelivery in the log, so reading some deliveries twice redelivers nothing twice
	const since = data.recoveredUntil ? Date.parse(data.recoveredUntil) - SKEW_MARGIN_MS : 0;
	const checkedAt = new Date().toISOString();
	try {
		// newest first: event id → whether any delivery succeeded, and its newest failed delivery
		const events = new Map<string, { succeeded: boolean; failed?: string }>();
		await walkDeliveries(ctx, data.webhookId!, (delivery) => {
			if (Date.parse(String(delivery.created_at)) < since) return true;
			const event = events.get(String(delivery.event_id)) ?? { succeeded: false };
			if (isAnswered2xx(delivery)) event.succeeded = true;
			else event.failed ??= String(delivery.id);
			events.set(String(delivery.event_id), event);
			return false;
		});
		const lost = [...events.values()].filter((e) => !e.succeeded && e.failed).reverse();
		for (const { failed } of lost) {
			await apiRequest.call(ctx, 'POST', `/v1/webhooks/${webhookId}/deliveries/${encodeURIComponent(failed!)}/redeliver`);
		}
		data.recoveredUntil = checkedAt;
	} catch (error) {
		ctx.logger.warn(`Storefront Trigger: could not recover failed deliveries (${(error as Error).message}); the next check tries again`);
	}
}

const isNotFound = (error: unknown) => error instanceof NodeApiError && error.httpCode === '404';

/** Deletes an endpoint we no longer use; one already gone is fine. */
async function removeEndpoint(ctx: IHookFunctions, webhookId: string) {
	try {
		await apiRequest.call(ctx, 'DELETE', `/v1/webhooks/${encodeURIComponent(webhookId)}`);
	} catch (error) {
		if (!isNotFound(error)) throw new NodeApiError(ctx.getNode(), error as JsonObject);
	}
}

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	if (!data.webhookId) return false;
	const webhookId = data.webhookId;
	if (!data.secret) {
		// Without the secret no delivery can be verified: replace the endpoint.
		await removeEndpoint(this, webhookId);
		forget(data);
		return false;
	}
	const { body } = await apiRequest.call(this, 'GET', '/v1/webhooks');
	const endpoint = ((body.webhooks as IDataObject[] | undefined) ?? []).find((w) => w.id === webhookId);
	if (!endpoint) {
		forget(data);
		return false;
	}
	const sameUrl = endpoint.url === this.getNodeWebhookUrl('default');
	const remoteEvents = [...((endpoint.events as string[] | undefined) ?? [])].sort();
	const sameEvents = JSON.stringify(remoteEvents) === JSON.stringify(wantedEvents(chosenEvents(this)));
	if (!sameUrl || !sameEvents) {
		await removeEndpoint(this, webhookId);
		forget(data);
		return false;
	}
	if (endpoint.is_active === false) {
		// The service turns an endpoint off after 10 failed deliveries in a row; turn it back on.
		await apiRequest.call(this, 'PATCH', `/v1/webhooks/${encodeURIComponent(webhookId)}`, {
			body: { is_active: true },
		});
	}
	await recoverFailedDeliveries(this, data);
	return true;
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const workflow = this.getWorkflow();
	const url = this.getNodeWebhookUrl('default') as string;
	if (webhookUrlProblem(url)) {
		// the API would answer a bare 400: say which n8n setting makes the URL HTTPS
		throw new NodeOperationError(this.getNode(), `n8n's webhook URL is not HTTPS: ${url}`, {
			description:
				'The Storefront API delivers events to https:// addresses only. Set the N8N_WEBHOOK_URL environment variable of n8n (WEBHOOK_URL on n8n 1.x) to its public HTTPS address (e.g. https://n8n.example.com/), restart n8n and publish the workflow again (in n8n 1.x: activate it).',
		});
	}
	const { body } = await apiRequest.call(this, 'POST', '/v1/webhooks', {
		body: {
			url,
			events: wantedEvents(chosenEvents(this)),
			description: `n8n workflow "${workflow.name ?? ''}" (${workflow.id ?? 'unsaved'})`.slice(0, 500),
		},
	});
	if (typeof body.id !== 'string' || typeof body.secret !== 'string') {
		throw new NodeApiError(this.getNode(), { status: 201 }, {
			message: 'The API did not return the new webhook ID and secret',
			description: 'The trigger cannot verify deliveries without the secret. Try activating the workflow again.',
		});
	}
	const data = staticData(this);
	data.webhookId = body.id;
	data.secret = body.secret;
	data.recoveredUntil = new Date().toISOString();
	return true;
}

export async function deleteEndpoint(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	if (data.webhookId) await removeEndpoint(this, data.webhookId);
	forget(data);
	return true;
}
