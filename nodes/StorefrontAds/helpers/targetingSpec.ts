import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PostReceiveAction } from 'n8n-workflow';

import { reading } from '../../shared/reads';
import { codesList, failItem, linesList, parseJson } from '../../shared/requestActions';

/** preSend: `spec` from the named fields (lists) plus the free JSON. */
export const sendSpec = reading(['spec'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const { moreJson, ...named } = read.param<IDataObject>(this, 'spec', {});
	const spec: IDataObject = moreJson ? { ...(parseJson(moreJson, 'More Spec (JSON)', 'a JSON object, e.g. {"jobFunctions": ["marketing"]}', (m, d) => failItem(this, m, d)) as IDataObject) } : {};
	for (const [key, value] of Object.entries(named)) {
		const list = key === 'countries' ? codesList(value) : linesList(value);
		if (list.length) spec[key] = list;
	}
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
