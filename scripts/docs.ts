/**
 * `npm run docs`: rewrites every generated section of the docs, each between its markers
 * (scripts/lib/sections.ts), from the code: the operations (scripts/operation-tables.ts) and the
 * spending caps (scripts/caps-table.ts). test/package/generated-docs.test.ts fails when a file
 * differs from what this writes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { withTable } from './caps-table';
import { between, markers } from './lib/sections';
import { ACTION_NODES, nodeTable, operationRows, readmeTable, reviewTable, scopesTable, type OperationRow } from './operation-tables';

const FROM = 'the operation files and the fake API\'s routes';

/** The markers of each generated list of operations, by what it holds. */
export const SECTIONS = {
	nodeTable: (node: string) => markers(`operations-${node}`, FROM),
	readmeTable: (node: string) => markers(`readme-operations-${node}`, FROM),
	scopes: markers('readme-scopes', FROM),
	review: markers('review-table', FROM),
};

/** Each file with generated sections, and how to rewrite them. */
export const GENERATED: Record<string, (doc: string, rows: OperationRow[]) => string> = {
	'docs/nodes.md': (doc, rows) => ACTION_NODES.reduce((text, node) => between(text, 'docs/nodes.md', SECTIONS.nodeTable(node.key), nodeTable(rows, node.key)), withTable(doc)),
	'README.md': (doc, rows) => between(ACTION_NODES.reduce((text, node) => between(text, 'README.md', SECTIONS.readmeTable(node.key), readmeTable(rows, node.key)), doc), 'README.md', SECTIONS.scopes, scopesTable(rows)),
	'docs/ai-tools.md': (doc, rows) => between(doc, 'docs/ai-tools.md', SECTIONS.review, reviewTable(rows)),
};

/** Every file with generated sections: as it is, and as `npm run docs` writes it. */
export function generatedDocs(root: string): Array<{ file: string; now: string; generated: string }> {
	const rows = operationRows();
	return Object.entries(GENERATED).map(([file, rewrite]) => {
		const now = fs.readFileSync(path.join(root, file), 'utf8');
		return { file, now, generated: rewrite(now, rows) };
	});
}

if (require.main === module) {
	// compiled to .cache/fake-api/scripts/: run from the repository root
	for (const { file, now, generated } of generatedDocs(process.cwd())) {
		if (generated !== now) fs.writeFileSync(path.join(process.cwd(), file), generated);
		console.log(`${file}: ${generated === now ? 'up to date' : 'rewritten'}`);
	}
}
