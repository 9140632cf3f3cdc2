import { ExecutionLifecycleHooks, RoutingNode, WorkflowExecute } from 'n8n-core';
import {
	NodeConnectionTypes,
	Workflow,
	nodeNameToToolName,
	createRunExecutionData,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { zodToJsonSchema } from 'zod-to-json-schema';

import { NodeTypes, PACKAGE, additionalData, type Credentials } from './index';

/**
 * Runs one of our nodes the way n8n 2.41.1 runs it as an AI tool (AI Agent, MCP Server Trigger):
 * the node type `<package>.<node>Tool` built as n8n's NodeTypes builds it, connected to a parent
 * node's ai_tool input, and called through n8n-core's own tool path (getInputConnectionData →
 * createNodeAsTool → makeHandleToolInvocation), which gives the node `{json: toolArgs}` as its
 * input item and calls the `execute` n8n assigned: RoutingNode alone, no `customOperations`
 * (n8n-core 2.41.1 `dist/execution-engine/node-execution-context/utils/get-input-connection-data.js`
 * lines 179-181).
 */

/** n8n 2.41.1 `dist/utils.js` lines 65-73. */
function shouldAssignExecuteMethod(nodeType: INodeType): boolean {
	const isDeclarativeNode = nodeType?.description?.requestDefaults !== undefined;
	return (
		!nodeType.execute &&
		!nodeType.supplyData &&
		!nodeType.poll &&
		!nodeType.trigger &&
		(!nodeType.webhook || isDeclarativeNode) &&
		(!nodeType.methods || isDeclarativeNode)
	);
}

/** n8n 2.41.1 `dist/tool-generation/ai-tools.js` lines 15-66 (`convertNodeToAiTool`), without the codex (line 65). */
function convertNodeToAiTool(item: { description: INodeTypeDescription }) {
	item.description.name += 'Tool';
	item.description.inputs = [];
	item.description.outputs = [NodeConnectionTypes.AiTool];
	item.description.displayName += ' Tool';
	delete item.description.usableAsTool;
	const hasResource = item.description.properties.some((prop) => prop.name === 'resource');
	const hasOperation = item.description.properties.some((prop) => prop.name === 'operation');
	if (!item.description.properties.map((prop) => prop.name).includes('toolDescription')) {
		const descriptionType: INodeProperties = {
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Set Automatically', value: 'auto', description: 'Automatically set based on resource and operation' },
				{ name: 'Set Manually', value: 'manual', description: 'Manually set the description' },
			],
			default: 'auto',
		};
		const descProp: INodeProperties = {
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: item.description.description,
			required: true,
			typeOptions: { rows: 2 },
			description:
				'Explain to the LLM what this tool does, a good, specific description would allow LLMs to produce expected results much more often',
		};
		const lastCallout = item.description.properties.map((p) => p.type as string).lastIndexOf('callout');
		item.description.properties.splice(lastCallout + 1, 0, descProp);
		if (hasResource || hasOperation) {
			item.description.properties.splice(lastCallout + 1, 0, descriptionType);
			descProp.displayOptions = { show: { descriptionType: ['manual'] } };
		}
	}
	return item as unknown as INodeType;
}

/** n8n 2.41.1 `dist/node-types.js` `getByNameAndVersion`, lines 77-83 (the assigned execute) and 95-102 (the tool clone). */
export function toolType(base: INodeType): INodeType {
	if (shouldAssignExecuteMethod(base)) {
		base.execute = async function (this: IExecuteFunctions) {
			const routingNode = new RoutingNode(this as never, base);
			const data = await routingNode.runNode();
			return data ?? [];
		};
	}
	const clonedProperties = Object.create(base.description.properties);
	const clonedDescription = Object.create(base.description, { properties: { value: clonedProperties, writable: false } });
	const clonedNode = Object.create(base, { description: { value: clonedDescription } });
	return convertNodeToAiTool(clonedNode);
}

/** What the model sees of the tool, and what one call of it gave. */
export interface ToolCall {
	name: string;
	description: string;
	/** The input schema as JSON Schema (what an MCP client lists). */
	schema: IDataObject;
	/** The tool's answer (the output items' JSON), or undefined when it failed. */
	response?: IDataObject[];
	/** The answer as the model reads it: the string the tool returned. */
	text?: string;
	/** The error message the model gets when the call failed. */
	error?: string;
}

interface Tool {
	name: string;
	description: string;
	schema: Parameters<typeof zodToJsonSchema>[0];
	invoke(args: IDataObject): Promise<string>;
}

