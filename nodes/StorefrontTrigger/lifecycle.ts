import { NodeApiError, NodeOperationError, type IDataObject, type IHookFunctions, type JsonObject } from 'n8n-workflow';

import { wantedEvents, type EventScope } from '../shared/events';
import { apiRequest, idSegment } from '../shared/wire/request';
import { webhookUrlProblem } from '../shared/webhookUrl';
import { isAnswered2xx, walkDeliveries } from './deliveryLog';
import { sendTestEventSoon } from './testEvent';

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
/** The recovery walk on activation reads at most this many pages (5,000 deliveries), within this time. */
const RECOVERY_MAX_PAGES = 50;
const RECOVERY_WALK_MS = 30_000;
/** And asks for redeliveries until this much time from its start has passed. */
const RECOVERY_TIME_MS = 60_000;

const WHY_NOT_READ: Record<'limit' | 'late' | 'stuck', string> = {
	limit: `it reads at most ${RECOVERY_MAX_PAGES} pages`,
	late: `it reads the log for at most ${RECOVERY_WALK_MS / 1000} s`,
	stuck: "the API served the same page again (its 'before' paging did not move)",
};

/**
 * After n8n was down (or unreachable), asks the API for the endpoint's deliveries since the last
 * check and requests a redelivery of every event none of whose deliveries succeeded, oldest
 * first. An event the API retried successfully meanwhile is left alone. Events emitted while the
 * API had turned the endpoint off are neither delivered nor logged by the API: they cannot be
 * recovered. A failure here is logged and does not stop the activation; the next check retries.
 * The walk is bounded (pages, time, a log whose paging does not move): what it could not read or
 * redeliver is logged, and the next check starts from now.
 */
async function recoverFailedDeliveries(ctx: IHookFunctions, data: TriggerStaticData): Promise<void> {
	// a margin against clock skew between n8n and the API: an event already recovered has a
	// successful redelivery in the log, so reading some deliveries twice redelivers nothing twice
	const since = data.recoveredUntil ? Date.parse(data.recoveredUntil) - SKEW_MARGIN_MS : 0;
	const checkedAt = new Date().toISOString();
	const started = Date.now();
	try {
		const webhookId = idSegment(ctx, 'Webhook ID', data.webhookId!);
		// newest first: event id → whether any delivery succeeded, and its newest failed delivery
		const events = new Map<string, { succeeded: boolean; failed?: string }>();
		const walked = await walkDeliveries(
			ctx,
			data.webhookId!,
			(delivery) => {
				if (Date.parse(String(delivery.created_at)) < since) return true;
				const event = events.get(String(delivery.event_id)) ?? { succeeded: false };
				if (isAnswered2xx(delivery)) event.succeeded = true;
				else event.failed ??= String(delivery.id);
				events.set(String(delivery.event_id), event);
				return false;
			},
			{ maxPages: RECOVERY_MAX_PAGES, deadline: started + RECOVERY_WALK_MS },
		);
		if (walked.end === 'limit' || walked.end === 'late' || walked.end === 'stuck') {
			const back = data.recoveredUntil ? `back to the last check (${data.recoveredUntil})` : 'older';
			ctx.logger.warn(
				`Storefront Trigger: recovery read ${walked.pages} pages of the delivery log and stopped: ${WHY_NOT_READ[walked.end]}. Deliveries before ${walked.oldest ?? 'the newest'} and ${back} were not checked for failures; the workflow is activated.`,
			);
		}
		const lost = [...events.values()].filter((e) => !e.succeeded && e.failed).reverse();
		for (const [done, { failed }] of lost.entries()) {
			if (Date.now() - started > RECOVERY_TIME_MS) {
				ctx.logger.warn(`Storefront Trigger: ${lost.length - done} failed deliveries were not redelivered: recovery takes at most ${RECOVERY_TIME_MS / 1000} s; the workflow is activated.`);
				break;
			}
			const deliveryId = segmentOrSkip(ctx, 'Delivery ID', failed!);
			if (deliveryId) await apiRequest.call(ctx, 'POST', `/v1/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`);
		}
		data.recoveredUntil = checkedAt;
	} catch (error) {
		ctx.logger.warn(`Storefront Trigger: could not recover failed deliveries (${(error as Error).message}); the next check tries again`);
	}
}

/** An ID the API gave (a delivery's, the endpoint's) as a path segment, or undefined (logged, skipped) when it would leave its segment. */
function segmentOrSkip(ctx: IHookFunctions, label: string, id: string): string | undefined {
	try {
		return idSegment(ctx, label, id);
	} catch {
		ctx.logger.warn(`Storefront Trigger: ${label} ${JSON.stringify(id.slice(0, 100))} cannot be sent in a request path; that call is skipped`);
		return undefined;
	}
}

const isNotFound = (error: unknown) => error instanceof NodeApiError && error.httpCode === '404';

/** Deletes an endpoint we no longer use; one already gone is fine. */
async function removeEndpoint(ctx: IHookFunctions, webhookId: string) {
	// an ID that cannot be one path segment names no endpoint of ours: nothing to delete
	const segment = segmentOrSkip(ctx, 'Webhook ID', webhookId);
	if (!segment) return;
	try {
		await apiRequest.call(ctx, 'DELETE', `/v1/webhooks/${segment}`);
	} catch (error) {
		if (!isNotFound(error)) throw new NodeApiError(ctx.getNode(), error as JsonObject);
	}
}

export async function checkExists(this: IHookFunctions, scope: EventScope): Promise<boolean> {
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
	const sameEvents = JSON.stringify(remoteEvents) === JSON.stringify(wantedEvents(chosenEvents(this), scope));
	if (!sameUrl || !sameEvents) {
		await removeEndpoint(this, webhookId);
		forget(data);
		return false;
	}
	if (endpoint.is_active === false) {
		// The service turns an endpoint off after 10 failed deliveries in a row; turn it back on.
		await apiRequest.call(this, 'PATCH', `/v1/webhooks/${idSegment(this, 'Webhook ID', webhookId)}`, {
			body: { is_active: true },
		});
	}
	await recoverFailedDeliveries(this, data);
	return true;
}

export async function create(this: IHookFunctions, scope: EventScope): Promise<boolean> {
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
			events: wantedEvents(chosenEvents(this), scope),
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
	// the editor listens for a test event: once n8n has stored the secret, ask the API for one
	if (this.getMode() === 'manual') sendTestEventSoon(this, body.id);
	return true;
}

export async function deleteEndpoint(this: IHookFunctions): Promise<boolean> {
	const data = staticData(this);
	if (data.webhookId) await removeEndpoint(this, data.webhookId);
	forget(data);
	return true;
}
