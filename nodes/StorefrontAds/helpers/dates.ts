import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { Field } from '../../shared/fieldBuilders';

import { isEmpty, withPlainIds } from '../../shared/params';
import { reading } from '../../shared/reads';
import { copyFilled, failItem } from '../../shared/requestActions';

/**
 * A date as given (typed, mapped or from a model), or undefined when empty (an optional date
 * stays optional); anything that is not a date is refused with the form expected.
 */
export function checkedDate(ctx: IExecuteSingleFunctions, value: unknown, field: string): string | undefined {
	const text = typeof value === 'string' ? value.trim() : value;
	if (isEmpty(text)) return undefined;
	if (Number.isNaN(Date.parse(String(text)))) {
		failItem(ctx, `${field} "${String(value)}" is not a date`, `Give an ISO 8601 date, e.g. 2026-12-31 or 2026-12-31T18:00:00Z${field.includes('End') || field.includes('Start') ? ', or leave it empty' : ''}.`);
	}
	return String(text);
}

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
