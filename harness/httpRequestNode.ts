import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	assertCredentialAllowsUrl,
	createRunExecutionData,
	getCredentialAllowedDomains,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeType,
	type IRequestOptions,
} from 'n8n-workflow';

import { additionalData, NodeTypes, type Credentials, type EngineOptions } from './index';

/**
 * n8n's own nodes that can send a request signed by any credential with an `authenticate`
 * (Authentication → Predefined Credential Type), as they send it, through n8n-core:
 * - `httpRequest`: the HTTP Request node (V3/4.x, n8n 2.41.1 HttpRequestV3.node.ts and 1.123's alike):
 *   reads the credential for its Allowed HTTP Request Domains (a failure to read it is ignored
 *   there), then `helpers.requestWithAuthentication` with legacy options (`uri`, `method`, `body`,
 *   `headers`, `qs`). `options` are what its Options add: Ignore SSL Issues as
 *   `rejectUnauthorized: false`, Proxy as `proxy: '<url>'`, SSL Certificates as `agentOptions`.
 * - `httpRequestTool`: the same node given to an agent (type n8n-nodes-base.httpRequestTool).
 * - `toolHttpRequest`: the HTTP Request Tool of @n8n/n8n-nodes-langchain (ToolHttpRequest/utils.js):
 *   `helpers.httpRequestWithAuthentication` with `IHttpRequestOptions`; n8n 2.41.1 checks Allowed HTTP
 *   Request Domains first, 1.123.81 does not.
 * n8n-core reads the credential for the node (`getCredentials`), where n8n 2.x refuses a credential
 * restricted to other nodes; the harness's engine says which n8n it is (`EngineOptions`).
 */
export type N8nDoor = 'httpRequest' | 'httpRequestTool' | 'toolHttpRequest';

const TYPES: Record<N8nDoor, string> = {
	httpRequest: 'n8n-nodes-base.httpRequest',
	httpRequestTool: 'n8n-nodes-base.httpRequestTool',
	toolHttpRequest: '@n8n/n8n-nodes-langchain.toolHttpRequest',
};

/** What the user (or a model) puts in the node: any method, headers, query and body. */
export interface UserRequest {
	method?: string;
	headers?: IDataObject;
	qs?: IDataObject;
	body?: IDataObject | string;
}

function nodeOf(door: N8nDoor, url: string, request: UserRequest, options: Partial<IRequestOptions>, engine: EngineOptions): INodeType {
	return {
		description: {
			displayName: `${door} (as n8n sends)`,
			name: door,
			group: ['output'],
			version: 4.2,
			description: '',
			defaults: { name: 'HTTP Request' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const node = this.getNode();
			const method = (request.method ?? 'GET') as IHttpRequestOptions['method'];
			if (door === 'toolHttpRequest') {
				const credentialData = await this.getCredentials('storefrontApi', 0);
				if (!engine.n8n1) assertCredentialAllowsUrl({ node, credentialData, url, surface: 'HTTP Request Tool' });
				const sent: IHttpRequestOptions = { method, url, headers: request.headers, qs: request.qs, body: request.body, json: true };
				const body = (await this.helpers.httpRequestWithAuthentication.call(this, 'storefrontApi', sent)) as IDataObject;
				return [[{ json: body }]];
			}
			// as the node: a credential it cannot read here is read (and refused) again by requestWithAuthentication
			const credentialData = await this.getCredentials('storefrontApi', 0).catch(() => undefined);
			if (credentialData) getCredentialAllowedDomains({ node, credentialData, surface: 'HTTP Request or GraphQL' });
			const sent: IRequestOptions = { method, uri: url, headers: request.headers, qs: request.qs, body: request.body, json: true, ...options };
			const body = (await this.helpers.requestWithAuthentication.call(this, 'storefrontApi', sent, undefined, 0)) as IDataObject;
			return [[{ json: body }]];
		},
	};
}

let executions = 0;

/** Sends one request to `url` as n8n's node `door` does with this credential (GET by default); the node's error or output. */
export async function sendAsHttpRequestNode(
	url: string,
	credentials: Credentials,
	options: Partial<IRequestOptions> = {},
	{ door = 'httpRequest', request = {}, engine = {} }: { door?: N8nDoor; request?: UserRequest; engine?: EngineOptions } = {},
) {
	const type = TYPES[door];
	const node: INode = {
		id: 'http-1',
		name: 'HTTP Request',
		type,
		typeVersion: 4.2,
		position: [0, 0],
		parameters: {},
		credentials: { storefrontApi: { id: 'cred-1', name: 'Storefront account' } },
	};
	const nodeTypes = new NodeTypes({ [type]: nodeOf(door, url, request, options, engine) });
	const workflow = new Workflow({ id: 'wf-http', name: 'HTTP', nodes: [node], connections: {}, active: false, nodeTypes });
	const executionId = `exec-http-${++executions}`;
	const data = additionalData(credentials, new ExecutionLifecycleHooks('manual', executionId, workflow as never), engine);
	const runData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node, data: { main: [[{ json: {} }]] }, source: null }] } });
	const run = await new WorkflowExecute(data, 'manual', runData).processRunExecutionData(workflow);
	const task = run.data.resultData.runData['HTTP Request']?.[0];
	return { error: task?.error as (Error & { description?: string }) | undefined, json: task?.data?.main?.[0]?.[0]?.json };
}
