import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';

import { eventOf } from './eventScope';
import { noteTransientStatus } from './faults';
import { noteRateLimit, noteRateLimitHeaders, parseRetryAfter } from './transport';

interface ParsedError {
	code?: string;
	message?: string;
	details?: Array<{ field?: string; message?: string }>;
	requiredScope?: string;
}

/**
 * Reads every error shape the API and its family send (docs/errors.md), into the API's code and text:
 * - CONTRACT: `{error: {code, message, details?, requiredScope?}}`, with `status` beside them (the live service);
 * - flat (a sibling service): `{error: "<text>", type, code, param, details}`, and a bare `{error: "<text>"}` (its 429s);
 * - `{message}`, `{code, message}`, `{errors: [{code, message}]}`, OAuth's `{error: "<code>", error_description}`,
 *   RFC 7807's `{type, title, status, detail}`;
 * - a body that is not JSON (a proxy's page): its text; for HTML, the page's title or visible text.
 * `code` is the API's machine-readable code (a string code first, else a status name, a type, a number).
 */
export function parseErrorBody(body: unknown): ParsedError {
	if (Buffer.isBuffer(body)) return parseErrorBody(body.toString('utf8'));
	if (typeof body === 'string') {
		const text = body.trim();
		if (text.startsWith('{') || text.startsWith('[')) {
			try {
				return parseErrorBody(JSON.parse(text));
			} catch {
				// not JSON after all: fall through to plain text
			}
		}
		return { message: textOf(text) };
	}
	if (Array.isArray(body)) return parseErrorBody(body[0]);
	if (!isObject(body)) return {};
	if (body.error === undefined && Array.isArray(body.errors) && body.errors.length) return parseErrorBody(body.errors[0]);
	const nested = isObject(body.error) ? body.error : undefined;
	const e = nested ?? body;
	// `error` is a code, not the text, beside an `error_description` (OAuth) or a `message` ({error: "not_found", message})
	const errorIsCode = !nested && (str(body.error_description) !== undefined || (str(body.message) !== undefined && typeName(body.error) !== undefined));
	const message = nested
		? (str(e.message) ?? str(e.detail) ?? str(e.title) ?? str(e.error_description))
		: errorIsCode
			? (str(body.error_description) ?? str(body.message))
			: (str(body.error) ?? str(body.message) ?? str(body.detail) ?? str(body.title));
	const oauthCode = errorIsCode ? str(body.error) : undefined;
	const code =
		str(e.code) ??
		oauthCode ??
		(typeof e.status === 'string' && !/^\d+$/.test(e.status) ? str(e.status) : undefined) ??
		typeName(e.type) ??
		(typeof e.code === 'number' && Number.isInteger(e.code) ? String(e.code) : undefined);
	return {
		code,
		message,
		details: detailsOf(e.details ?? e.errors, str(e.param), message),
		requiredScope: str(e.requiredScope ?? e.required_scope ?? body.requiredScope ?? body.required_scope),
	};
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

const isObject = (v: unknown): v is IDataObject => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** An error `type` that is a name (`invalid_request_error`), not RFC 7807's URI. */
const typeName = (v: unknown) => (typeof v === 'string' && /^[A-Za-z][\w.-]*$/.test(v) ? v : undefined);

/** Field errors in the forms servers send: a list of `{field|param|path, message|msg}` or texts, a `{field: text}` map, a text for `param`. */
function detailsOf(value: unknown, param: string | undefined, message: string | undefined): ParsedError['details'] {
	const one = (item: unknown) => {
		if (typeof item === 'string') return item ? { field: param, message: item } : undefined;
		if (!isObject(item)) return undefined;
		const path = Array.isArray(item.path) ? item.path.join('.') : Array.isArray(item.loc) ? item.loc.join('.') : item.path;
		const field = str(item.field) ?? str(item.param) ?? str(path);
		const text = str(item.message) ?? str(item.msg) ?? str(item.issue) ?? str(item.reason);
		return field || text ? { field, message: text } : undefined;
	};
	let list: Array<{ field?: string; message?: string } | undefined>;
	if (Array.isArray(value)) list = value.map(one);
	else if (isObject(value) && (value.field !== undefined || value.message !== undefined || value.param !== undefined)) list = [one(value)];
	else if (isObject(value)) list = Object.entries(value).map(([field, text]) => ({ field, message: Array.isArray(text) ? text.join(', ') : String(text) }));
	else if (typeof value === 'string') list = [one(value)];
	else list = param ? [{ field: param, message }] : [];
	const details = list.filter((d): d is { field?: string; message?: string } => d !== undefined);
	return details.length ? details : undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** A text body in one line of at most 300 characters; an HTML page (a proxy's) by its title, else its visible text. */
function textOf(body: string): string | undefined {
	let text = body.slice(0, 20_000);
	if (/^<(!doctype|html|head|body|title|h1|center|\?xml)\b/i.test(text) || /<\/(html|body)>/i.test(text)) {
		const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
		text = title || text.replace(/<(script|style)\b[^>]*>[^<]*<\/(script|style)>/gi, ' ').replace(/<[^>]*>/g, ' ');
		text = text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_m, name: string) => ENTITIES[name]);
	}
	text = text.replace(/\s+/g, ' ').trim();
	if (!text) return undefined;
	return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const value = response.headers?.[name] ?? response.headers?.[name.toLowerCase()];
	return Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
}

/** What happened and how to fix it, for a failed call. */
export function explainError(
	status: number,
	parsed: ParsedError,
	retryAfter?: string,
): { message: string; description: string } {
	const apiSays = parsed.message ? `The API said: ${parsed.message}` : '';
	const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
	switch (parsed.code) {
		case 'ads_addon_required':
			return {
				message: 'Ads calls need the ads add-on',
				description:
					'Enable the ads add-on (a paid add-on, available on any plan) in your Storefront dashboard, then run the node again.',
			};
		case 'insufficient_scope': {
			const scope = parsed.requiredScope ?? /\b([a-z]+\.(?:read|write))\b/.exec(parsed.message ?? '')?.[1];
			return {
				message: scope ? `The API key lacks the "${scope}" scope` : 'The API key lacks a scope this call needs',
				description: scope
					? `Add the "${scope}" scope to the key (or create a key that has it) and update the Storefront API credential.`
					: join('Use a key with the scope this call needs.', apiSays),
			};
		}
		case 'read_only_key':
			return {
				message: 'A read-only API key cannot connect an account',
				description: 'Use an API key with write access in the Storefront API credential.',
			};
		case 'hosted_only':
			return {
				message: 'This operation works on hosted stores only',
				description: join(
					'The store account is on the plugin-based platform, where this endpoint is not available. Choose a hostedstore account.',
					apiSays,
				),
			};
		case 'invalid_credentials':
			return {
				message: 'The chat network rejected the API key',
				description: 'Check the chat network ads API key (copy it again from its ads manager) and retry.',
			};
		case 'unsupported_platform_operation':
			return {
				message: 'This network cannot change that on an existing ad',
				description: join(
					'Creative and targeting of microblog and chatnet ads cannot be edited: create a new ad instead.',
					apiSays,
				),
			};
		case 'idempotency_conflict':
			return {
				message: 'This Idempotency-Key was already used with different fields',
				description:
					'An earlier run created something with the same key. Nothing new was created. Use a new key only if you really want a second one.',
			};
	}
	switch (status) {
		case 400: {
			const fields = (parsed.details ?? [])
				.map((d) => [d.field, d.message].filter(Boolean).join(': '))
				.filter(Boolean);
			return {
				message: `The API rejected the request${fields.length ? `: ${fields.join('; ')}` : ''}`,
				description: join(apiSays, 'Check the fields named above and run the node again.'),
			};
		}
		case 401:
			return {
				message: 'The API key was refused',
				description:
					'Check the API key in the Storefront API credential: it may be mistyped, expired or revoked.',
			};
		case 403:
			return { message: 'The API key is not allowed to do this', description: apiSays };
		case 404:
			return {
				message: parsed.message ? `Not found: ${parsed.message}` : 'The requested item was not found',
				description: 'Check the ID: it may be mistyped, deleted, or belong to another account.',
			};
		case 429:
			// socialnet allows 30 Validate Only writes per ad account per 5 minutes (reference: Limits)
			if (/dry.?run|validateOnly/i.test(parsed.message ?? '')) {
				return {
					message: 'Too many Validate Only checks (429): the dry-run limit of 30 per ad account per 5 minutes is reached',
					description: `Wait ${retryAfter ? `${retryAfter} seconds (Retry-After)` : 'a few minutes'} before the next Validate Only on this ad account. Validate once when the ad is ready rather than on every run; creates without Validate Only are not affected.`,
				};
			}
			return {
				message: 'Too many requests (429): the API is rate limiting this key',
				description: join(
					`Wait ${retryAfter ? `${retryAfter} seconds (Retry-After)` : 'a little'} and run again, or turn on "Retry On Fail" in the node settings with a wait of at least that long, or lower the request rate with batching.`,
					apiSays,
				),
			};
	}
	if (status >= 500) {
		// 502, 503 and 504 were already resent by the node (faults.ts), which adds what it did
		const transient = status === 502 || status === 503 || status === 504;
		return {
			message: `The Storefront API had a server error (${status})`,
			description: join(
				transient
					? 'The API or a proxy in front of it was unavailable.'
					: 'The problem is on the API side; try again in a few minutes. "Retry On Fail" in the node settings retries automatically, and safely: every create carries an Idempotency-Key, so a retry creates nothing twice.',
				apiSays,
			),
		};
	}
	return { message: `The Storefront API answered ${status}`, description: apiSays };
}

/** The NodeApiError for a non-2xx answer: what happened and how to fix it, never the request's headers. */
export function apiError(node: INode, response: IN8nHttpFullResponse): NodeApiError {
	const status = response.statusCode;
	const parsed = parseErrorBody(response.body);
	const retryAfter = header(response, 'retry-after');
	// an HTTP-date Retry-After (the CONTRACT allows it) is said as the whole seconds it leaves
	const seconds = parseRetryAfter(retryAfter);
	const said = seconds !== undefined && !Number.isFinite(Number(retryAfter)) ? String(Math.ceil(seconds)) : retryAfter;
	const { message, description } = explainError(status, parsed, said);
	const error = new NodeApiError(
		node,
		{ status, code: parsed.code ?? null, message: parsed.message ?? null } as JsonObject,
		{ message, description, httpCode: String(status) },
	);
	// a 429 means the API did nothing: sendPolitely waits it out and sends again
	if (status === 429) noteRateLimit(error, retryAfter);
	// a 502/503/504 is a transient fault: sendPolitely resends what is safe to resend
	noteTransientStatus(error, status, seconds);
	if (parsed.code === 'idempotency_conflict') conflicts.add(error);
	return error;
}

/** 409 idempotency_conflict answers, marked where the error is made (apiError). */
const conflicts = new WeakSet<object>();

/**
 * A 409 idempotency_conflict of an item whose key was made from the triggering event
 * (eventScope.ts): an earlier execution of the same event did this work with a body that differs
 * (a value that changes per run, or the node edited in between). Said as such, with the fix;
 * any other error is returned as it is.
 */
export function explainRepeatedEvent<E>(ctx: IExecuteSingleFunctions | IExecuteFunctions, error: E, itemIndex: number, action: string): E {
	if (!error || typeof error !== 'object' || !conflicts.has(error)) return error;
	const event = eventOf(ctx);
	if (!event?.keyed.has(itemIndex)) return error;
	Object.assign(error, {
		message: `This event's "${action}" was already done by an earlier execution`,
		description:
			`n8n ran event ${event.id} before, and this node's request for this item then had other fields; the API kept the first result and made nothing now (409 idempotency_conflict). ` +
			'A repeat of an event answers the first result only when it sends the same fields: keep values that change from run to run (the current time, $now, a random value) out of this node\'s fields, ' +
			'or, if every execution must create anew, turn off "Once per Event" under Request Options (Add Option).',
	});
	return error;
}

/** A 2xx answer whose body is not JSON: the call may have taken effect, so say so. */
export function notJsonError(node: INode, response: IN8nHttpFullResponse): NodeApiError {
	const status = response.statusCode;
	return new NodeApiError(node, { status, body: String(response.body).slice(0, 200) } as JsonObject, {
		message: 'The Storefront API sent an answer that is not valid JSON',
		description: 'The call may or may not have taken effect. Check the result in the dashboard before you run it again.',
		httpCode: String(status),
	});
}

/**
 * A failure a catch block passes on, as n8n's own error type: a NodeApiError or NodeOperationError
 * as it is (its message, description and HTTP code unchanged), anything else (a network failure,
 * a bug) wrapped the way RoutingNode would wrap it, so the user sees the same message either way.
 */
export function passOn(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const e = (error ?? {}) as JsonObject & { isAxiosError?: boolean; response?: { status?: number } };
	return new NodeApiError(node, e, {
		message: typeof e.message === 'string' ? e.message : undefined,
		description: typeof e.description === 'string' ? e.description : undefined,
		httpCode: e.isAxiosError && e.response ? String(e.response.status) : 'none',
	});
}

/**
 * First postReceive of every operation: turns a non-2xx answer (requests run with
 * `ignoreHttpStatusErrors`) or a body that is not JSON into a NodeApiError.
 */
export async function throwOnApiError(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const status = response.statusCode;
	noteRateLimitHeaders(this, response.headers);
	if (status >= 200 && status < 300) {
		if (typeof response.body === 'string' && response.body.trim() !== '') throw notJsonError(this.getNode(), response);
		return items;
	}
	throw apiError(this.getNode(), response);
}
