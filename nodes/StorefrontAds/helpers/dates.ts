import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { isEmpty, param } from '../../shared/params';

/** A YYYY-MM-DD parameter from a date picker (or any ISO date an expression gives). */
export function dayField(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', description };
}

const DAY_FIELDS = new Set(['fromDate', 'toDate']);

/**
 * preSend: a collection's non-empty values in the query; day fields are sent as their UTC day
 * (YYYY-MM-DD) and lists joined with commas.
 */
export function queryWithDays(collectionName: string) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const qs = { ...(request.qs as IDataObject) };
		for (const [key, value] of Object.entries(param<IDataObject>(this, collectionName, {}))) {
			if (isEmpty(value)) continue;
			qs[key] = DAY_FIELDS.has(key) ? String(value).slice(0, 10) : Array.isArray(value) ? value.join(',') : value;
		}
		request.qs = qs;
		return request;
	};
}
