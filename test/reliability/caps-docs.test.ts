import * as fs from 'node:fs';
import * as path from 'node:path';

import { StorefrontApi } from '../../credentials/StorefrontApi.credentials';
import { RECOMMENDATION_TYPES, SPEND_CAPS } from '../../credentials/spendCapDeclarations';
import { SPEND_ACTIONS } from '../../nodes/StorefrontAds/helpers/spendCaps';
import { capsRows, recommendationsTable, withReadmeTable, withTable } from '../../scripts/caps-table';
import { referenceOperations } from '../contract/reference';

/**
 * The caps table of docs/nodes.md comes from the Ads operations' `spends` declarations, and the
 * cap fields of docs/nodes.md's table and README.md's list from the caps' own (SPEND_CAPS,
 * scripts/caps-table.ts): they cannot drift. The credential's short notice points at the table and
 * names no cap; each cap's description (from its declaration) says what it checks, kept in step here.
 */

const root = path.resolve(__dirname, '../..');

test('docs/nodes.md holds the caps table generated from the declarations (else: npm run docs:caps)', () => {
	const doc = fs.readFileSync(path.join(root, 'docs/nodes.md'), 'utf8');
	expect(doc).toBe(withTable(doc));
	// one row per Ads endpoint of the reference tables
	expect(capsRows()).toHaveLength(referenceOperations('storefrontAds').length);
	expect(doc).toContain('| Keyword → Add | keywords | – | – | Yes |');
	expect(doc).toContain('| Ad → Update | activate, budget, keywords | Yes | Yes | Yes |');
	expect(doc).toContain('| Keyword → Pause or Resume | activate | – | Yes | Yes |');
	expect(doc).toContain('| Recommendation → Apply | create, activate, budget, bid, keywords (judged per request) | Yes | Yes | Yes |');
	expect(doc).not.toContain('changes nothing');
	expect(doc).toContain('| Ad → Get | spend nothing | – | – | – |');
});

test('README.md and docs/nodes.md hold the cap fields generated from SPEND_CAPS (else: npm run docs:caps)', () => {
	const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
	expect(readme).toBe(withReadmeTable(readme));
	for (const cap of SPEND_CAPS) {
		expect(readme).toContain(`**${cap.displayName}**: `);
		expect(fs.readFileSync(path.join(root, 'docs/nodes.md'), 'utf8')).toContain(`| ${cap.displayName} (\`${cap.field}\`) | ${cap.docs} |`);
	}
});

test("the credential reads in one pass: a short caps notice (a new credential spends nothing; a start from each cap's example), and each cap's description names what it checks", () => {
	const fields = new StorefrontApi().properties;
	const notice = fields.find((p) => p.name === 'spendingCapsNotice')!.displayName;
	expect(notice.split(/\s+/).length).toBeLessThanOrEqual(60);
	expect(notice).toMatch(/^A new credential spends nothing: every cap starts at 0\./);
	// no file path where users read (issue 68): the table is docs/nodes.md's, each field says what it checks
	for (const cap of SPEND_CAPS) expect(notice).toContain(`${cap.displayName} ${cap.type === 'boolean' ? (cap.example ? 'on' : 'off') : cap.example}`);
	const description = (name: string) => fields.find((p) => p.name === name)!.description!;
	// Max Spending Actions counts every kind of spending action the declarations know, in words
	const words: Record<(typeof SPEND_ACTIONS)[number], RegExp> = { create: /creating/, activate: /active/, budget: /budget/, bid: /\bbid\b/, keywords: /adding keywords/ };
	expect(Object.keys(words).sort()).toEqual([...SPEND_ACTIONS].sort());
	for (const [action, word] of Object.entries(words)) expect({ action, counted: word.test(description('maxSpendingCallsPerExecution')) }).toEqual({ action, counted: true });
	expect(description('pausedOnly')).toMatch(/ad, ad set, campaign or keyword active/);
	for (const cap of ['maxDailyBudget', 'maxLifetimeBudget']) expect(description(cap)).toMatch(/ad, boost, ad set or campaign/);
	// what each cap checks, operation by operation, is the generated table
	const rows = capsRows();
	expect(rows.filter((r) => r.pausedOnly).every((r) => r.can.includes('activate') || r.can.includes('create'))).toBe(true);
	expect(rows.filter((r) => r.budget).every((r) => r.can.includes('budget') || r.can.includes('create'))).toBe(true);
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
