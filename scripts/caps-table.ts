/**
 * The spending caps' tables in docs/nodes.md, generated from the caps' rows (SPENDING_CAPS,
 * credentials/spendingCaps.ts) and each Ads operation's `spends` (adsOperation.ts, as the
 * ts-compiled node builds them): which caps check each operation (one column per cap), the cap
 * fields (each with its default and its help, the credential's own words), and what Recommendation
 * → Apply does with each type. `npm run docs` (scripts/docs.ts) rewrites them;
 * test/reliability/caps-docs.test.ts fails when one is out of date. README.md links to them and names no cap.
 */
import { RECOMMENDATION_TYPES } from '../credentials/recommendationTypes';
import { checksAny } from '../credentials/capChecks';
import { SPENDING_CAPS } from '../credentials/spendingCaps';
import { canDo, spendsOf } from '../nodes/StorefrontAds/helpers/spends';
import { adsResources } from '../nodes/StorefrontAds/resources';
import { between, markers } from './lib/sections';

export const CAPS_TABLE = markers('caps-table', "each operation's `spends`");
export const CAPS_FIELDS = markers('caps-fields', 'SPENDING_CAPS');
export const CAPS_RECOMMENDATIONS = markers('caps-recommendations', 'RECOMMENDATION_TYPES');

interface Row {
	resource: string;
	operation: string;
	can: readonly string[];
	judged: boolean;
	/** Whether each cap (by its field) checks the operation: it checks one of the actions it can do. */
	checkedBy: Record<string, boolean>;
}

/** Every Ads operation with the caps that check it, in the editor's order (resources, then operations, by name). */
export function capsRows(): Row[] {
	const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
	return [...adsResources].sort(byName).flatMap((r) =>
		r.operations
			.map((o) => o.option)
			.sort(byName)
			.map((option) => {
				const spends = spendsOf(option)!;
				const can = canDo(spends);
				const checkedBy = Object.fromEntries(SPENDING_CAPS.map((cap) => [cap.field, checksAny(cap, can)]));
				return { resource: r.name.replace(/ \(.*\)$/, ''), operation: option.name, can, judged: typeof spends === 'object' && 'judge' in spends, checkedBy };
			}),
	);
}

const yes = (on: boolean) => (on ? 'Yes' : '–');

/** The markdown table, one row per Ads operation, one column per cap. */
export function capsTable(): string {
	const lines = [
		`| Operation | Its requests can | ${SPENDING_CAPS.map((c) => c.displayName).join(' | ')} |`,
		`|---|---|${SPENDING_CAPS.map(() => '---|').join('')}`,
		...capsRows().map(
			(r) =>
				`| ${r.resource} → ${r.operation} | ${r.can.length ? r.can.join(', ') + (r.judged ? ' (judged per request)' : '') : 'spend nothing'} | ${SPENDING_CAPS.map((c) => yes(r.checkedBy[c.field])).join(' | ')} |`,
		),
	];
	return lines.join('\n');
}

/** A cap's default, in words: what a new credential (and a saved one without the field) holds. */
export const defaultInWords = (cap: (typeof SPENDING_CAPS)[number]) => (cap.type === 'boolean' ? 'off' : cap.zero === 'noCap' ? '0: no cap' : '0: allows nothing');

/** docs/nodes.md's table of the cap fields: each with its name, its default and its help as the credential shows it. */
export const capFieldsTable = () =>
	['| Field (name) | Default | What it checks |', '|---|---|---|', ...SPENDING_CAPS.map((c) => `| ${c.displayName} (\`${c.field}\`) | ${defaultInWords(c)} | ${c.description} |`)].join('\n');

/** docs/nodes.md's table of what Recommendation → Apply does with each type under Limit Spending (RECOMMENDATION_TYPES), and with any other. */
export const recommendationsTable = () =>
	[
		'| Types | Applying one is | With Limit Spending on |',
		'|---|---|---|',
		...RECOMMENDATION_TYPES.map(
			(row) =>
				`| ${row.types.map((t) => `\`${t}\``).join(', ')} | ${row.what} | ${row.treatment === 'counted' ? `applied; a spending action (\`${row.does}\`: Max Spending Actions per Execution counts it)` : 'refused, whatever the network estimates'} |`,
		),
		'| any other type | not known: it may raise a budget, change bids or switch something on | refused, whatever the network estimates |',
	].join('\n');

/** docs/nodes.md with its caps tables replaced by the generated ones. */
export function withTable(doc: string): string {
	const file = 'docs/nodes.md';
	const text = between(between(doc, file, CAPS_TABLE, capsTable()), file, CAPS_FIELDS, capFieldsTable());
	return between(text, file, CAPS_RECOMMENDATIONS, recommendationsTable());
}
