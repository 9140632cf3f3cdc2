import fs from 'node:fs';
import path from 'node:path';

import type { INodeType } from 'n8n-workflow';

/**
 * n8n records an installed community package's nodes in its `installed_nodes` table, whose
 * primary key is the node's display name (n8n 2.41.1, @n8n/db migrations
 * sqlite/1652254514001-CommunityNodes.js and postgresdb/1652254514002-CommunityNodes.js:
 * `PRIMARY KEY ("name")`, filled from `description.displayName` by
 * installed-packages.repository.js). Two nodes of the package with one display name make every
 * install through the Community Nodes panel or N8N_COMMUNITY_PACKAGES fail with
 * "Failed to save installed package" (UNIQUE constraint failed: installed_nodes.name); a copy
 * in ~/.n8n/nodes does not write that table and hides it. The installs themselves:
 * test/e2e/install.e2e.test.ts and the queue suites.
 */

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

test('every node of the package has a display name of its own (n8n keys installed nodes by it)', async () => {
	const names = await Promise.all(
		pkg.n8n.nodes.map(async (file) => {
			const source = path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, ''));
			const cls = ((await import(source)) as Record<string, new () => INodeType>)[path.basename(source).replace(/\.node$/, '')];
			return new cls().description.displayName;
		}),
	);
	const repeated = names.filter((name, i) => names.indexOf(name) !== i);
	expect(repeated).toEqual([]);
});
