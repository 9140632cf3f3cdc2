import { createHash, randomUUID } from 'crypto';
import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

/**
 * The Idempotency-Key of every POST (CONTRACT: a repeat with the same key and body within 24 h
 * answers the first result and creates nothing). With it, a POST whose answer was lost can be
 * sent again: by the node itself (faults.ts), and by n8n's Retry On Fail, which runs the node
 * again with every item.
 *
 * - Spending calls (ads creates and boosts, spendSafety.ts) key on the workflow: a re-run of the
 *   same boost within 24 hours spends nothing twice.
 * - Every other POST keys on the execution: its own retries and Retry On Fail create nothing new,
 *   while a deliberate new run creates anew (a page deleted and made again is really made).
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

function canonical(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(canonical);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.keys(value as IDataObject)
				.sort()
				.map((k) => [k, canonical((value as IDataObject)[k])]),
		);
	}
	return value;
}

/** A key made from `parts` (objects compared by content, whatever their key order). */
export const keyOf = (parts: unknown[]) => `n8n-${createHash('sha256').update(JSON.stringify(canonical(parts))).digest('hex').slice(0, 40)}`;

/** The key a spending call gets: equal for equal requests from the same node, item and workflow; never random, never the execution id. */
export function automaticKey(parts: { workflowId: string; nodeId: string; itemIndex: number; method: string; url: string; body: unknown }) {
	return keyOf([parts.workflowId, parts.nodeId, parts.itemIndex, parts.method, parts.url, parts.body]);
}

type Running = IExecuteSingleFunctions | IExecuteFunctions;

/**
 * The execution a key belongs to. n8n's "Retry execution" starts a new execution whose
 * lifecycle hooks name the original (`retryOf`); n8n gives nodes no public way to read it, so
 * it is read where n8n keeps it, and the execution's own id is used wherever it is absent.
 */
export function executionScope(ctx: Running): string {
	const internal = ctx as unknown as { additionalData?: { hooks?: { retryOf?: unknown } } };
	const retryOf = internal.additionalData?.hooks?.retryOf;
	return typeof retryOf === 'string' && retryOf ? retryOf : String(ctx.getExecutionId() ?? '');
}

export const hasKey = (request: Pick<IHttpRequestOptions, 'headers'>) =>
	Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());

/** The key of a POST that spends nothing: this execution, node, item, and the request itself. */
export function executionKey(ctx: Running, itemIndex: number, request: Pick<IHttpRequestOptions, 'method' | 'url' | 'body'>): string {
	const node = ctx.getNode();
	return keyOf([executionScope(ctx), node.id ?? node.name, itemIndex, request.method ?? 'POST', request.url, request.body ?? null]);
}

/**
 * The key of a call made outside an execution (the Trigger registering its endpoint): one per
 * call, the same for each of its resends, so a lost answer never makes a second endpoint.
 */
export const callKey = () => `n8n-${randomUUID()}`;
