/**
 * One n8n process of a burst (burst.ts): BURST_EXECUTIONS executions of one node on BURST_ITEMS
 * items each, all started together at BURST_START_AT (ms since the epoch), as n8n starts one
 * execution per webhook event. The node is ours (Commerce → Page → Get), or with BURST_NODE=http
 * n8n's HTTP Request node (4.2, its defaults) making the same GET, loaded from the n8n that the
 * real-n8n suites install (BURST_HTTP_NODE: its HttpRequest.node.js). Prints
 * {failed, errors, lastEndMs, loopDelayMs} as JSON: loopDelayMs, how late this process's event
 * loop ran (p99 and max, ms) while the executions ran.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { Workflow, createRunExecutionData, type INode, type INodeType } from 'n8n-workflow';

import { additionalData, loadEveryNodeType, NodeTypes, runNode } from './index';

const executions = Number(process.env.BURST_EXECUTIONS);
const items = Number(process.env.BURST_ITEMS);
const startAt = Number(process.env.BURST_START_AT);
const credentials = { apiKey: String(process.env.BURST_API_KEY), baseUrl: String(process.env.BURST_API_URL) };
const pageId = String(process.env.BURST_PAGE_ID);

async function ours(i: number) {
	const parameters = { resource: 'page', operation: 'get', accountId: 'store_hosted', pageId: { __rl: true, mode: 'id', value: pageId } };
	const r = await runNode({ node: 'storefrontCommerce', parameters, credentials, items: Array.from({ length: items }, () => ({})), mode: 'webhook', executionId: `burst-${process.pid}-${i}` });
	return { error: r.error?.message ?? (r.json.find((j) => j.error)?.error as string | undefined), items: r.json.length };
}

const httpNodeType = () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(String(process.env.BURST_HTTP_NODE)) as { HttpRequest: new () => { getNodeType(version: number): INodeType } };
	return new NodeTypes({ 'n8n-nodes-base.httpRequest': new HttpRequest().getNodeType(4.2) });
};
let nodeTypes: NodeTypes | undefined;

async function httpRequestNode(i: number) {
	nodeTypes ??= httpNodeType();
	const node: INode = {
		id: 'http-1',
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [0, 0],
		parameters: {
			url: `${credentials.baseUrl}/v1/commerce/pages/${pageId}?accountId=store_hosted`,
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${credentials.apiKey}` }] },
			options: {},
		},
	};
	const workflow = new Workflow({ id: 'wf-burst-http', name: 'Burst', nodes: [node], connections: {}, active: false, nodeTypes });
	const executionId = `burst-http-${process.pid}-${i}`;
	const data = additionalData(credentials, new ExecutionLifecycleHooks('webhook', executionId, workflow as never));
	data.executionId = executionId;
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: workflow.getNode('HTTP Request')!, data: { main: [Array.from({ length: items }, () => ({ json: {} }))] }, source: null }] },
	});
	const run = await new WorkflowExecute(data, 'webhook', runExecutionData).processRunExecutionData(workflow);
	const task = run.data.resultData.runData['HTTP Request']?.[0];
	return { error: (task?.error ?? run.data.resultData.error)?.message, items: task?.data?.main?.[0]?.length ?? 0 };
}

async function main() {
	const one = process.env.BURST_NODE === 'http' ? httpRequestNode : ours;
	// the node types loaded before the start, not inside the measured window
	if (process.env.BURST_NODE === 'http') nodeTypes ??= httpNodeType();
	else loadEveryNodeType();
	if (startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
	const loop = monitorEventLoopDelay({ resolution: 10 });
	loop.enable();
	const runs = await Promise.all(
		Array.from({ length: executions }, async (_, i) => {
			const r = await one(i).catch((error: Error) => ({ error: error.message, items: 0 }));
			return { ...r, end: Date.now() };
		}),
	);
	loop.disable();
	const failed = runs.filter((r) => r.error || r.items !== items);
	const loopDelayMs = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
	process.stdout.write(JSON.stringify({ failed: failed.length, errors: [...new Set(failed.map((r) => String(r.error)))].slice(0, 3), lastEndMs: Math.max(...runs.map((r) => r.end)), loopDelayMs }));
}

void main();
