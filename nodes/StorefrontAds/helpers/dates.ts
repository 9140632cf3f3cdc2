import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { Field } from '../../shared/fieldBuilders';

import { reading } from '../../shared/reads';
import { copyFilled, withPlainIds } from '../../shared/requestActions';
import { checkedDate } from './spendRequest';

/** A checked date as its day, YYYY-MM-DD (what the API's date filters take). */
export const checkedDay = (ctx: IExecuteSingleFunctions, value: unknown, field: string) => checkedDate(ctx, value, field)?.slice(0, 10);

/** A YYYY-MM-DD parameter from a date picker (or any ISO date an expression gives). */
export function dayField<N extends string>(displayName: string, name: N, description: string): Field<N> {
	return { displayName, name, type: 'dateTime', default: '', description };
}

const DAY_FIELDS: Record<string, string> = { fromDate: 'From Date', toDate: 'To Date' };

/**
 * preSend: a collection's non-empty values in the query; day fields are sent as their UTC day
 * (YYYY-MM-DD), lists joined with commas and a locator (Filters → Campaign) as its plain ID.
 */
export function queryWithDays<C extends string>(collectionName: C) {
	return reading([collectionName], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		request.qs = copyFilled({ ...(request.qs as IDataObject) }, withPlainIds(this, read.param<IDataObject>(this, collectionName, {})), (value, key) =>
			DAY_FIELDS[key] ? checkedDay(this, value, DAY_FIELDS[key]) : Array.isArray(value) ? value.join(',') : value,
		);
		return request;
	});
}
