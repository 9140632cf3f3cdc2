import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';

import { noteRateLimit, parseRetryAfter } from './rateLimit';

interface ParsedError {
	code?: string;
	message?: string;
	details?: Array<{ field?: string; message?: string }>;
	requiredScope?: string;
}

/** Reads the error shapes of CONTRACT.md and the variants a real server may send. */
export function parseErrorBody(body: unknown): ParsedError {
	if (typeof body === 'string') {
		const text = body.trim();
		if (text.startsWith('{')) {
			try {
				return parseErrorBody(JSON.parse(text));
			} catch {
				// not JSON after all: fall through to plain text
			}
		}
		return { message: text ? text.slice(0, 300) : undefined };
	}
	if (!body || typeof body !== 'object') return {};
	const b = body as IDataObject;
	if (b.error && typeof b.error === 'object') {
		const e = b.error as IDataObject;
		return {
			code: str(e.code),
			message: str(e.message),
			details: Array.isArray(e.details) ? (e.details as ParsedError['details']) : undefined,
			requiredScope: str(e.requiredScope ?? e.required_scope),
		};
	}
	return {
		code: str(b.code),
		message: str(b.error) ?? str(b.message),
		details: Array.isArray(b.details) ? (b.details as ParsedError['details']) : undefined,
		requiredScope: str(b.requiredScope ?? b.required_scope),
	};
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

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
					'Enable the ads add-on (19.99 USD per month, on any plan) in your Storefront dashboard, then run the node again.',
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
				description: `Wait ${retryAfter ? `${retryAfter} seconds (Retry-After)` : 'a little'} and run again, or turn on "Retry On Fail" in the node settings with a wait of at least that long, or lower the request rate with batching.`,
			};
	}
	if (status >= 500) {
		return {
			message: `The Storefront API had a server error (${status})`,
			description: join(
				'The problem is on the API side; try again in a few minutes. "Retry On Fail" in the node settings retries automatically.',
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
	if (status >= 200 && status < 300) {
		if (typeof response.body === 'string' && response.body.trim() !== '') throw notJsonError(this.getNode(), response);
		return items;
	}
	throw apiError(this.getNode(), response);
}
