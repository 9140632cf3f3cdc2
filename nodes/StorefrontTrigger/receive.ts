import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { acceptsEvent } from './lifecycle';
import { checkFreshness, ReplayGuard, verifySignature } from './signature';

/** Ids of events that already started a workflow, per trigger node, in this n8n process. */
const replays = new ReplayGuard();

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

	const headerName = (options.signatureHeader || 'X-Webhook-Signature').toLowerCase();
	const raw = Buffer.isBuffer(req.rawBody) ? req.rawBody : undefined;
	if (!raw || !verifySignature(raw, secret, headers[headerName])) {
		return answer(this, 401, { error: 'invalid signature' });
	}

	let envelope: IDataObject;
	try {
		envelope = JSON.parse(raw.toString('utf8')) as IDataObject;
	} catch {
		return answer(this, 400, { error: 'body is not valid JSON' });
	}
	if (!envelope || typeof envelope !== 'object' || Array.isArray(envelope)) {
		return answer(this, 400, { error: 'body is not an event envelope' });
	}

	const maxAge = options.maxAgeSeconds ?? 300;
	const freshness = checkFreshness(envelope.timestamp, maxAge);
	if (freshness !== 'fresh') return answer(this, 401, { error: `${freshness} timestamp` });

	const type = String(envelope.event ?? envelope.type ?? '');
	if (!acceptsEvent(this.getNodeParameter('events', []) as string[], type)) {
		return answer(this, 200, { received: true, ignored: 'event type not chosen' });
	}

	const eventId = String(envelope.id ?? '');
	if (eventId && !options.acceptRedeliveries) {
		const scope = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
		const ttl = Math.max(maxAge, 24 * 3600) * 1000;
		if (replays.checkAndRemember(scope, eventId, ttl)) {
			return answer(this, 200, { received: true, ignored: 'event already processed' });
		}
	}

	const data = (envelope.data && typeof envelope.data === 'object' ? envelope.data : {}) as IDataObject;
	const base: IDataObject = { id: envelope.id, event: type, timestamp: envelope.timestamp };
	const json: IDataObject = options.simplify ? { ...base, ...data } : { ...base, data };
	if (options.includeHeaders) json.headers = headers as IDataObject;
	return { workflowData: [this.helpers.returnJsonArray([json])] };
}
