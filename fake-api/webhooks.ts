import { createHmac, randomBytes, randomUUID } from 'node:crypto';

import {
	createWebhookBody,
	deliveriesQuery,
	emptyBody,
	EVENT_TYPES,
	noQuery,
	updateWebhookBody,
	webhookUrlAllowed,
	type Delivery,
	type EventEnvelope,
	type EventType,
	type WebhookEndpoint,
} from './contract/webhooks';
import type { FakeApi } from './core';
import { ApiError, invalid, notFound } from './errors';

/** Minutes to wait before retry 1, 2 and 3 of a failed delivery (docs/reference/contract.md). */
export const RETRY_DELAYS_MIN = [1, 5, 30];
export const DEACTIVATE_AFTER_FAILURES = 10;
const RETENTION_MS = 30 * 24 * 3600 * 1000;

export function signBody(secret: string, body: string) {
	return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * How deliveries are signed and shaped (docs/reference/contract.md, "Webhook deliveries"):
 * - `plain` (default, our contract): `X-Webhook-Signature: <hex HMAC of the body>`, `{id, event, timestamp, data}`;
 * - `timestamped` (the live service): `X-Storefront-Signature: t=<unix s>,v1=<hex HMAC of "<t>.<body>">`, `{id, type, created, data}`;
 * - `flat` (its sibling service): `X-Webhook-Signature: <hex>`, `{id, event, timestamp, ...objects}` (no `data`).
 */
export const WEBHOOK_DIALECTS = ['plain', 'timestamped', 'flat'] as const;
export type WebhookDialect = (typeof WEBHOOK_DIALECTS)[number];

/** The header of the timestamped dialect: named after the service. */
export const TIMESTAMPED_HEADER = 'X-Storefront-Signature';

/** The timestamped dialect's header value: `t=<t>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one `v1` per secret (rotation). */
export function signTimestamped(secrets: string | string[], body: string, t = Math.floor(Date.now() / 1000)) {
	const v1 = [secrets].flat().map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
	return [`t=${t}`, ...v1].join(',');
}

/** A dialect name from outside (option, env var, control call); anything else is an error. */
export function webhookDialect(value: unknown): WebhookDialect {
	if (WEBHOOK_DIALECTS.includes(value as WebhookDialect)) return value as WebhookDialect;
	throw new ApiError(400, 'invalid_request', `unknown webhook dialect ${String(value)} (known: ${WEBHOOK_DIALECTS.join(', ')})`);
}

/** The envelope's own keys in the flat dialect: an object of the event under one of these names is not sent. */
const FLAT_ENVELOPE_KEYS = new Set(['id', 'event', 'type', 'timestamp', 'created', 'data']);

/** One delivery's body and signature header in a dialect. */
export function shapeDelivery(dialect: WebhookDialect, secret: string, eventId: string, event: EventType, data: Record<string, unknown>, at: Date) {
	if (dialect === 'timestamped') {
		const created = Math.floor(at.getTime() / 1000);
		const body = JSON.stringify({ id: eventId, type: event, created, data });
		const signature: Record<string, string> = { [TIMESTAMPED_HEADER]: signTimestamped(secret, body, created) };
		return { body, signature };
	}
	const timestamp = at.toISOString();
	const objects = Object.fromEntries(Object.entries(data).filter(([key]) => !FLAT_ENVELOPE_KEYS.has(key)));
	const envelope: EventEnvelope | Record<string, unknown> =
		dialect === 'flat' ? { id: eventId, event, timestamp, ...objects } : { id: eventId, event, timestamp, data };
	const body = JSON.stringify(envelope);
	const signature: Record<string, string> = { 'X-Webhook-Signature': signBody(secret, body) };
	return { body, signature };
}

interface StoredEndpoint extends WebhookEndpoint {
	secret: string;
}

interface StoredDelivery extends Delivery {
	webhook_id: string;
}

interface PendingRetry {
	webhookId: string;
	eventId: string;
	retry: number;
	dueAt: number;
}

/** The webhook half of the fake API: endpoints, signed deliveries, retries, auto-deactivation. */
export class WebhookService {
	readonly endpoints = new Map<string, StoredEndpoint>();

	readonly deliveries: StoredDelivery[] = [];

	readonly events = new Map<string, { event: EventType; data: Record<string, unknown> }>();

	readonly pendingRetries: PendingRetry[] = [];

	/** How deliveries are signed and shaped (see WEBHOOK_DIALECTS); a control call can change it. */
	dialect: WebhookDialect = 'plain';

	/** Test clock for retries: when set, each retry runs by itself after these delays (ms) on the real clock. */
	private retryDelaysMs: number[] | null = null;

	private readonly retryTimers = new Set<NodeJS.Timeout>();

	constructor(private readonly api: FakeApi) {}

	/**
	 * Shortens the retry schedule (1, 5, 30 minutes) to `delaysMs` and runs each retry when it is
	 * due, without `run-retries`; null goes back to the API clock and cancels the retries not yet run.
	 */
	autoRetry(delaysMs: number[] | null) {
		this.retryDelaysMs = delaysMs;
		if (delaysMs) return;
		for (const timer of this.retryTimers) clearTimeout(timer);
		this.retryTimers.clear();
	}

	checkUrl(url: string) {
		if (!webhookUrlAllowed(url, this.api.options.allowHttpLocalhost)) throw invalid('url', 'must be an HTTPS URL');
	}

	get(id: string): StoredEndpoint {
		const endpoint = this.endpoints.get(id);
		if (!endpoint) throw notFound('Webhook', id);
		return endpoint;
	}

	/** Sends one event to every active endpoint that subscribes to it. */
	async emit(event: EventType, data: Record<string, unknown>) {
		const eventId = `evt_${randomBytes(12).toString('hex')}`;
		this.events.set(eventId, { event, data });
		const targets = [...this.endpoints.values()].filter(
			(e) => e.is_active && (e.events.length === 0 || e.events.includes(event)),
		);
		return await Promise.all(targets.map(async (endpoint) => await this.deliver(endpoint, eventId)));
	}

	/**
	 * POSTs the signed envelope to the endpoint (or to `url`, e.g. one processor behind a load
	 * balancer), logs the attempt and updates the endpoint's record.
	 */
	async deliver(endpoint: StoredEndpoint, eventId: string, redeliveryOf: string | null = null, retry = 0, url = endpoint.url) {
		const stored = this.events.get(eventId)!;
		const { body, signature } = shapeDelivery(this.dialect, endpoint.secret, eventId, stored.event, stored.data, this.api.now());
		const deliveryId = randomUUID();
		const started = Date.now();
		let status = 0;
		let error: string | null = null;
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					...signature,
					'X-Webhook-Event': stored.event,
					'X-Webhook-Event-Id': eventId,
					'X-Webhook-Delivery-Id': deliveryId,
				},
				body,
				signal: AbortSignal.timeout(this.api.options.deliveryTimeoutMs),
			});
			status = response.status;
			await response.arrayBuffer();
			if (status < 200 || status > 299) error = `http_${status}`;
		} catch (e) {
			error = (e as Error).name === 'TimeoutError' ? 'timeout' : 'connection_failed';
		}
		const record: StoredDelivery = {
			id: deliveryId,
			webhook_id: endpoint.id,
			event_id: eventId,
			event_type: stored.event,
			status,
			error,
			duration_ms: Date.now() - started,
			redelivery_of: redeliveryOf,
			created_at: this.api.now().toISOString(),
		};
		this.deliveries.push(record);
		endpoint.last_status = status || null;
		endpoint.last_error = error;
		endpoint.last_delivered_at = record.created_at;
		if (error) {
			endpoint.failure_count += 1;
			if (endpoint.failure_count >= DEACTIVATE_AFTER_FAILURES) endpoint.is_active = false;
			if (retry < RETRY_DELAYS_MIN.length) {
				const delayMs = this.retryDelaysMs ? this.retryDelaysMs[retry] : RETRY_DELAYS_MIN[retry] * 60_000;
				const pending = { webhookId: endpoint.id, eventId, retry: retry + 1, dueAt: this.api.now().getTime() + delayMs };
				this.pendingRetries.push(pending);
				if (this.retryDelaysMs) {
					const timer = setTimeout(() => {
						this.retryTimers.delete(timer);
						void this.runRetry(pending);
					}, delayMs);
					timer.unref();
					this.retryTimers.add(timer);
				}
			}
		} else {
			endpoint.failure_count = 0;
		}
		return record;
	}

	/** Runs the retries that are due on the server's clock (tests move the clock instead of waiting). */
	async runDueRetries() {
		const now = this.api.now().getTime();
		const due = this.pendingRetries.filter((r) => r.dueAt <= now);
		const results: StoredDelivery[] = [];
		for (const r of due) {
			const record = await this.runRetry(r);
			if (record) results.push(record);
		}
		return results;
	}

	private async runRetry(r: PendingRetry) {
		const index = this.pendingRetries.indexOf(r);
		if (index === -1) return undefined;
		this.pendingRetries.splice(index, 1);
		const endpoint = this.endpoints.get(r.webhookId);
		return endpoint?.is_active ? await this.deliver(endpoint, r.eventId, null, r.retry) : undefined;
	}

	publicView(endpoint: StoredEndpoint): WebhookEndpoint {
		const { secret: _secret, ...rest } = endpoint;
		return rest;
	}
}

