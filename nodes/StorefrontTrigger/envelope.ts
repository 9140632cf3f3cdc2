import type { IDataObject } from 'n8n-workflow';

/**
 * Reads a delivery's envelope in either dialect, pure (no n8n):
 *
 * | | our contract (docs/reference/contract.md) | the live service, and a sibling service |
 * |---|---|---|
 * | type | `event` | `type` |
 * | time | `timestamp`, ISO 8601 | `created`, unix seconds (ms when too large for seconds) |
 * | objects | under `data` | under `data`, or at the top level beside `id` and `event` |
 *
 * The event's objects are `data` when it is an object, else every top-level key that is not the
 * envelope's own, so the output item has the same shape whichever dialect was sent.
 */

/** The envelope's own keys: never taken for an event object. */
export const ENVELOPE_KEYS = ['id', 'event', 'type', 'timestamp', 'created', 'data'] as const;

/** Below this a number is unix seconds (1e11 s is the year 5138); from it on, ms. */
const MS_FROM = 1e11;
/** The last moment a JavaScript Date can hold. */
const MAX_DATE_MS = 8.64e15;

export interface Envelope {
	id: IDataObject[string];
	/** `event`, else `type`; '' when neither is a string. */
	type: string;
	/** The event time in ms since the epoch, when the envelope has a readable one. */
	time?: number;
	/** The event time as the item shows it: the envelope's ISO `timestamp` as sent, else `time` in ISO. */
	timestamp?: string;
	/** The event's objects (post, account, comment, message …). */
	objects: IDataObject;
}

/** An event time: an ISO 8601 string, or unix seconds (a number or digits; ms when too large for seconds). */
export function timeOf(value: unknown): number | undefined {
	let n: number;
	if (typeof value === 'number') n = value;
	else if (typeof value === 'string' && /^\d{1,16}$/.test(value.trim())) n = Number(value.trim());
	else if (typeof value === 'string') {
		const parsed = Date.parse(value);
		return Number.isNaN(parsed) ? undefined : parsed;
	} else return undefined;
	const ms = n >= MS_FROM ? n : n * 1000;
	return Number.isFinite(ms) && ms >= 0 && ms <= MAX_DATE_MS ? ms : undefined;
}

const isObject = (value: unknown): value is IDataObject => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export function readEnvelope(body: IDataObject): Envelope {
	const raw = body.timestamp ?? body.created;
	const time = timeOf(raw);
	const type = [body.event, body.type].find((t): t is string => typeof t === 'string') ?? '';
	let objects: IDataObject;
	if (isObject(body.data)) {
		objects = body.data;
	} else {
		const own = new Set<string>(ENVELOPE_KEYS);
		objects = Object.fromEntries(Object.entries(body).filter(([key]) => !own.has(key)));
	}
	const timestamp =
		typeof body.timestamp === 'string' && time !== undefined && body.timestamp === raw
			? body.timestamp
			: time !== undefined
				? new Date(time).toISOString()
				: undefined;
	return { id: body.id, type, time, timestamp, objects };
}
