import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { reading, type Reader } from '../../shared/reads';
import { unwrap } from '../../shared/requestActions';

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

/** The answer of a create: the validation as-is for Validate Only, else the ad (or campaign) with the API's message. */
export function createdOutput(key: 'ad' | 'campaign') {
	return reading(['status'], (read) =>
		unwrap(key, { asIs: (answer) => Boolean(answer.validateOnly), keep: ['message'], add: key === 'ad' ? reviewFields(read) : undefined }),
	);
}
