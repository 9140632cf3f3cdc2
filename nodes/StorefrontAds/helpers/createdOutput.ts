import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { reading, type Reader } from '../../shared/reads';
import { unwrap } from '../../shared/requestActions';
import { headerOf } from '../../shared/wire/answer';

type Shape = (this: IExecuteSingleFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;

/**
 * A new ad answers `status: pending_review` whichever status was asked for (reference: Ad status):
 * the network reviews it first, then applies the requested status. Said in words next to it, so
 * "pending_review" beside "Created paused" does not read as a contradiction.
 */
const reviewFields = (read: Reader<'status'>) =>
	function (this: IExecuteSingleFunctions, ad: IDataObject): IDataObject {
		const requested = String(read.param(this, 'status', 'PAUSED')).toLowerCase();
		if (ad.status !== 'pending_review') return { requestedStatus: requested };
		const after =
			requested === 'active'
				? 'Created Active: it starts spending real money once the network approves it.'
				: `Created Paused: once approved it stays paused and spends nothing until you set it active (${actionName('ad', 'setStatus')}).`;
		return { requestedStatus: requested, statusNote: `In review by the network (pending_review). ${after}` };
	};

/**
 * The API answers a repeated Idempotency-Key with its first answer, which the fake API (as Stripe's)
 * marks `Idempotent-Replayed: true`; the reference does not show the header, and without it an
 * answer reads as new. A replay of this run's own first try, whose answer was lost, is not one: the
 * wire drops the header there (send.ts), so the output is the same as without the fault.
 */
function replayedOutput(key: 'ad' | 'campaign', json: IDataObject): IDataObject {
	const { message, ...made } = json;
	// the first answer's statusNote said "Created": replaced below (an ad) or dropped (a campaign has none)
	delete made.statusNote;
	// the message first: it is what Table view shows first
	return {
		message: `Made by an earlier run of this same request (a re-run or retry within 24 hours), not by this one: this is the ${key} it made, and nothing new was created.`,
		replayed: true,
		...made,
		...(message !== undefined ? { earlierMessage: message } : {}),
		...(key === 'ad' ? { statusNote: `Its status is as the API answered the earlier request; ${actionName('ad', 'get')} reads it now.` } : {}),
	};
}

/**
 * The answer of a create: the validation as-is for Validate Only, else the ad (or campaign) with
 * the API's message; an answer replayed from an earlier request says so (`replayed: true`).
 */
export function createdOutput(key: 'ad' | 'campaign') {
	return reading(['status'], (read) => {
		const shape = unwrap(key, { asIs: (answer) => Boolean(answer.validateOnly), keep: ['message'], add: key === 'ad' ? reviewFields(read) : undefined }) as Shape;
		return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[], response?: IN8nHttpFullResponse) {
			const shaped = await shape.call(this, items);
			if (!response || headerOf(response.headers, 'Idempotent-Replayed') !== 'true') return shaped;
			return shaped.map((item) => (item.json.validateOnly ? item : { ...item, json: replayedOutput(key, item.json) }));
		};
	});
}
