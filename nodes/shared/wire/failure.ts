import { NodeApiError, NodeOperationError, type IN8nHttpFullResponse, type INode, type JsonObject } from 'n8n-workflow';

import type { Fault } from './answer';
import { parseErrorBody } from './errorBody';
import { explainError, faultMessage, faultText, NOT_JSON, repeatedEventText, type ErrorAdvice } from './errorText';
import { headerOf, parseRetryAfter } from './headers';

/** The errors the wire reports, made from an answer and the words of errorText.ts. */

/** What the wire knows of a call for the words of its error. */
export interface Said {
	/** The node's own codes (the operation's, or the programmatic call's). */
	advice?: ErrorAdvice;
	/** The item's key was made from this event: a 409 idempotency_conflict is a repeat of it, named by the operation's action. */
	repeat?: { eventId: string; action: string };
}

/** The NodeApiError for an answer that is no success: what happened and how to fix it, never the request's headers. */
export function answerError(node: INode, response: IN8nHttpFullResponse, said: Said = {}): NodeApiError {
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
		parsed.code === 'idempotency_conflict' && said.repeat
			? repeatedEventText(said.repeat.action, said.repeat.eventId)
			: explainError(status, parsed, inSeconds, said.advice);
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
	said?: Said,
): NodeApiError {
	const next = faultText(answer.fault, done);
	if (answer.response) {
		const error = answerError(node, answer.response, said);
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
 * editor as "Error code none". A refusal or a fault that no HTTP answer gave leaves as a NodeApiError
 * without a code: the editor shows its message and description only.
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
