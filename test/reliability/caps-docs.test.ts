import * as fs from 'node:fs';
import * as path from 'node:path';

import { StorefrontApi } from '../../credentials/StorefrontApi.credentials';
import { RECOMMENDATION_TYPES } from '../../credentials/recommendationTypes';
import { checksAny } from '../../credentials/capChecks';
import { SPEND_ACTIONS, SPENDING_CAPS } from '../../credentials/spendingCaps';
import { canDo, spendsOf } from '../../nodes/StorefrontAds/helpers/spends';
import { adsResources } from '../../nodes/StorefrontAds/resources';
import { CAPS_TABLE, capsRows, recommendationsTable, withTable } from '../../scripts/caps-table';
import { referenceOperations } from '../contract/reference';

/**
 * The caps tables of docs/nodes.md come from the caps' rows (SPENDING_CAPS) and the Ads operations'
 * `spends` declarations (scripts/caps-table.ts, written by `npm run docs`): they cannot drift, and what they say is read back
 * here against the rows, so no expected row is written twice. README.md links to them and names
 * no cap. The credential's short notice names each cap's example; each cap's help says what it checks.
 */

const root = path.resolve(__dirname, '../..');
const nodesDoc = () => fs.readFileSync(path.join(root, 'docs/nodes.md'), 'utf8');

/** The generated table of docs/nodes.md, read back: its header's cells and each row's, by "Resource → Operation". */
function tableOf(doc: string) {
	const cells = (line: string) => line.split('|').slice(1, -1).map((c) => c.trim());
	const [header, , ...rows] = doc.slice(doc.indexOf(CAPS_TABLE.start) + CAPS_TABLE.start.length, doc.indexOf(CAPS_TABLE.end)).trim().split('\n');
	return { header: cells(header), rows: new Map(rows.map((line) => [cells(line)[0], cells(line)])) };
}

test('docs/nodes.md holds the caps table generated from the declarations (else: npm run docs), and it says, for every Ads operation and cap, what the rows say', () => {
	const doc = nodesDoc();
	expect(doc).toBe(withTable(doc));
	// one row per Ads endpoint of the reference tables
	expect(capsRows()).toHaveLength(referenceOperations('storefrontAds').length);
	const { header, rows } = tableOf(doc);
	expect(header).toEqual(['Operation', 'Its requests can', ...SPENDING_CAPS.map((cap) => cap.displayName)]);
	expect(rows.size).toBe(capsRows().length);
	for (const resource of adsResources) {
		for (const { option } of resource.operations) {
			const name = `${resource.name.replace(/ \(.*\)$/, '')} → ${option.name}`;
			const can = canDo(spendsOf(option)!);
			const row = rows.get(name)!;
			expect({ name, can: row[1].replace(/ \(judged per request\)$/, '') }).toEqual({ name, can: can.length ? can.join(', ') : 'spend nothing' });
			// Yes exactly where the cap checks one of the actions the operation declares
			SPENDING_CAPS.forEach((cap, i) => expect({ name, cap: cap.field, cell: row[2 + i] }).toEqual({ name, cap: cap.field, cell: checksAny(cap, can) ? 'Yes' : '–' }));
		}
	}
	// what the rows mean, said once: keywords added are counted, and no status is sent with them; Apply is judged request by request
	const cell = (operation: string, cap: string) => rows.get(operation)![header.indexOf(cap)];
	expect([cell('Keyword → Add', 'Paused Only'), cell('Keyword → Add', 'Max Spending Actions per Execution')]).toEqual(['–', 'Yes']);
	expect(rows.get('Recommendation → Apply')![1]).toBe(`${SPEND_ACTIONS.join(', ')} (judged per request)`);
	expect(doc).not.toContain('changes nothing');
});

test('docs/nodes.md holds each cap field with its default and its help, as the credential shows them; README.md links there and names no cap', () => {
	const doc = nodesDoc();
	const fields = new StorefrontApi().properties;
	for (const cap of SPENDING_CAPS) {
		const field = fields.find((p) => p.name === cap.field)!;
		const zero = field.type === 'boolean' ? 'off' : cap.type === 'number' && cap.zero === 'noCap' ? '0: no cap' : '0: allows nothing';
		expect(doc).toContain(`| ${field.displayName} (\`${field.name}\`) | ${zero} | ${field.description} |`);
	}
	const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
	expect(readme).toContain('(docs/nodes.md#spending-caps)');
	expect(readme).not.toContain('caps-fields');
});

