import { createHash, randomUUID } from 'crypto';
import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, IHttpRequestOptions, INode, INodeProperties, IWorkflowDataProxyData } from 'n8n-workflow';

import { headerOf } from './answer';
import { baseContext } from '../params';

/**
 * The Idempotency-Key of every POST (docs/reference/contract.md: a repeat with the same key and body within 24 h
 * answers the first result and creates nothing). With it, a POST whose answer was lost can be
 * sent again: by the node itself (send.ts), and by n8n's Retry On Fail, which runs the node
 * again with every item.
 *
 * - Spending calls (ads creates and boosts, declared `keying: 'workflow'`) key on the workflow: a re-run of the
 *   same boost within 24 hours spends nothing twice.
 * - Every other POST keys on the event that started the execution, when a Storefront Trigger
 *   delivery did (`eventOf`, below): n8n running that event again, in any process, gets the first
 *   results back and creates nothing new.
 * - Otherwise (manual runs, schedules, other triggers, sub-workflows, Once per Event off) it keys
 *   on the execution: its own retries and Retry On Fail create nothing new, while a deliberate new
 *   run creates anew (a page deleted and made again is really made).
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

/**
 * A digest of `parts` (objects compared by content, whatever their key order), as `n8n-` and 40 hex
 * digits: the automatic Idempotency-Keys, and the names spendingActions.ts gives spending calls.
 */
export const digestOf = (parts: unknown[]) => `n8n-${createHash('sha256').update(JSON.stringify(canonical(parts))).digest('hex').slice(0, 40)}`;

type Running = IExecuteSingleFunctions | IExecuteFunctions;

/** A request as both doors hold it (RoutingNode's options may have no URL yet). */
type KeyedRequest = { method?: string; url?: string; body?: unknown; headers?: IHttpRequestOptions['headers'] };

/** The key a spending call gets: equal for equal requests from the same node, item and workflow; never random, never the execution id. */
export function spendKey(ctx: Running, node: INode, itemIndex: number, request: Omit<KeyedRequest, 'headers'>) {
	return digestOf([String(ctx.getWorkflow().id ?? ''), node.id ?? node.name, itemIndex, String(request.method ?? 'POST'), String(request.url ?? ''), request.body]);
}

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

/** The Idempotency-Key a request already carries (the user's own, or one stamped), whatever its header's case. */
export function idempotencyKeyOf(request: Pick<IHttpRequestOptions, 'headers'>): string | undefined {
	return headerOf(request.headers, IDEMPOTENCY_HEADER)?.trim() || undefined;
}

/** The run a request belongs to: the triggering event (its workflow and id), else the execution (a DELETE's entry in send.ts's memory starts with it). */
export function runScope(ctx: Running): string {
	const event = eventOf(ctx);
	return event ? eventScope(event) : executionScope(ctx);
}

const eventScope = (event: RunEvent) => `event:${event.workflowId}:${event.id}`;

/**
 * How an operation's POSTs are keyed (its endpoint's `keying`, request.ts; given in operation.ts):
 * - `event` (the default): by the event that started the execution when a Storefront Trigger
 *   delivery did (`eventOf`), else by the execution;
 * - `execution`: a POST that only reads (a search, a forecast): asking again is harmless, and a
 *   repeat whose question changed (a date range) gets no 409;
 * - `workflow`: a spending call (spendKey): a re-run of the same boost within 24 hours spends nothing twice.
 */
export type Keying = 'event' | 'execution' | 'workflow';

/**
 * The one place a POST gets its Idempotency-Key, at sending (each chunk of a bulk call its own),
 * unless it carries the user's own. Answers the event the key was made from, if any: a 409
 * idempotency_conflict is then a repeat of that event (errorText.ts `repeatedEventText`).
 * - Keyed by the event: workflow, event, node, item, and which request of the item it is (method,
 *   URL, and its place among the item's POSTs to that URL: the chunks of a bulk call, the pages of
 *   a POST search). Not the body: n8n running the event again sends the same key, and a body
 *   that changed in between gets the API's 409, explained, instead of a second page.
 * - Keyed by the execution (retryOf or its id): node, item and the request with its body.
 * - Outside an execution (the Trigger registering its endpoint): one key per call, the same for
 *   each of its resends, so a lost answer never makes a second endpoint.
 * `node`: the node the call is sent for, as call.ts `describeCall` read it.
 */
export function stampKey(ctx: Running | undefined, node: INode, itemIndex: number, request: KeyedRequest, keying: Keying = 'event'): { key: string; eventId?: string } {
	const own = idempotencyKeyOf(request);
	if (own) return { key: own };
	const stamped = ctx ? keyFor(ctx, node, itemIndex, request, keying) : { key: `n8n-${randomUUID()}` };
	request.headers = { ...request.headers, [IDEMPOTENCY_HEADER]: stamped.key };
	return stamped;
}

function keyFor(ctx: Running, node: INode, itemIndex: number, request: KeyedRequest, keying: Keying): { key: string; eventId?: string } {
	if (keying === 'workflow') return { key: spendKey(ctx, node, itemIndex, request) };
	const method = request.method ?? 'POST';
	const event = keying === 'event' ? eventOf(ctx) : undefined;
	if (!event) return { key: digestOf([executionScope(ctx), node.id ?? node.name, itemIndex, method, request.url, request.body ?? null]) };
	const place = placeOf(ctx, itemIndex, `${method} ${String(request.url)}`);
	return { key: digestOf([eventScope(event), node.id ?? node.name, itemIndex, method, request.url, place]), eventId: event.id };
}

