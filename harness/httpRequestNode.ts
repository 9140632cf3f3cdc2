import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { Workflow, createRunExecutionData, type IDataObject, type IExecuteFunctions, type INode, type INodeType, type IRequestOptions } from 'n8n-workflow';

import { additionalData, NodeTypes, type Credentials } from './index';

/**
 * n8n's HTTP Request node (V3/4.x) as it sends with a predefined credential, through n8n-core:
 * `helpers.requestWithAuthentication` with a legacy `uri`, from a node of type
 * n8n-nodes-base.httpRequest (n8n-core gives it any credential). `options` are what its Options
 * add to the request (n8n 2.41.1 HttpRequestV3.node.ts): Ignore SSL Issues as
 * `rejectUnauthorized: false`, Proxy as `proxy: '<url>'`, SSL Certificates as `agentOptions`.
 */
function httpRequestLike(uri: string, options: Partial<IRequestOptions>): INodeType {
	return {
		description: {
			displayName: 'HTTP Request (as n8n sends)',
			name: 'httpRequest',
			group: ['output'],
			version: 4.2,
			description: '',
			defaults: { name: 'HTTP Request' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const request: IRequestOptions = { method: 'GET', uri, json: true, ...options };
			const body = (await this.helpers.requestWithAuthentication.call(this, 'storefrontApi', request, undefined, 0)) as IDataObject;
			return [[{ json: body }]];
		},
	};
}

let executions = 0;

/** Sends one GET to `url` as the HTTP Request node does with this credential; the node's error or output. */
export async function sendAsHttpRequestNode(url: string, credentials: Credentials, options: Partial<IRequestOptions> = {}) {
	const node: INode = {
		id: 'http-1',
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [0, 0],
		parameters: {},
		credentials: { storefrontApi: { id: 'cred-1', name: 'Storefront account' } },
	};
	const nodeTypes = new NodeTypes({ 'n8n-nodes-base.httpRequest': httpRequestLike(url, options) });
	const workflow = new Workflow({ id: 'wf-http', name: 'HTTP', nodes: [node], connections: {}, active: false, nodeTypes });
	const executionId = `exec-http-${++executions}`;
	const data = additionalData(credentials, new ExecutionLifecycleHooks('manual', executionId, workflow as never));
	const runData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node, data: { main: [[{ json: {} }]] }, source: null }] } });
	const run = await new WorkflowExecute(data, 'manual', runData).processRunExecutionData(workflow);
	const task = run.data.resultData.runData['HTTP Request']?.[0];
	return { error: task?.error as (Error & { description?: string }) | undefined, json: task?.data?.main?.[0]?.[0]?.json };
}