export function registerWebhooks(api: FakeApi, dialect: WebhookDialect = 'plain'): WebhookService {
	const service = new WebhookService(api);
	service.dialect = webhookDialect(dialect);

	api.route('POST', '/v1/webhooks', { body: createWebhookBody, status: 201 }, ({ body }) => {
		service.checkUrl(body.url);
		const endpoint: StoredEndpoint = {
			id: randomUUID(),
			url: body.url,
			events: body.events ?? [],
			description: body.description ?? null,
			is_active: true,
			last_status: null,
			last_error: null,
			last_delivered_at: null,
			failure_count: 0,
			created_at: api.now().toISOString(),
			secret: `whsec_${randomBytes(24).toString('hex')}`,
		};
		service.endpoints.set(endpoint.id, endpoint);
		return { ...endpoint };
	});

	api.route('GET', '/v1/webhooks', { query: noQuery }, () => ({
		webhooks: [...service.endpoints.values()].map((e) => service.publicView(e)),
		events: [...EVENT_TYPES],
	}));

	api.route('PATCH', '/v1/webhooks/:webhookId', { body: updateWebhookBody }, ({ params, body }) => {
		const endpoint = service.get(params.webhookId);
		if (body.url !== undefined) {
			service.checkUrl(body.url);
			endpoint.url = body.url;
		}
		if (body.events !== undefined) endpoint.events = body.events;
		if (body.description !== undefined) endpoint.description = body.description;
		if (body.is_active !== undefined) {
			endpoint.is_active = body.is_active;
			if (body.is_active) endpoint.failure_count = 0;
		}
		return service.publicView(endpoint);
	});

	api.route('POST', '/v1/webhooks/:webhookId/test', { body: emptyBody }, async ({ params }) => {
		const endpoint = service.get(params.webhookId);
		const eventId = `evt_${randomBytes(12).toString('hex')}`;
		service.events.set(eventId, {
			event: 'webhook.test',
			data: { webhook: { id: endpoint.id, url: endpoint.url }, message: 'This is a test event' },
		});
		await service.deliver(endpoint, eventId);
		const { id, url, is_active, last_status, last_error, failure_count } = endpoint;
		return { id, url, is_active, last_status, last_error, failure_count };
	});

	api.route('GET', '/v1/webhooks/:webhookId/deliveries', { query: deliveriesQuery }, ({ params, query }) => {
		service.get(params.webhookId);
		const cutoff = api.now().getTime() - RETENTION_MS;
		let list = service.deliveries
			.filter((d) => d.webhook_id === params.webhookId && Date.parse(d.created_at) >= cutoff)
			.reverse();
		if (query.failed) list = list.filter((d) => d.error !== null);
		if (query.before) list = list.filter((d) => Date.parse(d.created_at) < Date.parse(query.before!));
		const page = list.slice(0, query.limit).map(({ webhook_id: _w, ...d }) => d);
		return { deliveries: page, has_more: list.length > query.limit };
	});

	api.route(
		'POST',
		'/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
		{ body: emptyBody },
		async ({ params }) => {
			const endpoint = service.get(params.webhookId);
			const original = service.deliveries.find(
				(d) => d.id === params.deliveryId && d.webhook_id === endpoint.id,
			);
			if (!original) throw notFound('Delivery', params.deliveryId);
			const { webhook_id: _w, ...record } = await service.deliver(endpoint, original.event_id, original.id);
			return record;
		},
	);

	api.route('DELETE', '/v1/webhooks/:webhookId', {}, ({ params }) => {
		service.get(params.webhookId);
		service.endpoints.delete(params.webhookId);
		return { ok: true };
	});

	api.control('emit', async (body) => {
		const type = body.event as EventType;
		if (!EVENT_TYPES.includes(type)) throw new ApiError(400, 'invalid_request', `unknown event ${String(type)}`);
		const deliveries = await service.emit(type, (body.data as Record<string, unknown>) ?? {});
		return { deliveries };
	});
	// the deliveries' dialect from outside the process: {"dialect": "plain" | "timestamped" | "flat"}; answers the dialect
	api.control('dialect', (body) => {
		if (body.dialect !== undefined) service.dialect = webhookDialect(body.dialect);
		return { dialect: service.dialect };
	});
	api.control('run-retries', async () => ({ deliveries: await service.runDueRetries() }));
	api.control('webhooks', () => ({ webhooks: [...service.endpoints.values()].map((e) => service.publicView(e)) }));

	return service;
}
