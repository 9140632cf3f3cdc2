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
