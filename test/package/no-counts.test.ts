import fs from 'node:fs';
import path from 'node:path';

import { EVENT_TYPES } from '../../fake-api/contract/webhooks';
import { AREAS, ENDPOINTS } from '../contract/reference';

/**
 * Adding an endpoint or an event type takes the files CONTRIBUTING.md lists ("Adding things"), and
 * no others: no test or doc may state how many operations, endpoints or event types there are.
 * Tests compare with the reference tables (test/contract/reference) or the fake API's contract;
 * docs say "every". This catches a count written again: today's numbers (read from the tables and
 * the contract) beside the words they count in prose, or as a test's expected length.
 */

const ROOT = path.join(__dirname, '..', '..');
const files = (dir: string): string[] =>
	fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Where counts could be stated: tests, docs (not the API's own reference, nor CHANGELOG.md: each entry is true of its release), the code's comments. */
const SCANNED = [...['test', 'docs', 'nodes', 'fake-api', 'scripts'].flatMap(files), 'README.md', 'CONTRIBUTING.md'].filter(
	(f) => /\.(ts|js|md)$/.test(f) && !f.startsWith(path.join('docs', 'reference')) && f !== path.join('test', 'package', 'no-counts.test.ts'),
);

const COUNTS = [...new Set([ENDPOINTS.length, ...AREAS.map(([, list]) => list.length), EVENT_TYPES.length, EVENT_TYPES.length + 1])];

test('no test or doc states how many operations, endpoints or event types there are', () => {
	const number = `(?:${COUNTS.join('|')})`;
	const inProse = new RegExp(`\\b${number}\\b(?: [\\w-]+){0,2} (?:operations|endpoints|event types|events|options)\\b|the API's ${number}\\b`, 'g');
	// small numbers stand for many other things in tests (items, rows, requests)
	const asLength = new RegExp(`(?:toHaveLength|\\.size\\)\\.toBe|length\\)\\.toBe)\\((?:${COUNTS.filter((n) => n >= 10).join('|')})\\)`, 'g');
	const found = SCANNED.flatMap((file) => {
		const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
		const matches = [...text.matchAll(inProse), ...(file.startsWith('test') ? text.matchAll(asLength) : [])];
		return matches.map((m) => `${file}: ${m[0]}`);
	});
	expect(found).toEqual([]);
});

test('docs/trigger.md lists exactly the event types of the API (the fake API\'s contract)', () => {
	const doc = fs.readFileSync(path.join(ROOT, 'docs', 'trigger.md'), 'utf8');
	const table = doc.slice(doc.indexOf('| Event | When |'), doc.indexOf('\n\n', doc.indexOf('| Event | When |')));
	const listed = table.split('\n').flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([a-z]+\.[a-z]+)`/g)].map((m) => m[1]));
	expect(listed.sort()).toEqual([...EVENT_TYPES].sort());
});
