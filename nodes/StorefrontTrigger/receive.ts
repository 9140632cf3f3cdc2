import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { acceptsEvent, type EventScope } from '../shared/events';
import { isAnswered2xx, LOG_PAGE, walkDeliveries } from './deliveryLog';
import { readEnvelope } from './envelope';
import { ReplayGuard, type LogVerdict, type Remembered } from './replayGuard';
import { checkFreshness, checkSignature, findSignatureHeader } from './signature';

export const DEFAULT_SIGNATURE_HEADER = 'X-Webhook-Signature';

/** Ids of events that already started a workflow, per trigger node, in this n8n process. */
const replays = new ReplayGuard();

/**
 * A repeat's look into the delivery log is positioned at the delivery that started the run: the
 * API logs an attempt once answered, within its 10 s wait (docs/reference/contract.md), so that attempt's entry is
 * dated within this window of the delivery's time (margins for `t`'s whole seconds and clock steps).
 */
const WINDOW_BEFORE_MS = 10_000;
const WINDOW_AFTER_MS = 15_000;
/** Two reads at most (a page of the window, then a page of its failed deliveries) within 3 s, turns in the key's queue included (the API waits 10 s). */
const CHECK_TIME_MS = 3000;

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
export async function receive(this: IWebhookFunctions, scope: EventScope): Promise<IWebhookResponseData> {
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
	// 'manual': the editor listens for a test event (n8n's test URL)
	if (!acceptsEvent(this.getNodeParameter('events', []) as string[], type, scope, this.getMode() === 'manual')) {
		return answer(this, 200, { received: true, ignored: 'event type not chosen' });
	}

	const eventId = String(envelope.id ?? '');
	if (eventId && !options.acceptRedeliveries) {
		const scope = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
		const ttl = Math.max(maxAge, 24 * 3600) * 1000;
		// the time of this attempt on the API's clock: each attempt of an event gets a new one (docs/reference/contract.md)
		const deliveredAt = check.scheme === 'timestamped' ? check.signedAt : envelope.time;
		const known = replays.recall(scope, eventId);
		if (known) {
			const refused = await refuseRepeat(this, scope, eventId, known, deliveredAt);
			if (refused) return refused;
		}
		replays.remember(scope, eventId, deliveredAt ?? Date.now(), ttl);
	}

	// the same item whichever dialect: objects under `data`, or at the top level, end up in `data`
	const data = envelope.objects;
	const base: IDataObject = { id: envelope.id, event: type, timestamp: envelope.timestamp };
	const json: IDataObject = options.simplify ? { ...base, ...data } : { ...base, data };
	if (options.includeHeaders) json.headers = headers as IDataObject;
	return { workflowData: [this.helpers.returnJsonArray([json])] };
}

type Verdict = LogVerdict | 'unknown';

/**
 * The answer to a repeat of an event this process started, or undefined when it runs: only a new
 * attempt of the API's (a time later than every delivery of the event verified here) whose run's
 * delivery the log shows not answered 2xx. A copy (a captured delivery replayed, or two attempts
 * within the same second) never runs, and reads the log only until it has given a verdict.
 */
async function refuseRepeat(ctx: IWebhookFunctions, scope: string, eventId: string, known: Remembered, at: number | undefined): Promise<IWebhookResponseData | undefined> {
	const copy = at === undefined || at <= known.seenAt;
	if (!copy) replays.note(scope, eventId, { seenAt: at });
	let verdict: Verdict | undefined = known.verdict === 'acknowledged' || copy ? known.verdict : undefined;
	let joined = false;
	if (!verdict) {
		({ verdict, joined } = await checkRepeat(ctx, scope, eventId, known.startedAt));
		if (!joined && verdict !== 'unknown') replays.note(scope, eventId, { verdict });
	}
	if (verdict === 'acknowledged') return answer(ctx, 200, { received: true, ignored: 'event already processed' });
	// not 2xx: the API logs it as failed and delivers the event again later (docs/reference/contract.md: 1, 5, 30 min)
	if (verdict === 'unknown') return answer(ctx, 503, { error: 'could not check whether this event was already processed; deliver it again later' });
	if (joined) return answer(ctx, 409, { error: 'another delivery of this event is being processed; deliver it again later' });
	if (copy) return answer(ctx, 409, { error: 'this delivery (the same event and time) was already received; it does not run again' });
	return undefined;
}

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

const WHY_UNKNOWN = {
	limit: `more than ${LOG_PAGE} failed deliveries are logged around the delivery that started its run`,
	late: `it did not answer within ${CHECK_TIME_MS / 1000} s`,
	stuck: 'it served the same page again',
};

/**
 * Whether a delivery of this event was answered 2xx since this process last started the workflow
 * for it, read in the log's window around the delivery that started that run (`before` at the
 * window's end): a 2xx of the event there is 'acknowledged'; the whole window read without one is
 * 'run' (the run failed, timed out or its answer never reached the API). A window of more than a
 * page is decided by its failed deliveries alone (one more page, usually enough): one of the event
 * is 'run', none is 'acknowledged'. A window still not covered, or a log that cannot be read (429,
 * a fault, no answer in time, paging that does not move), decides nothing ('unknown'): the repeat
 * is not run on a guess (docs/trigger.md).
 */
async function acknowledgedSince(ctx: IWebhookFunctions, eventId: string, startedAt: number): Promise<Verdict> {
	const { webhookId } = ctx.getWorkflowStaticData('node') as { webhookId?: string };
	const unknown = (why: string): Verdict => {
		ctx.logger.warn(`Storefront Trigger: could not check repeated event ${eventId} in the delivery log (${why}); not running it now (the API delivers it again later)`);
		return 'unknown';
	};
	if (!webhookId) return unknown('no endpoint ID is stored');
	const from = startedAt - WINDOW_BEFORE_MS;
	let found: LogVerdict | undefined;
	const look = (failedOnly: boolean) => (delivery: IDataObject) => {
		if (Date.parse(String(delivery.created_at)) < from) return true;
		if (delivery.event_id === eventId && (failedOnly || isAnswered2xx(delivery))) found = isAnswered2xx(delivery) ? 'acknowledged' : 'run';
		return found !== undefined;
	};
	try {
		const window = { maxPages: 1, deadline: Date.now() + CHECK_TIME_MS, before: new Date(startedAt + WINDOW_AFTER_MS).toISOString() };
		let { end } = await walkDeliveries(ctx, webhookId, look(false), window);
		if (end === 'limit') {
			({ end } = await walkDeliveries(ctx, webhookId, look(true), { ...window, failed: true }));
			if (end === 'stopped' || end === 'end') return found ?? 'acknowledged';
		}
		if (end === 'limit' || end === 'late' || end === 'stuck') return unknown(WHY_UNKNOWN[end]);
	} catch (error) {
		return unknown((error as Error).message);
	}
	return found ?? 'run';
}
