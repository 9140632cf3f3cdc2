import type { IDataObject } from 'n8n-workflow';

export interface ParsedError {
	code?: string;
	message?: string;
	details?: Array<{ field?: string; message?: string }>;
	requiredScope?: string;
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
