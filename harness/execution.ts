import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	createRunExecutionData,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type IRun,
	type IRunExecutionData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { additionalData, NodeTypes, PACKAGE, type Credentials } from './index';

/**
 * Whole workflows through n8n-core's WorkflowExecute, started the ways n8n starts them:
 * - `fromDelivery`: as n8n's webhook helpers start a production execution once a trigger's
 *   webhook() returned items: the trigger on the execution stack with its output as data, mode
 *   'webhook' (the same in queue mode, where a worker runs that data);
 * - `retry`: as "Retry execution" does: the failed execution's data without the failed node's
 *   run, mode 'retry', the original's id as the hooks' retryOf;
 * - `resume`: a waiting execution resumed from its stored data, as the wait tracker or a worker does;
 * - `manually`: "Execute workflow" with the trigger's output pinned, mode 'manual'.
 */

export const TRIGGER = 'Storefront Trigger';

export interface WorkflowSpec {
	id: string;
	nodes: INode[];
	connections: IConnections;
	/** The trigger's static data (endpoint ID and secret), as n8n loads it with the workflow. */
	staticData?: IDataObject;
	/** Node types of other packages the workflow uses, by type name. */
	types?: Record<string, INodeType>;
}

/** A node of our package, with the credential. */
export function ourNode(name: string, type: string, parameters: INode['parameters'], position = 0): INode {
	return {
		id: `id-${name.toLowerCase().replace(/\W+/g, '-')}`,
		name,
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [position * 220, 0],
		parameters,
		credentials: { storefrontApi: { id: 'cred-1', name: 'Storefront account' } },
		...(type.endsWith('Trigger') ? { webhookId: 'wh-events' } : {}),
	};
}

/** Connects the nodes one after the other. */
export function chain(...names: string[]): IConnections {
	return Object.fromEntries(names.slice(0, -1).map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]));
}

export function workflowOf(spec: WorkflowSpec): Workflow {
	return new Workflow({
		id: spec.id,
		name: 'Events workflow',
		nodes: spec.nodes,
		connections: spec.connections,
		active: true,
		nodeTypes: new NodeTypes(spec.types),
		staticData: spec.staticData ? JSON.parse(JSON.stringify(spec.staticData)) : undefined,
	});
}

interface Start {
	credentials: Credentials;
	executionId: string;
	/** The node that started the execution (default: the Storefront Trigger). */
	startNode?: string;
	/** n8n's mode for it: 'webhook' (default) for a webhook node, 'trigger' for a trigger or poller. */
	mode?: WorkflowExecuteMode;
}

async function execute(workflow: Workflow, mode: WorkflowExecuteMode, start: Start, data: IRunExecutionData, retryOf?: string): Promise<IRun> {
	const hooks = new ExecutionLifecycleHooks(mode, start.executionId, workflow as never, retryOf);
	const extra = additionalData(start.credentials, hooks);
	extra.executionId = start.executionId;
	return await new WorkflowExecute(extra, mode, data).processRunExecutionData(workflow);
}

/** A production execution of the start node's output `items` (what the trigger's webhook() returned). */
export async function fromDelivery(spec: WorkflowSpec, items: INodeExecutionData[], start: Start): Promise<IRun> {
	const workflow = workflowOf(spec);
	const node = workflow.getNode(start.startNode ?? TRIGGER)!;
	const data = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] } });
	return await execute(workflow, start.mode ?? 'webhook', start, data);
}

/** "Retry execution" of a failed execution (n8n's ExecutionService.retry): from the node that failed, with the original's data. */
export async function retry(spec: WorkflowSpec, failed: IRun, original: string, start: Start): Promise<IRun> {
	const data = JSON.parse(JSON.stringify(failed.data)) as IRunExecutionData;
	const last = data.resultData.lastNodeExecuted!;
	data.resultData.runData[last].pop();
	data.resultData.error = undefined;
	return await execute(workflowOf(spec), 'retry', start, data, original);
}

/**
 * Resumes an execution that waited (a Wait node, a human review), as n8n's wait tracker or a
 * queue-mode worker does: from its data as stored (JSON: what the database holds, custom data
 * included), in a process that may never have seen it.
 */
export async function resume(spec: WorkflowSpec, waited: IRun, start: Start): Promise<IRun> {
	if (!waited.data.waitTill) throw new Error('resume: the execution did not wait');
	const data = JSON.parse(JSON.stringify(waited.data)) as IRunExecutionData;
	return await execute(workflowOf(spec), start.mode ?? 'webhook', start, data);
}

/** "Execute workflow" in the editor with the trigger's output pinned. */
export async function manually(spec: WorkflowSpec, items: INodeExecutionData[], start: Start): Promise<IRun> {
	const workflow = workflowOf(spec);
	const hooks = new ExecutionLifecycleHooks('manual', start.executionId, workflow as never);
	const extra = additionalData(start.credentials, hooks);
	extra.executionId = start.executionId;
	const startNode = workflow.getNode(start.startNode ?? TRIGGER)!;
	return await new WorkflowExecute(extra, 'manual').run({ workflow, startNode, pinData: { [startNode.name]: items } });
}

/** A node's output items (json) in a finished run, and the error that stopped the run, if any. */
export function outputOf(run: IRun, node: string) {
	const task = run.data.resultData.runData[node]?.[0];
	return { json: (task?.data?.main?.[0] ?? []).map((i) => i.json), items: task?.data?.main?.[0] ?? [], error: task?.error };
}
