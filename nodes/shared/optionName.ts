/**
 * A dropdown value's name from the API's value, in Title Case as n8n's UX guidelines ask of
 * dropdown values: `app_promotion` → "App Promotion", `TARGET_CPA_OPT_IN` → "Target CPA Opt In".
 * Short joining words stay lower case after the first word; known abbreviations stay capitals.
 */
const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'per', 'the', 'to', 'with']);
const ABBREVIATIONS = new Set(['cpa', 'cpc', 'cpm', 'ctr', 'id', 'roas', 'url']);

export function optionName(value: string): string {
	return value
		.split(/[_\s]+/)
		.filter(Boolean)
		.map((word, i) => {
			const lower = word.toLowerCase();
			if (ABBREVIATIONS.has(lower)) return lower.toUpperCase();
			if (i > 0 && SMALL.has(lower)) return lower;
			return lower.charAt(0).toUpperCase() + lower.slice(1);
		})
		.join(' ');
}

/** Options of a dropdown whose values are the API's own (`optionName` of each). */
export const optionsOf = (values: readonly string[]) => values.map((value) => ({ name: optionName(value), value }));
