import { NodeApiError, NodeOperationError, type IDataObject, type IN8nHttpFullResponse, type INode, type JsonObject } from 'n8n-workflow';

import { headerOf, parseRetryAfter, type Fault } from './answer';
import { explainError, faultMessage, faultText, NOT_JSON, repeatedEventText, type ErrorAdvice, type ParsedError } from './errorText';

/** The errors the wire reports: made from an answer, its body read (`parseErrorBody`), in the words of errorText.ts. */

/** What the wire knows of a call for the words of its error. */
export interface ErrorHints {
	/** The node's own codes (the operation's, or the programmatic call's). */
	advice?: ErrorAdvice;
	/** The item's key was made from this event: a 409 idempotency_conflict is a repeat of it, named by the operation's action. */
	repeat?: { eventId: string; action: string };
}

/** The NodeApiError for an answer that is no success: what happened and how to fix it, never the request's headers. */
export function answerError(node: INode, response: IN8nHttpFullResponse, hints: ErrorHints = {}): NodeApiError {
	const status = response.statusCode;
	// a 2xx that is not JSON: the call may have taken effect, so say so
	if (status >= 200 && status < 300) {
		return new NodeApiError(node, { status, body: String(response.body).slice(0, 200) } as JsonObject, { ...NOT_JSON, httpCode: String(status) });
	}
	const parsed = parseErrorBody(response.body);
	const retryAfter = headerOf(response.headers, 'retry-after');
	// an HTTP-date Retry-After (docs/reference/contract.md allows it) is said as the whole seconds it leaves
	const seconds = parseRetryAfter(retryAfter);
	const inSeconds = seconds !== undefined && !Number.isFinite(Number(retryAfter)) ? String(Math.ceil(seconds)) : retryAfter;
	const { message, description } =
		parsed.code === 'idempotency_conflict' && hints.repeat
			? repeatedEventText(hints.repeat.action, hints.repeat.eventId)
			: explainError(status, parsed, inSeconds, hints.advice);
	return new NodeApiError(node, { status, code: parsed.code ?? null, message: parsed.message ?? null } as JsonObject, { message, description, httpCode: String(status) });
}

/**
 * The error an item ends with after its fault(s): the fault, the attempts, whether the work may
 * have happened. An answered 502/503/504 keeps its own words with this added.
 */
export function faultError(
	node: INode,
	answer: { fault: Fault; response?: IN8nHttpFullResponse; error?: unknown },
	done: Parameters<typeof faultText>[1],
	hints?: ErrorHints,
): NodeApiError {
	const next = faultText(answer.fault, done);
	if (answer.response) {
		const error = answerError(node, answer.response, hints);
		error.description = [error.description, next].filter(Boolean).join(' ');
		return error;
	}
	const words = faultMessage(answer.fault);
	const description = `${words.description} ${next}`;
	// n8n's NodeApiError constructor hands back a NodeApiError it is given unchanged: reword it in place
	if (answer.error instanceof NodeApiError) return Object.assign(answer.error, { message: words.message, description });
	return new NodeApiError(node, (answer.error ?? {}) as JsonObject, { message: words.message, description, httpCode: 'none' });
}

/**
 * An error as it leaves an operation for n8n's RoutingNode, which hands on a NodeApiError as it is
 * and wraps any other in one whose HTTP code is "none" (n8n-core routing-node.js), shown in the
 * editor as "Error code none". An item stopped before sending (a check, a cap, the credential) or
 * a fault that no HTTP answer gave leaves as a NodeApiError without a code: the editor shows its
 * message and description only.
 */
export function leavingRoutingNode(node: INode, error: NodeApiError | NodeOperationError): NodeApiError {
	if (error instanceof NodeApiError) {
		if (error.httpCode === 'none') error.httpCode = null;
		return error;
	}
	const apiError = new NodeApiError(node, {} as JsonObject, { message: error.message, description: error.description ?? undefined, level: error.level });
	Object.assign(apiError.context, error.context);
	return apiError;
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
 * Reads every error shape the API and its family send (docs/errors.md), into the API's code and text:
 * - docs/reference/contract.md: `{error: {code, message, details?, requiredScope?}}`, with `status` beside them (the live service);
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
