import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PostReceiveAction } from 'n8n-workflow';

import { reading } from '../../shared/reads';
import { failItem, targetingOf } from '../../shared/requestActions';

/** preSend: `spec` from the named fields (each a list) over the free JSON. */
export const sendSpec = reading(['spec'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const json = { field: 'More Spec (JSON)', example: 'a JSON object, e.g. {"jobFunctions": ["marketing"]}' };
	const spec = targetingOf(read.param<IDataObject>(this, 'spec', {}), () => true, json, (m, d) => failItem(this, m, d));
	if (!Object.keys(spec).length) failItem(this, 'The targeting spec is empty', 'Add at least Countries under "Targeting Spec".');
	request.body = { ...(request.body as IDataObject), spec };
	return request;
});

/** `{available: false}` is an answer, not an error: say what it means next to the flag. */
export function explainUnavailable(message: string): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		return items.map((item) => (item.json.available === false ? { ...item, json: { ...item.json, message } } : item));
	};
}
