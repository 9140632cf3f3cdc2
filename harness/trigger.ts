import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INodeParameters, IWebhookData, IWebhookDescription, IWebhookResponseData, Workflow } from 'n8n-workflow';

import { additionalData, makeWorkflow, nodeType, type Credentials } from './index';

export const WEBHOOK_BASE = 'https://n8n.example.com/webhook';
export const WEBHOOK_TEST_BASE = 'https://n8n.example.com/webhook-test';

export interface TriggerRun {
	/** The trigger's type (default storefrontTrigger; `within`: the node's own). */
	type?: string;
	/**
	 * The editor listening for a test event: n8n calls the lifecycle in mode 'manual' with its test
	 * URL, and runs deliveries to that URL in mode 'manual'. Default: a published workflow.
	 */
	manual?: boolean;
}

/**
 * One Storefront Trigger in one workflow, driven the way n8n drives it: lifecycle methods
 * through n8n-core's HookContext, deliveries through its WebhookContext. Static data lives
 * on the Workflow object, so it carries across calls as it does in n8n. `within`: the trigger
 * node of a whole workflow (its own parameters) instead of a workflow of the trigger alone.
 */
export function triggerHarness(credentials: Credentials, parameters: INodeParameters, within?: { workflow: Workflow; node: string }, run: TriggerRun = {}) {
	const { workflow, node } = within
		? { workflow: within.workflow, node: within.workflow.getNode(within.node)! }
		: makeWorkflow(run.type ?? 'storefrontTrigger', parameters, { webhookId: 'wh-node-1' });
	const type = nodeType(node.type.slice(node.type.lastIndexOf('.') + 1));
	const data = additionalData(credentials);
	data.webhookBaseUrl = WEBHOOK_BASE;
	data.webhookTestBaseUrl = WEBHOOK_TEST_BASE;
	const description = type.description.webhooks![0] as IWebhookDescription;
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: `${node.webhookId}/webhook`,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
		...(run.manual ? { isTest: true } : {}),
	};
	const methods = type.webhookMethods!.default!;

	return {
		workflow,
		node,
		url: `${run.manual ? WEBHOOK_TEST_BASE : WEBHOOK_BASE}/${node.webhookId}/webhook`,
		staticData: () => workflow.staticData[`node:${node.name}`] as IDataObject | undefined,
		async hook(method: 'checkExists' | 'create' | 'delete') {
			const ctx = run.manual
				? new HookContext(workflow, node, data, 'manual', 'manual', webhookData)
				: new HookContext(workflow, node, data, 'trigger', 'activate', webhookData);
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
			const ctx = new WebhookContext(workflow, node, ctxData, run.manual ? 'manual' : 'webhook', webhookData, [], null);
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

/** n8n's logger as n8n-core's contexts get it (`ctx.logger`), from n8n-core's own copy of its DI container. */
export function n8nLogger(): { warn: (message: string) => void } {
	const from = { paths: [require.resolve('n8n-core')] };
	/* eslint-disable @typescript-eslint/no-require-imports */
	const { Container } = require(require.resolve('@n8n/di', from)) as { Container: { get<T>(type: unknown): T } };
	const { Logger } = require(require.resolve('@n8n/backend-common', from)) as { Logger: unknown };
	/* eslint-enable @typescript-eslint/no-require-imports */
	return Container.get(Logger);
}

export type TriggerHarness = ReturnType<typeof triggerHarness>;

/**
 * A stand-in for n8n in front of the trigger, for the API to deliver to: it hands each request to
 * the trigger's webhook() and answers as n8n does with Acknowledge "When the Workflow Finishes":
 * the trigger's own answer, or, when it started a run, that run's outcome (`state.runOutcome`:
 * 200, or 500 for a run that failed). So the API logs each attempt after the trigger has looked
 * at the log, as in production. `received`: each request as it came (raw bytes and headers), to
 * replay it; `runs`: the items of every run started.
 */
export async function serveTrigger(t: TriggerHarness) {
	const runs: IDataObject[] = [];
	const received: Array<{ raw: Buffer; headers: Record<string, string> }> = [];
	const state = { runOutcome: 200 };
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const sent = { raw: Buffer.concat(chunks), headers: req.headers as Record<string, string> };
			received.push(sent);
			void t.deliver(sent.raw, sent.headers).then((out) => {
				runs.push(...out.items);
				res.statusCode = out.items.length ? state.runOutcome : out.status;
				res.end();
			});
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		runs,
		received,
		state,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}
