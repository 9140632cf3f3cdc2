import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../shared/fieldBuilders';
import { automaticKey, IDEMPOTENCY_HEADER } from '../../shared/idempotency';
import { reading } from '../../shared/reads';
import { NO_RESEND_AFTER_TIMEOUT } from '../../shared/transport';

/** The Idempotency-Key of every create and boost, and the boost's long wait (Paused and Validate Only: spendFields.ts). */

// Boost Post (resources/ad/boost.ts) still imports these from here; the rebuild of the request path moves its imports
export { networkField } from './adsFields';
export { createdOutput } from './createdOutput';
export { spendFields, spendInRequest, spendTail } from './spendFields';

export const idempotencyOption = field({
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.postId }}-monday',
	description:
		'Leave empty for the automatic key: made from the workflow, this node, the item position and the fields sent, so repeating the same request (a retried execution, Retry On Fail, a re-run) within 24 hours returns the first result and creates nothing new. Set your own key, different per ad, to control this yourself.',
});

export const optionsCollection = collection('Options', 'options', [idempotencyOption], 'Add Option');

/** preSend (last): the `Idempotency-Key` header of every create, boost, messaging and call request. */
export const sendIdempotencyKey = reading(['options'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const own = String(read.param<IDataObject>(this, 'options', {}).idempotencyKey ?? '').trim();
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
	request.headers = { ...request.headers, [IDEMPOTENCY_HEADER]: key };
	return request;
});

/**
 * A boost can take minutes while a reel is re-hosted: wait up to 10 minutes rather than time out,
 * and never resend it after a timeout (reference: "do not retry on a timeout").
 */
export async function allowLongBoost(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	request.timeout = Math.max(Number(request.timeout ?? 0), 600_000);
	return Object.assign(request, { [NO_RESEND_AFTER_TIMEOUT]: true });
}
