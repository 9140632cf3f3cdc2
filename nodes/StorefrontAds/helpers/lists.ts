/**
 * Lists of free text the API takes as string arrays (headlines, keywords, URLs, interests): an
 * array (from an expression) passes as it is, text is one entry per line. Never split on commas:
 * "Summer sale, 50% off" is one headline.
 */
export function linesList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return String(value ?? '')
		.split('\n')
		.map((s) => s.trim())
		.filter(Boolean);
}

/**
 * Lists of codes and identifiers, none of which can hold a comma (country codes, recommendation
 * resource names, videonet dimensions and metrics): one per line or comma-separated, or an array.
 */
export function codesList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map(String);
	return String(value ?? '')
		.split(/[,\n]/)
		.map((s) => s.trim())
		.filter(Boolean);
}
