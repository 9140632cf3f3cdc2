import type { IDataObject } from 'n8n-workflow';

/** Fails the item or run with a message and what to do about it (failItem, a batch run's fail). */
export type Fail = (message: string, description: string) => never;

/**
 * The value of a JSON field: text is parsed, an expression's object or list passes as it is.
 * Invalid JSON fails with a message naming the field, the parser's reason and the fix: "Enter
 * `example`" (e.g. 'a JSON list, e.g. [{"email": "a@example.com"}]').
 */
export function parseJson(value: unknown, field: string, example: string, fail: Fail): unknown {
	if (value && typeof value === 'object') return value;
	try {
		return JSON.parse(String(value));
	} catch (error) {
		return fail(`${field} is not valid JSON`, `${(error as Error).message}. Enter ${example}.`);
	}
}

/** A JSON field holding a list: one object counts as a list of one. */
export function parseJsonList(value: unknown, field: string, example: string, fail: Fail): IDataObject[] {
	const parsed = parseJson(value, field, example, fail);
	return (Array.isArray(parsed) ? parsed : [parsed]) as IDataObject[];
}
