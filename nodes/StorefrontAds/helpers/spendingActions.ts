import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { keyOf, keyOn } from '../../shared/wire/idempotency';
import { canDo, credentialCaps, judgedActions, lowerText, refuseOverCap, requestText, type Spends } from './spendCaps';

/** The distinct spending actions a request takes, as its operation declares them (a resend of the same call is the same). */
function spendingCalls(spends: Exclude<Spends, 'none'>, request: IHttpRequestOptions, ctx: IExecuteSingleFunctions): string[] {
	const body = (request.body ?? {}) as IDataObject;
	if (body.validateOnly === true) return [];
	// a judged request (Recommendation → Apply) counts what its judge found; not judged, all it can do (fail closed)
	const actions = judgedActions(request) ?? canDo(spends);
	const active = lowerText(body.status) === 'active';
	// a request that activates many campaigns (Bulk Set Status): each one made active counts, by campaign (a resend is the same)
	if (actions.includes('activate') && Array.isArray(body.campaigns)) {
		if (!active) return [];
		return (body.campaigns as IDataObject[]).map((c) => `campaign-active:${requestText(c.platform)}:${requestText(c.campaignId)}`);
	}
	const counted =
		actions.includes('create') ||
		(actions.includes('activate') && active) ||
		(actions.includes('budget') && (body.budget !== undefined || body.budgetAmount !== undefined)) ||
		(actions.includes('bid') && (body.bidAmount !== undefined || body.bidStrategy !== undefined));
	return counted ? [callIdentity(ctx, request)] : [];
}

/**
 * A call's identity: its Idempotency-Key (the API creates nothing new for a resend with the same
 * key: n8n's Retry On Fail and the node's own resends send the same one); a request without one
 * (PUT) is the same call when its method, path and body are the same (a PUT repeated changes nothing).
 */
function callIdentity(ctx: IExecuteSingleFunctions, request: IHttpRequestOptions): string {
	const key = keyOn(request);
	if (key) return `key:${key}`;
	const method = String(request.method ?? 'GET');
	// a POST without a key is one call per node and item
	const where = method === 'POST' ? [ctx.getNode().id ?? ctx.getNode().name, ctx.getItemIndex()] : [];
	return `call:${keyOf([...where, method, request.url, request.body ?? null])}`;
}

/**
 * The spending actions of each execution, in this process: an execution runs in one process
 * (in queue mode on one worker), so the count holds there. At most this many executions are
 * remembered, oldest forgotten first, so the map cannot grow without limit.
 */
const EXECUTIONS_KEPT = 1000;
const callsByExecution = new Map<string, Set<string>>();

function callsOf(executionId: string): Set<string> {
	let calls = callsByExecution.get(executionId);
	if (calls) {
		// most recently used last: the oldest is the one forgotten
		callsByExecution.delete(executionId);
	} else {
		calls = new Set();
		if (callsByExecution.size >= EXECUTIONS_KEPT) callsByExecution.delete(callsByExecution.keys().next().value!);
	}
	callsByExecution.set(executionId, calls);
	return calls;
}

/** preSend, last (after the Idempotency-Key): Max Spending Actions per Execution (`maxSpendingCallsPerExecution`). */
export function countSpendingCall(spends: Exclude<Spends, 'none'>): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const { limited, maxSpendingCallsPerExecution: cap } = await credentialCaps(this);
		if (!limited) return request;
		const calls = spendingCalls(spends, request, this);
		if (!calls.length) return request;
		const made = callsOf(String(this.getExecutionId() ?? ''));
		const added = calls.filter((c) => !made.has(c));
		if (made.size + added.length > cap) {
			if (cap === 0) {
				refuseOverCap(
					this,
					'This credential allows no spending action (Max Spending Actions per Execution is 0): no create, boost or activation, no budget or bid change.',
					'None can be taken with this credential until its owner raises Max Spending Actions per Execution.',
				);
			}
			const total = made.size + added.length;
			const asked = added.length > 1 ? `Activating ${added.length} campaigns makes ${total} spending actions in this execution` : `Spending action ${total} of this execution`;
			refuseOverCap(
				this,
				`${asked}, above this credential's cap of ${cap} (Max Spending Actions per Execution); ${made.size} already taken.`,
				'Creates, boosts, activations and budget or bid changes count, per execution (one run of the workflow). Run the rest in another execution, after a person has looked at these.',
			);
		}
		for (const c of added) made.add(c);
		return request;
	};
}
