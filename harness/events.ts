import type { IDataObject, INodeParameters, IRun } from 'n8n-workflow';

import { chain, fromDelivery, ourNode, outputOf, TRIGGER, workflowOf, type WorkflowSpec } from './execution';
import type { Credentials } from './index';
import { triggerHarness } from './trigger';

/**
 * Events end to end through n8n-core: the API's signed delivery, the Storefront Trigger's
 * webhook() and the execution it starts, as one n8n webhook processor handles them (regular mode,
 * or a queue-mode processor whose worker runs the same execution data).
 */

export const PAGE = 'Create Page';
export const REDIRECT = 'Create Redirect';
export const STORE = 'store_hosted';

export interface PageAndRedirect {
	/** The trigger's type (default storefrontTrigger; its paired copies work the same). */
	trigger?: string;
	triggerOptions?: INodeParameters;
	/** The page title (default: the event's post caption). */
	title?: string;
	/** The action nodes' Request Options. */
	requestOptions?: INodeParameters;
}

/**
 * Storefront Trigger → Commerce Page → Create (title from the event's post) → Commerce Redirect
 * → Create (from /go/<page id> to the page's handle).
 */
export function pageAndRedirect(options: PageAndRedirect = {}): WorkflowSpec {
	const extra: INodeParameters = options.requestOptions ? { requestOptions: options.requestOptions } : {};
	return {
		id: 'wf-events',
		nodes: [
			ourNode(TRIGGER, options.trigger ?? 'storefrontTrigger', { events: ['post.published'], options: options.triggerOptions ?? {} }),
			ourNode(PAGE, 'storefrontCommerce', { resource: 'page', operation: 'create', accountId: STORE, title: options.title ?? '={{ $json.data.post.caption }}', ...extra }, 1),
			ourNode(REDIRECT, 'storefrontCommerce', { resource: 'redirect', operation: 'create', accountId: STORE, path: '=/go/{{ $json.id }}', target: '=/pages/{{ $json.handle }}', ...extra }, 2),
		],
		connections: chain(TRIGGER, PAGE, REDIRECT),
	};
}

/** Activates the workflow's trigger (its endpoint registered at the API): the spec then carries its static data, as n8n stores it. */
export async function activate(spec: WorkflowSpec, credentials: Credentials): Promise<WorkflowSpec & { secret: string }> {
	const workflow = workflowOf(spec);
	const trigger = triggerHarness(credentials, {}, { workflow, node: TRIGGER });
	await trigger.hook('create');
	const staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	return { ...spec, staticData, secret: String(trigger.staticData()!.secret) };
}

export interface SignedDelivery {
	body: string;
	headers: Record<string, string>;
}

/**
 * What one webhook processor does with a delivery: loads the workflow (with its static data), has
 * the trigger's webhook() verify it, and runs the execution it starts. `status` is the trigger's
 * answer; `run` is absent when the trigger started nothing.
 */
export async function receiveAndRun(spec: WorkflowSpec, credentials: Credentials, sent: SignedDelivery, executionId: string): Promise<{ status: number; run?: IRun }> {
	const workflow = workflowOf(spec);
	const answer = await triggerHarness(credentials, {}, { workflow, node: TRIGGER }).deliver(sent.body, sent.headers);
	const items = answer.result.workflowData?.[0];
	if (!items) return { status: answer.status };
	return { status: answer.status, run: await fromDelivery(spec, items, { credentials, executionId }) };
}

/** What a processor reports of one delivery it handled (the same in a child process, as JSON). */
export interface RunSummary {
	executionId: string;
	/** The trigger's answer. */
	status: number;
	/** The execution's status. */
	finished?: string;
	error?: { message: string; description?: string };
	page?: IDataObject;
	redirect?: IDataObject;
}

export function summary(executionId: string, status: number, run: IRun | undefined): RunSummary {
	const error = run?.data.resultData.error;
	return {
		executionId,
		status,
		finished: run?.status,
		error: error ? { message: error.message, description: (error as { description?: string }).description } : undefined,
		page: run ? outputOf(run, PAGE).json[0] : undefined,
		redirect: run ? outputOf(run, REDIRECT).json[0] : undefined,
	};
}
