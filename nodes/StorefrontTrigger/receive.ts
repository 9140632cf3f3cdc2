import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isAnswered2xx, walkDeliveries } from './deliveryLog';
import { acceptsEvent } from './lifecycle';
import { readEnvelope } from './envelope';
import { checkFreshness, checkSignature, findSignatureHeader, ReplayGuard } from './signature';

export const DEFAULT_SIGNATURE_HEADER = 'X-Webhook-Signature';

/** Ids of events that already started a workflow, per trigger node, in this n8n process. */
const replays = new ReplayGuard();

/** A repeat's look into the delivery log: at most 10 pages (1,000 deliveries) within 3 s, its turn in the key's queue included (the API waits 10 s). */
const CHECK_MAX_PAGES = 10;
const CHECK_TIME_MS = 3000;
/** How much earlier than the delivery that started the run its log entry may be dated. */
const LOG_MARGIN_MS = 10_000;

interface ReceiveOptions {
	signatureHeader?: string;
	maxAgeSeconds?: number;
	acceptRedeliveries?: boolean;
	simplify?: boolean;
	includeHeaders?: boolean;
}

function answer(ctx: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.status(status).json(body);
	return { noWebhookResponse: true };
}

/** Verifies one delivery and turns it into the output item. */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const options = this.getNodeParameter('options', {}) as ReceiveOptions;
	const req = this.getRequestObject() as unknown as { rawBody?: Buffer; body?: unknown };
	const headers = this.getHeaderData() as Record<string, string | string[] | undefined>;
	const { secret } = this.getWorkflowStaticData('node') as { secret?: string };

	const raw = Buffer.isBuffer(req.rawBody) ? req.rawBody : undefined;
	const maxAge = options.maxAgeSeconds ?? 300;
	// the configured header, else the one `x-*-signature` header; either scheme (signature.ts)
	const signature = findSignatureHeader(headers, options.signatureHeader || DEFAULT_SIGNATURE_HEADER);
	const check = raw ? checkSignature(raw, secret, signature, { maxAgeSeconds: maxAge }) : undefined;
	if (!raw || !check?.valid) {
		return answer(this, 401, { error: check?.valid === false && check.reason === 'stale' ? 'stale timestamp' : 'invalid signature' });
	}

	let body: IDataObject;
	try {
		body = JSON.parse(raw.toString('utf8')) as IDataObject;
	} catch {
		return answer(this, 400, { error: 'body is not valid JSON' });
	}
	if (!body || typeof body !== 'object' || Array.isArray(body)) {
		return answer(this, 400, { error: 'body is not an event envelope' });
	}
	const envelope = readEnvelope(body);

	// the timestamped scheme's signed `t` was checked above (a redelivery may keep the event's
	// older `created`); the plain scheme covers the time only through the body
	if (check.scheme === 'plain') {
		const freshness = checkFreshness(envelope.time, maxAge);
		if (freshness !== 'fresh') return answer(this, 401, { error: `${freshness} timestamp` });
	}

	const type = envelope.type;
	if (!acceptsEvent(this.getNodeParameter('events', []) as string[], type)) {
		return answer(this, 200, { received: true, ignored: 'event type not chosen' });
	}

	const eventId = String(envelope.id ?? '');
	if (eventId && !options.acceptRedeliveries) {
		const scope = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
		const ttl = Math.max(maxAge, 24 * 3600) * 1000;
		const startedAt = replays.recall(scope, eventId);
		if (startedAt !== undefined) {
			const { verdict, joined } = await checkRepeat(this, scope, eventId, startedAt);
			if (verdict === 'acknowledged') return answer(this, 200, { received: true, ignored: 'event already processed' });
			// not 2xx: the API logs it as failed and delivers the event again later (CONTRACT: 1, 5, 30 min)
			if (verdict === 'unknown') return answer(this, 503, { error: 'could not check whether this event was already processed; deliver it again later' });
			if (joined) return answer(this, 409, { error: 'another delivery of this event is being processed; deliver it again later' });
		}
		const deliveredAt = check.scheme === 'timestamped' ? check.signedAt : envelope.time;
		replays.remember(scope, eventId, deliveredAt ?? Date.now(), ttl);
	}

	// the same item whichever dialect: objects under `data`, or at the top level, end up in `data`
	const data = envelope.objects;
	const base: IDataObject = { id: envelope.id, event: type, timestamp: envelope.timestamp };
	const json: IDataObject = options.simplify ? { ...base, ...data } : { ...base, data };
	if (options.includeHeaders) json.headers = headers as IDataObject;
	return { workflowData: [this.helpers.returnJsonArray([json])] };
}

