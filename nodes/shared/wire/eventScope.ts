import type { IDataObject, IExecuteFunctions, IExecuteSingleFunctions, INodeProperties, IWorkflowDataProxyData } from 'n8n-workflow';

/**
 * The Storefront event that started an execution, for Idempotency-Keys scoped by it
 * (idempotency.ts): n8n may run one event twice (a repeat reaching another webhook processor, a
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

type Running = IExecuteSingleFunctions | IExecuteFunctions;

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
