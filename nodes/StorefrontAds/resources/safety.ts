import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	PostReceiveAction,
} from 'n8n-workflow';

import { apiRequest } from '../../shared/api';
import { failItem } from '../../shared/descriptions';

/**
 * Everything that keeps an ads create from spending money by accident: the explicit
 * status, Validate Only, the Idempotency-Key and the checks made before the call.
 */

/** Status of a new campaign or ad: PAUSED first and by default; the API itself would default to ACTIVE. */
export const spendFields: INodeProperties[] = [
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Paused (Recommended)', value: 'PAUSED', description: 'Created paused: nothing is spent until you activate it' },
			{ name: 'Active (Spends Money)', value: 'ACTIVE', description: 'Starts spending real money as soon as the network approves it' },
		],
		default: 'PAUSED',
		description: 'Status the ad is created with. ACTIVE spends real money once the network approves the ad.',
		routing: { send: { type: 'body', property: 'status' } },
	},
	{
		displayName: 'Validate Only',
		name: 'validateOnly',
		type: 'boolean',
		default: false,
		description:
			'Whether to only run the checks (required fields, budget, dates, the network’s limits and, where it has one, the network’s own dry run) and return them, creating and charging nothing',
		routing: { send: { type: 'body', property: 'validateOnly', value: '={{ $value ? true : undefined }}' } },
	},
];

export const idempotencyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.postId }}-monday',
	description:
		'Leave empty for the automatic key: made from the workflow, this node, the item position and the fields sent, so repeating the same request (a retried execution, Retry On Fail, a re-run) within 24 hours returns the first result and creates nothing new. Set your own key, different per ad, to control this yourself.',
};

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

/** The automatic key: equal for equal requests from the same node, item and workflow; never random. */
export function automaticKey(parts: { workflowId: string; nodeId: string; itemIndex: number; method: string; url: string; body: unknown }) {
	const text = JSON.stringify([parts.workflowId, parts.nodeId, parts.itemIndex, parts.method, parts.url, canonical(parts.body)]);
	return `n8n-${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
}

/** preSend: the `Idempotency-Key` header of every create, boost, messaging and call request. */
export async function sendIdempotencyKey(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const own = String(this.getNodeParameter('options.idempotencyKey', '') ?? '').trim();
	const node = this.getNode();
	const key =
		own ||
		automaticKey({
			workflowId: String(this.getWorkflow().id ?? ''),
			nodeId: node.id ?? node.name,
			itemIndex: this.getItemIndex(),
			method: String(request.method ?? 'POST'),
			url: String(request.url ?? ''),
			body: request.body,
		});
	request.headers = { ...request.headers, 'Idempotency-Key': key };
	return request;
}

/** The answer of a create: the validation as-is for Validate Only, else the ad (or campaign) with the API's message. */
export function createdOutput(key: 'ad' | 'campaign'): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return items.map(({ json }) => {
			const inner = json[key];
			if (json.validateOnly || !inner || typeof inner !== 'object') return { json };
			return { json: { ...(inner as IDataObject), ...(json.message ? { message: json.message } : {}) } };
		});
	};
}

const DAY_MS = 24 * 3600 * 1000;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Budget and schedule checks shared by create, messaging, call and boost. */
function checkBudgetAndDates(ctx: IExecuteSingleFunctions, network: string, body: IDataObject) {
	const amount = Number(body.budgetAmount);
	if (!(amount > 0)) failItem(ctx, 'Budget Amount must be more than 0', "Enter the budget in whole units of the ad account's currency.");
	const start = body.startDate ? Date.parse(String(body.startDate)) : Date.now();
	const end = body.endDate ? Date.parse(String(body.endDate)) : undefined;
	if (body.budgetType === 'lifetime' && end === undefined) {
		failItem(ctx, 'A lifetime budget needs an End Date', 'Set "End Date", or choose a daily budget.');
	}
	if (end !== undefined && end <= start) failItem(ctx, 'End Date is not after Start Date', 'Set an End Date later than the start (or than now).');
	if (network === 'socialnet' && body.budgetType === 'daily' && end !== undefined && end - start < DAY_MS) {
		failItem(ctx, 'A daily-budget ad on socialnet must run at least 24 hours', 'Move "End Date" to at least 24 hours after the start, or use a lifetime budget.');
	}
}

/** Per-network creative limits (reference: Limits). */
function checkCreative(ctx: IExecuteSingleFunctions, network: string, body: IDataObject) {
	const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');
	if (network === 'microblog' && text('body').length > 280) {
		failItem(ctx, `Microblog ad text is ${text('body').length} characters; the limit is 280`, 'Shorten "Ad Text" to 280 characters or fewer.');
	}
	if (network === 'chatnet') {
		const headline = text('headline').length;
		if (headline < 3 || headline > 50) {
			failItem(ctx, `Chatnet headline is ${headline} characters; it must be 3 to 50`, 'Change "Headline" to between 3 and 50 characters.');
		}
		if (text('body').length > 100) {
			failItem(ctx, `Chatnet ad text is ${text('body').length} characters; the limit is 100`, 'Shorten "Ad Text" to 100 characters or fewer.');
		}
	}
	if ('phoneNumber' in body && !E164.test(text('phoneNumber'))) {
		failItem(ctx, `Phone number "${text('phoneNumber')}" is not in E.164 format`, 'Write it with + and the country code, digits only, e.g. +15551234567.');
	}
}

/** Videonet's minimum is 20 USD: checked when the chosen ad account is in USD (one lookup, only when the budget is lower). */
async function checkVideonetMinimum(ctx: IExecuteSingleFunctions, body: IDataObject) {
	if (Number(body.budgetAmount) >= 20) return;
	let currency: string | undefined;
	try {
		const { body: answer } = await apiRequest.call(ctx, 'GET', '/v1/ads/accounts', { qs: { accountId: String(body.accountId) } });
		const accounts = (answer.accounts as IDataObject[] | undefined) ?? [];
		currency = accounts.find((a) => a.adAccountId === body.adAccountId)?.currency as string | undefined;
	} catch {
		return; // the API makes the same check; its answer explains it then
	}
	if (currency === 'USD') {
		failItem(ctx, `The videonet minimum budget is 20 USD; this ad has ${String(body.budgetAmount)} USD`, 'Raise "Budget Amount" to 20 or more.');
	}
}

/** preSend of create / messaging / call / boost: the checks the API would fail, made before anything is sent. */
export async function checkAdBeforeSending(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = this.getNodeParameter('network', '') as string;
	const body = (request.body ?? {}) as IDataObject;
	checkBudgetAndDates(this, network, body);
	checkCreative(this, network, body);
	if (network === 'videonet') await checkVideonetMinimum(this, body);
	return request;
}

/** A boost can take minutes while a reel is re-hosted: wait up to 10 minutes rather than time out and tempt a retry. */
export async function allowLongBoost(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	request.timeout = Math.max(Number(request.timeout ?? 0), 600_000);
	return request;
}