type Verdict = 'acknowledged' | 'run' | 'unknown';

/** Log reads in progress, by trigger and event: concurrent repeats of one event share one read. */
const checking = new Map<string, Promise<Verdict>>();
/** Reads in progress at most; a repeat beyond them is not checked now (answered 'unknown'). */
const MAX_CHECKS = 1000;

/**
 * One look at the log per event id per process at a time: a repeat arriving while another
 * delivery of the same event is being checked waits for that check (`joined`) instead of reading
 * the log again, and runs nothing itself.
 */
async function checkRepeat(ctx: IWebhookFunctions, scope: string, eventId: string, startedAt: number): Promise<{ verdict: Verdict; joined: boolean }> {
	const key = `${scope}\u0000${eventId}`;
	const running = checking.get(key);
	if (running) return { verdict: await running, joined: true };
	if (checking.size >= MAX_CHECKS) return { verdict: 'unknown', joined: false };
	const check = acknowledgedSince(ctx, eventId, startedAt);
	checking.set(key, check);
	try {
		return { verdict: await check, joined: false };
	} finally {
		checking.delete(key);
	}
}

/**
 * Whether a delivery of this event was answered 2xx since this process last started the workflow
 * for it (the API logs each attempt once answered): only then is a repeat dropped ('acknowledged').
 * A repeat of a run that failed (500 with Acknowledge When the Workflow Finishes), timed out or was
 * never answered runs again ('run'), and so does one whose log is longer than 10 pages since that
 * moment. A log that cannot be read (429, a fault, no answer in time, paging that does not move) decides nothing
 * ('unknown'): the repeat is not run on a guess (docs/trigger.md).
 */
async function acknowledgedSince(ctx: IWebhookFunctions, eventId: string, startedAt: number): Promise<Verdict> {
	const { webhookId } = ctx.getWorkflowStaticData('node') as { webhookId?: string };
	if (!webhookId) return 'run';
	let acknowledged = false;
	try {
		const { end } = await walkDeliveries(
			ctx,
			webhookId,
			(delivery) => {
				if (Date.parse(String(delivery.created_at)) < startedAt - LOG_MARGIN_MS) return true;
				acknowledged = delivery.event_id === eventId && isAnswered2xx(delivery);
				return acknowledged;
			},
			{ maxPages: CHECK_MAX_PAGES, deadline: Date.now() + CHECK_TIME_MS },
		);
		if (end === 'stuck' || end === 'late') {
			const why = end === 'stuck' ? 'served the same page again' : `did not answer within ${CHECK_TIME_MS / 1000} s`;
			ctx.logger.warn(`Storefront Trigger: the delivery log ${why} while checking repeated event ${eventId}; not running it now (the API delivers it again later)`);
			return 'unknown';
		}
		if (end === 'limit') {
			ctx.logger.warn(`Storefront Trigger: the delivery log has more than ${CHECK_MAX_PAGES} pages since repeated event ${eventId} last ran; running it`);
		}
	} catch (error) {
		ctx.logger.warn(`Storefront Trigger: could not check repeated event ${eventId} in the delivery log (${(error as Error).message}); not running it now (the API delivers it again later)`);
		return 'unknown';
	}
	return acknowledged ? 'acknowledged' : 'run';
}
