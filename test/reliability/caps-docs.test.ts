import * as fs from 'node:fs';
import * as path from 'node:path';

import { StorefrontApi } from '../../credentials/StorefrontApi.credentials';
import { capsNotice, capsRows, withTable } from '../../scripts/caps-table';
import { referenceOperations } from '../contract/reference';

/**
 * The caps table of docs/nodes.md and the operation list of the credential's "Spending caps" notice
 * come from the Ads operations' `spends` declarations (scripts/caps-table.ts): they cannot drift.
 * The credential imports no node code, so its notice is kept in sync here, not by an import.
 */

const root = path.resolve(__dirname, '../..');

test('docs/nodes.md holds the caps table generated from the declarations (else: npm run docs:caps)', () => {
	const doc = fs.readFileSync(path.join(root, 'docs/nodes.md'), 'utf8');
	expect(doc).toBe(withTable(doc));
	// one row per Ads endpoint of the reference tables
	expect(capsRows()).toHaveLength(referenceOperations('storefrontAds').length);
	expect(doc).toContain('| Keyword → Add | keywords | – | – | Yes |');
	expect(doc).toContain('| Ad → Update | activate, budget, keywords | Yes | Yes | Yes |');
	expect(doc).toContain('| Keyword → Set Status | activate | – | Yes | Yes |');
	expect(doc).toContain('| Recommendation → Apply | create, activate, budget, bid, keywords (judged per request) | Yes | Yes | Yes |');
	expect(doc).toContain('| Ad → Get | spend nothing | – | – | – |');
});

test("the credential's Spending caps notice names which operations each cap checks, as the declarations say (else: copy the line npm run docs:caps prints)", () => {
	const notice = new StorefrontApi().properties.find((p) => p.name === 'spendingCapsNotice')!;
	expect(notice.displayName).toContain(capsNotice());
	expect(capsNotice()).toContain('Paused Only checks Ad → Boost Post, Create, Create Call Ad, Create Messaging Ad, Set Status, Update; Ad Set → Set Status; Campaign → Bulk Set Status, Create, Set Status; Keyword → Set Status; Recommendation → Apply.');
});