test("the credential reads in one pass: a short caps notice (a new credential spends nothing until they are set; a start from each cap's example), and each cap's description names what it checks", () => {
	const fields = new StorefrontApi().properties;
	const notice = fields.find((p) => p.name === 'spendingCapsNotice')!.displayName;
	expect(notice.split(/\s+/).length).toBeLessThanOrEqual(60);
	expect(notice).toMatch(/^A new credential spends nothing until its caps are set/);
	// no file path where users read (issue 68): the table is docs/nodes.md's, each field says what it checks
	for (const cap of SPENDING_CAPS) expect(notice).toContain(`${cap.displayName} ${cap.type === 'boolean' ? (cap.example ? 'on' : 'off') : cap.example}`);
	const description = (name: string) => fields.find((p) => p.name === name)!.description!;
	// Max Spending Actions counts every kind of spending action the declarations know, in words
	const words: Record<(typeof SPEND_ACTIONS)[number], RegExp> = { create: /creating/, activate: /active/, budget: /budget/, bid: /\bbid\b/, keywords: /adding keywords/ };
	expect(Object.keys(words).sort()).toEqual([...SPEND_ACTIONS].sort());
	for (const [action, word] of Object.entries(words)) expect({ action, counted: word.test(description('maxSpendingCallsPerExecution')) }).toEqual({ action, counted: true });
	expect(description('pausedOnly')).toMatch(/ad, ad set, campaign or keyword active/);
	for (const cap of ['maxDailyBudget', 'maxLifetimeBudget']) expect(description(cap)).toMatch(/ad, boost, ad set or campaign/);
	// what each cap checks, operation by operation, is the generated table: Paused Only checks what can activate, the budget caps what can set a budget
	const rows = capsRows();
	expect(rows.filter((r) => r.checkedBy.pausedOnly).every((r) => r.can.includes('activate'))).toBe(true);
	expect(rows.filter((r) => r.checkedBy.maxDailyBudget || r.checkedBy.maxLifetimeBudget).every((r) => r.can.includes('budget'))).toBe(true);
});

test('issue 67, finding 3: each recommendation type\'s treatment is written once (RECOMMENDATION_TYPES): docs/nodes.md\'s table and the credential\'s words come from it, and no type is applied without counting', () => {
	const doc = fs.readFileSync(path.join(root, 'docs/nodes.md'), 'utf8');
	expect(doc).toContain(recommendationsTable());
	expect(doc).toContain('| `SITELINK_ASSET`, `SITELINK_EXTENSION`, `CALLOUT_ASSET`, `CALLOUT_EXTENSION`, `STRUCTURED_SNIPPET_ASSET` | links, callouts or snippets shown with existing ads | applied; a spending action');
	expect(doc).toMatch(/\| `MAXIMIZE_CLICKS_OPT_IN`, [^|]*`TARGET_CPA_OPT_IN`[^|]* \| a bidding change, which no cap can check \| refused, whatever the network estimates \|/);
	expect(doc).not.toMatch(/applied, not counted/);
	// the credential: applying a recommendation is a spending action, and the types refused are named from the table
	const count = new StorefrontApi().properties.find((p) => p.name === 'maxSpendingCallsPerExecution')!.description!;
	expect(count).toContain('or applying a recommendation (one that changes budgets or bidding, e.g. CAMPAIGN_BUDGET, MAXIMIZE_CLICKS_OPT_IN, or of a type not known, is refused)');
	for (const row of RECOMMENDATION_TYPES) if (row.treatment === 'refused') expect(count).toContain(row.types[0]);
	// no type is applied freely: applying a recommendation is a spending action, as the credential says
	expect(new Set(RECOMMENDATION_TYPES.map((row) => row.treatment))).toEqual(new Set(['counted', 'refused']));
});
