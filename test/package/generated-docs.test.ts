import path from 'node:path';

import { generatedDocs } from '../../scripts/docs';
import { operationRows, type OperationRow } from '../../scripts/operation-tables';

/**
 * Every list of operations in the docs is generated from the code (scripts/operation-tables.ts:
 * the operation files, their resources' indexes and the fake API's routes), and so are the caps
 * tables: adding an endpoint takes its five files and `npm run docs` (CONTRIBUTING.md, "An
 * endpoint"). This fails while a generated section differs from what `npm run docs` writes, and
 * reads the sections back for what they must say.
 */

const ROOT = path.join(__dirname, '..', '..');
const docs = Object.fromEntries(generatedDocs(ROOT).map((d) => [d.file, d]));
const rows = operationRows();
const row = (resource: string, operation: string) => rows.find((r) => r.resource === resource && r.operation === operation)!;

test('every generated section of the docs is what `npm run docs` writes', () => {
	const stale = Object.values(docs)
		.filter((d) => d.now !== d.generated)
		.map((d) => `${d.file} is out of date: run \`npm run docs\``);
	expect(stale).toEqual([]);
});

test("docs/nodes.md lists every operation with its action, method and path, what the key needs and what it does; the code's facts read back", () => {
	const doc = docs['docs/nodes.md'].now;
	const needs = (r: OperationRow) => (r.needs.length ? r.needs.join(', ') : 'no scope named by the API');
	for (const r of rows) expect(doc).toContain(`| ${r.resource} | ${r.operation} | ${r.action} | \`${r.method} ${r.path}\` | ${needs(r)} | ${r.effect} |`);
	// what they say, for a few known operations: the scope from the fake API's route, the effect from the method, the keying and `spends`
	expect(doc).toContain('| Page | Get | Get a page | `GET /v1/commerce/pages/{pageId}` | `pages.read` | reads |');
	expect(doc).toContain('| Menu | Replace | Replace a menu | `PUT /v1/commerce/menus/{menuId}` | `navigation.write` | creates, changes or sends |');
	expect(row('Ad', 'Boost Post')).toMatchObject({ method: 'POST', path: '/v1/ads/boost', needs: ['the ads add-on'], effect: 'spends' });
	expect(row('Connection', 'Connect Chat Network').needs).toEqual(['the ads add-on', 'a key that is not read-only']);
	// a POST that only reads (keyed by the execution) reads; a DELETE deletes
	expect(row('Targeting', 'Get Bid Pricing')).toMatchObject({ method: 'POST', effect: 'reads' });
	expect(row('Webhook', 'Delete')).toMatchObject({ method: 'DELETE', path: '/v1/webhooks/{webhookId}', needs: [], effect: 'deletes' });
});

test("README.md names every operation in its resource's row and every scope; docs/ai-tools.md's review table names every operation that does more than read", () => {
	const readme = docs['README.md'].now;
	const resourceRow = (resource: string) => readme.split('\n').find((line) => line.startsWith(`| ${resource} | `))!;
	for (const r of rows) expect({ operation: `${r.resource} → ${r.operation}`, listed: resourceRow(r.resource).split(' | ')[1].replace(/ \|$/, '').split(', ').includes(r.operation) }).toMatchObject({ listed: true });
	expect(readme).toContain('| Commerce → Page | `pages.read` (Get, Get Many); `pages.write` (');
	for (const need of new Set(rows.flatMap((r) => r.needs))) expect(readme).toContain(need);

	const review = docs['docs/ai-tools.md'].now;
	const table = review.slice(review.indexOf('| Node | Spends | Deletes |'), review.indexOf('<!-- review-table end -->'));
	const cellOf = (node: string, column: number) => table.split('\n').find((line) => line.startsWith(`| ${node} |`))!.split(' | ')[column];
	expect(cellOf('Storefront Ads', 1)).toContain('Ad → Boost Post, Create');
	expect(cellOf('Storefront Webhooks', 2)).toBe('Webhook → Delete');
	// every operation that does more than read is in its node's row, under its resource; no read is
	const nodeName = { commerce: 'Storefront Commerce', ads: 'Storefront Ads', webhooks: 'Storefront Webhooks' };
	for (const r of rows) {
		const line = table.split('\n').find((l) => l.startsWith(`| ${nodeName[r.node]} |`))!;
		const named = line.split(/ \| |; /).some((part) => part.startsWith(`${r.resource} → `) && part.slice(r.resource.length + 3).replace(/ \|$/, '').split(', ').includes(r.operation));
		expect({ operation: `${r.resource} → ${r.operation}`, effect: r.effect, named }).toEqual({ operation: `${r.resource} → ${r.operation}`, effect: r.effect, named: r.effect !== 'reads' });
	}
});
