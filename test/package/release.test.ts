import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

/**
 * What a release ships and how it is published: the npm tarball's contents, the licence and
 * changelog, and the GitHub Actions workflows a maintainer pushes (they cannot run here, so
 * they are parsed and checked).
 */

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

interface Step {
	uses?: string;
	run?: string;
	name?: string;
}
interface Workflow {
	on: Record<string, { branches?: string[]; tags?: string[] } | null>;
	permissions: Record<string, string>;
	jobs: Record<string, { steps: Step[]; 'timeout-minutes'?: number }>;
}
const workflow = (file: string) => parse(fs.readFileSync(path.join(ROOT, '.github', 'workflows', file), 'utf8')) as Workflow;
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((job) => job.steps);

test('npm pack ships only dist, README, LICENSE and package.json: no tests, no fake API, no source maps of test code', () => {
	expect(fs.existsSync(path.join(ROOT, 'dist', 'nodes'))).toBe(true); // built by `npm run build` (.ci/run builds first)
	const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' })) as Array<{
		files: Array<{ path: string }>;
	}>;
	const files = packed.files.map((f) => f.path).sort();
	const outside = files.filter((f) => !f.startsWith('dist/') && !['README.md', 'LICENSE', 'package.json'].includes(f));
	expect(outside).toEqual([]);
	expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
	expect(files.filter((f) => /(^|\/)(test|fake-api|sandbox|bench|scripts)\//.test(f) || f.endsWith('.map') || f.endsWith('.ts'))).toEqual([]);
	// every node and credential package.json names is in the tarball
	for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(files).toContain(entry);
	console.log(`npm pack: ${files.length} files`);
});

test('package.json: MIT licence with its LICENSE file, no main pointing at a missing file, the changelog names the version', () => {
	expect(pkg.license).toBe('MIT');
	expect(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
	if (pkg.main !== undefined) expect(fs.existsSync(path.join(ROOT, pkg.main))).toBe(true);
	expect(fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## ${pkg.version}`);
});

test('CI workflow runs what .ci/run runs, on pushes and pull requests, read-only', () => {
	const ci = workflow('ci.yml');
	expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
	expect(ci.permissions).toEqual({ contents: 'read' });
	expect(steps(ci).map((s) => s.run).filter(Boolean)).toContain('bash .ci/run');
	expect(steps(ci)[0].uses).toMatch(/^actions\/checkout@/);
});

test('publish workflow: on version tags, with an OIDC token for provenance, tests before publishing, npm publish --provenance', () => {
	const publish = workflow('publish.yml');
	expect(Object.keys(publish.on)).toEqual(['push']);
	expect(publish.on.push?.tags).toEqual(['v*']);
	expect(publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
	const runs = steps(publish).map((s) => s.run ?? '');
	const at = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));
	expect(at(/GITHUB_REF_NAME.*package\.json/)).toBeGreaterThanOrEqual(0);
	expect(at(/^bash \.ci\/run$/)).toBeGreaterThanOrEqual(0);
	const publishAt = at(/^npm publish --provenance( |$)/);
	expect(publishAt).toBeGreaterThan(at(/^bash \.ci\/run$/));
	expect(runs[publishAt]).toContain('--access public');
	// trusted publishing: no long-lived token in the workflow
	expect(JSON.stringify(publish)).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN/);
});
