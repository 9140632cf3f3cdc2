import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Amounts in the store currency are decimal strings ("12.50"): refuse anything else before the call. */
export function checkDecimal(ctx: IExecuteSingleFunctions, value: unknown, field: string) {
	if (value !== undefined && value !== '' && !DECIMAL.test(String(value))) {
		failItem(ctx, `${field} "${String(value)}" is not a decimal amount`, 'Write it like 12.50, in the store currency.');
	}
}