/** How many POSTs to `target` the item sent before this one, in this run of the node (n8n's Retry On Fail counts anew). */
const sent = new WeakMap<object, Map<string, number>>();

function placeOf(ctx: Running, itemIndex: number, target: string): number {
	// the item's context for a declarative run (each run of the node makes new ones), the run's own for custom operations
	const runContext = baseContext(ctx);
	let counts = sent.get(runContext);
	if (!counts) sent.set(runContext, (counts = new Map()));
	const id = `${itemIndex} ${target}`;
	const n = counts.get(id) ?? 0;
	counts.set(id, n + 1);
	return n;
}

/*
 * The Storefront event that started an execution, for Idempotency-Keys scoped by it (above):
 * n8n may run one event twice (a repeat reaching another webhook processor, a
 * redelivery after a lost acknowledgement, a catch-up after a restart), and a key made from the
 * event makes the second run's POSTs answer the first run's results.
 *
 * Found with n8n's public node API only, the same on n8n 1.x and 2.x: the run's mode
 * (`getMode()`), the node's parent nodes (`getParentNodes()`) and the workflow data proxy
 * (`$('<trigger>')`: the trigger's output item, one per execution). Looked up once per node run
 * (n8n hands every item of a run the same execute data): nothing per item, no expression.
 */

/** The Storefront Trigger's type names: the standalone one and its paired copies (StorefrontTrigger/paired.ts). */
export const TRIGGER_TYPES = ['storefrontTrigger', 'storefrontCommerceTrigger', 'storefrontAdsTrigger', 'storefrontWebhooksTrigger'];

/**
 * n8n's modes of a production execution a delivery starts ('webhook', in regular and queue mode)
 * and of "Retry execution". Manual runs, schedules and other triggers ('trigger'), sub-workflow
 * calls ('integrated'), the CLI and evaluations keep keys scoped by the execution.
 */
const EVENT_MODES = new Set(['webhook', 'retry']);

export const ONCE_PER_EVENT = 'oncePerEvent';

/** The switch, in the nodes' Request Options (requestOptionsField.ts). */
export const oncePerEventOption: INodeProperties = {
	displayName: 'Once per Event',
	name: ONCE_PER_EVENT,
	type: 'boolean',
	default: true,
	noDataExpression: true,
	description:
		'Whether an execution started by a Storefront Trigger creates only once per event: each create is keyed by the event (24 hours), so when n8n runs the same event again (a redelivery, another webhook processor, a retried execution) the API answers the first result and creates nothing new. Off: every execution creates anew.',
};

export interface RunEvent {
	/** The envelope's `id` (evt_…). */
	id: string;
	workflowId: string;
}

/** Per node run (its execute data), per node: tools share their AI Agent's execute data. */
const eventsByRun = new WeakMap<object, Map<string, RunEvent | null>>();

/** The event this node run's POSTs are keyed by, or undefined (keys scoped by the execution). */
export function eventOf(ctx: Running): RunEvent | undefined {
	const executeData = typeof ctx.getExecuteData === 'function' ? (ctx.getExecuteData() as object | undefined) : undefined;
	if (!executeData) return findEvent(ctx);
	let byNode = eventsByRun.get(executeData);
	if (!byNode) eventsByRun.set(executeData, (byNode = new Map()));
	const name = ctx.getNode().name;
	if (!byNode.has(name)) byNode.set(name, findEvent(ctx) ?? null);
	return byNode.get(name) ?? undefined;
}

function findEvent(ctx: Running): RunEvent | undefined {
	if (!EVENT_MODES.has(String(ctx.getMode?.()))) return undefined;
	if (!switchedOn(ctx)) return undefined;
	const node = ctx.getNode();
	// our trigger comes from the same package as this node: same type prefix ("n8n-nodes-storefront.", "CUSTOM.")
	const prefix = node.type.slice(0, node.type.lastIndexOf('.') + 1);
	const triggers = (typeof ctx.getParentNodes === 'function' ? ctx.getParentNodes(node.name) : []).filter(
		(parent) => !parent.disabled && TRIGGER_TYPES.some((type) => parent.type === prefix + type),
	);
	if (!triggers.length) return undefined;
	const proxy = ctx.getWorkflowDataProxy(0);
	for (const trigger of triggers) {
		const id = eventIdOf(proxy, trigger.name);
		if (id) return { id, workflowId: String(ctx.getWorkflow().id ?? '') };
	}
	return undefined;
}

/** The switch, read once per node run; it takes no expression. */
function switchedOn(ctx: Running): boolean {
	const path = `requestOptions.${ONCE_PER_EVENT}`;
	const value = 'getItemIndex' in ctx ? ctx.getNodeParameter(path, true) : ctx.getNodeParameter(path, 0, true);
	return value !== false;
}

/**
 * The event id on the trigger's output item, when that trigger started this execution (a
 * workflow with another trigger beside it: only the executions the Storefront Trigger started).
 * The trigger outputs one item per execution, its envelope's `id` first.
 */
function eventIdOf(proxy: IWorkflowDataProxyData, trigger: string): string | undefined {
	try {
		const output = proxy.$(trigger) as { isExecuted?: boolean; first: () => { json?: IDataObject } | undefined };
		if (output.isExecuted === false) return undefined;
		const id = output.first()?.json?.id;
		return typeof id === 'string' && id ? id : typeof id === 'number' && Number.isFinite(id) ? String(id) : undefined;
	} catch {
		// n8n's "node hasn't been executed": another trigger started this execution
		return undefined;
	}
}
