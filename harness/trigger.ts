import { HookContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INodeParameters, IWebhookData, IWebhookDescription, IWebhookResponseData, Workflow } from 'n8n-workflow';

import { additionalData, makeWorkflow, nodeType, type Credentials } from './index';

export const WEBHOOK_BASE = 'https://n8n.example.com/webhook';

/**
 * One Storefront Trigger in one workflow, driven the way n8n drives it: lifecycle methods
 * through n8n-core's HookContext, deliveries through its WebhookContext. Static data lives
 * on the Workflow object, so it carries across calls as it does in n8n. `within`: the trigger
 * node of a whole workflow (its own parameters) instead of a workflow of the trigger alone.
 */
export function triggerHarness(credentials: Credentials, parameters: INodeParameters, within?: { workflow: Workflow; node: string }) {
	const type = nodeType('storefrontTrigger');
	const { workflow, node } = within
		? { workflow: within.workflow, node: within.workflow.getNode(within.node)! }
		: makeWorkflow('storefrontTrigger', parameters, { webhookId: 'wh-node-1' });
	const data = additionalData(credentials);
	data.webhookBaseUrl = WEBHOOK_BASE;
	const description = type.description.webhooks![0] as IWebhookDescription;
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: `${node.webhookId}/webhook`,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
	};
	const methods = type.webhookMethods!.default!;

	return {
		workflow,
		node,
		url: `${WEBHOOK_BASE}/${node.webhookId}/webhook`,
		staticData: () => workflow.staticData[`node:${node.name}`] as IDataObject | undefined,
		async hook(method: 'checkExists' | 'create' | 'delete') {
			const ctx = new HookContext(workflow, node, data, 'trigger', 'activate', webhookData);
			return await methods[method]!.call(ctx);
		},
		/** Sends one request to the trigger's webhook() as n8n's webhook server would (raw body kept). */
		async deliver(rawBody: string | Buffer, headers: Record<string, string>) {
			const raw = Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody);
			let body: unknown = {};
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch {
				body = {};
			}
			const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
			const req = { method: 'POST', headers: lower, body, rawBody: raw, query: {}, params: {} };
			const res = {
				statusCode: 200,
				sent: undefined as unknown,
				status(code: number) {
					this.statusCode = code;
					return this;
				},
				json(value: unknown) {
					this.sent = value;
					return this;
				},
				send(value: unknown) {
					this.sent = value;
					return this;
				},
				end() {
					return this;
				},
			};
			const ctxData = { ...data, httpRequest: req, httpResponse: res } as unknown as typeof data;
			const ctx = new WebhookContext(workflow, node, ctxData, 'webhook', webhookData, [], null);
			const result = (await type.webhook!.call(ctx)) as IWebhookResponseData;
			return {
				result,
				status: result.noWebhookResponse ? res.statusCode : 200,
				response: res.sent,
				items: result.workflowData?.[0]?.map((i) => i.json) ?? [],
			};
		},
	};
}
