import type { INodeProperties } from 'n8n-workflow';

/**
 * Lists the API takes as string arrays: an array (from an expression) passes as it is, text is
 * one entry per line. Never split on commas: "Summer sale, 50% off" is one headline.
 */
export function linesList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return String(value ?? '')
		.split('\n')
		.map((s) => s.trim())
		.filter(Boolean);
}

/** Country codes (no commas inside a code): one per line or comma-separated, or an array. */
export function codesList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return String(value ?? '')
		.split(/[,\n]/)
		.map((s) => s.trim())
		.filter(Boolean);
}

/** Search keywords, one per line: Keyword → Add and Get Historical Metrics, and searchnet ads. */
export const keywordsField: INodeProperties = {
	displayName: 'Keywords',
	name: 'keywords',
	type: 'string',
	typeOptions: { rows: 3 },
	required: true,
	default: '',
	placeholder: 'linen dress\nsummer dress',
	description: 'One keyword per line (a comma stays inside the keyword), or a list from an expression',
};
