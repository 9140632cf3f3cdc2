import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../shared/fieldBuilders';
import { IDEMPOTENCY_HEADER } from '../../shared/wire/idempotency';
import { reading } from '../../shared/reads';

/** The Idempotency Key option of every create and boost, and the user's own key (Paused and Validate Only: spendFields.ts). */

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

/**
 * preSend: the user's own Idempotency Key (Options), sent as the header. Without one, the wire
 * stamps the automatic key of a spending call (wire/idempotency.ts `spendKey`) when it sends it.
 */
export const sendOwnIdempotencyKey = reading(['options'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const own = String(read.param<IDataObject>(this, 'options', {}).idempotencyKey ?? '').trim();
	if (own) request.headers = { ...request.headers, [IDEMPOTENCY_HEADER]: own };
	return request;
});
