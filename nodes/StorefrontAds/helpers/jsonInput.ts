import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';

/** Parses a JSON field (object or array) with a clear error naming the field; an expression's object passes as it is. */
export function jsonParameter(ctx: IExecuteSingleFunctions, value: unknown, field: string): IDataObject | IDataObject[] {
	if (value && typeof value === 'object') return value as IDataObject;
	try {
		return JSON.parse(String(value)) as IDataObject;
	} catch (error) {
		return failItem(ctx, `${field} is not valid JSON`, `${(error as Error).message}. Enter a JSON object, e.g. {"countries": ["US"]}.`);
	}
}