/** The parent: asks for its ai_tool input as the AI Agent and the MCP Server Trigger do, and calls each tool of `calls` once, in order, by name. */
function callerType(calls: Array<{ name: string; args: IDataObject }>, out: { calls?: ToolCall[] }): INodeType {
	return {
		description: {
			displayName: 'Tool Caller',
			name: 'toolCaller',
			group: ['transform'],
			version: 1,
			description: 'Calls its connected tool once',
			defaults: { name: 'Tool Caller' },
			inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, required: true }],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const connected = await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0);
			const tools = (Array.isArray(connected) ? connected : [connected]) as Tool[];
			out.calls = [];
			for (const { name, args } of calls) {
				const tool = tools.find((t) => t.name === nodeNameToToolName(name));
				if (!tool) throw new Error(`No tool named after node ${name} among ${tools.map((t) => t.name).join(', ')}`);
				const call: ToolCall = { name: tool.name, description: tool.description, schema: zodToJsonSchema(tool.schema) as IDataObject };
				try {
					call.text = await tool.invoke(args);
					call.response = JSON.parse(call.text) as IDataObject[];
				} catch (error) {
					call.error = (error as Error).message;
				}
				out.calls.push(call);
			}
			return [[{ json: {} }]];
		},
	};
}

export interface ToolRunOptions {
	/** Short node name, e.g. `storefrontAds`. */
	node: string;
	parameters: INodeParameters;
	credentials: Credentials;
	/** The model's arguments. */
	args: IDataObject;
	/** The tool node's name (n8n names the tool after it). */
	name?: string;
}

/** Calls our node once as a tool with the model's `args`. */
export async function runAsTool(options: ToolRunOptions): Promise<ToolCall> {
	const name = options.name ?? 'Storefront';
	const [call] = await runToolCalls({ node: options.node, credentials: options.credentials, calls: [{ name, parameters: options.parameters, args: options.args }] });
	return call;
}

export interface ToolCallsOptions {
	/** Short node name, e.g. `storefrontAds`. */
	node: string;
	credentials: Credentials;
	/** One tool node each (its name, which n8n names the tool after, must be unique), called in this order with the model's `args`. */
	calls: Array<{ name: string; parameters: INodeParameters; args: IDataObject; settings?: Partial<INode> }>;
	executionId?: string;
}

let toolExecutions = 0;

/**
 * Calls several tool nodes of ours in one execution, as an agent calls the tools it is given
 * within its own run: each call is a tool invocation of its node, in order.
 */
export async function runToolCalls(options: ToolCallsOptions): Promise<ToolCall[]> {
	const toolNodeType = `${PACKAGE}.${options.node}Tool`;
	const out: { calls?: ToolCall[] } = {};
	const base = new NodeTypes().getByNameAndVersion(`${PACKAGE}.${options.node}`);
	const nodeTypes = new NodeTypes({ [toolNodeType]: toolType(base), toolCaller: callerType(options.calls, out) });
	const tools: INode[] = options.calls.map((c, i) => ({
		id: `tool-${i + 1}`,
		name: c.name,
		type: toolNodeType,
		typeVersion: 1,
		position: [0, i * 200],
		parameters: c.parameters,
		credentials: { storefrontApi: { id: 'cred-1', name: 'Storefront account' } },
		...c.settings,
	}));
	const caller: INode = { id: 'caller-1', name: 'Tool Caller', type: 'toolCaller', typeVersion: 1, position: [200, 0], parameters: {} };
	const workflow = new Workflow({
		id: 'wf-tool',
		name: 'Tool workflow',
		nodes: [...tools, caller],
		connections: Object.fromEntries(tools.map((t) => [t.name, { [NodeConnectionTypes.AiTool]: [[{ node: 'Tool Caller', type: NodeConnectionTypes.AiTool, index: 0 }]] }])),
		active: false,
		nodeTypes,
	});
	// a new execution each run, as in n8n (Idempotency-Keys of non-spending POSTs are per execution)
	const executionId = options.executionId ?? `exec-tool-${++toolExecutions}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, workflow as never);
	const data = additionalData(options.credentials, hooks);
	data.executionId = executionId;
	const start = workflow.getNode('Tool Caller')!;
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: start, data: { main: [[{ json: {} }]] }, source: null }] },
	});
	const run = await new WorkflowExecute(data, 'manual', runExecutionData).processRunExecutionData(workflow);
	if (!out.calls) throw new Error(`The tools were not called: ${JSON.stringify(run.data.resultData.error ?? run.data.resultData.runData['Tool Caller'])}`);
	return out.calls;
}
