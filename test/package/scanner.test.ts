import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildInto } from '../../scripts/lib/n8n';

/**
 * n8n's verification gate, offline: the lint legs of `@n8n/scan-community-package` (pinned as a
 * devDependency), run by its own `analyzePackage` (its config builder, `allowInlineConfig: false`:
 * an `eslint-disable` comment silences nothing). The scanner lints the source its npm provenance
 * points at (package.json, nodes/, credentials/) and the published tarball's .js and package.json
 * (`analyzePackageByName`); both must be clean, warnings included. Its provenance and GitHub legs
 * need the network: docs/verification.md.
 */

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const SCANNER = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs', { paths: [ROOT] });
/** What the scanner lints in the tarball (analyzePackageByName); the source leg uses its SOURCE_FILE_PATTERNS. */
const TARBALL_PATTERNS = ['**/*.js', 'package.json'];

interface Leg {
	files: string[];
	/** "file:line rule message", warnings included */
	messages: string[];
	errors: number;
	warnings: number;
	/** what the scanner's analyzePackage() answered */
	verdict: { passed: boolean; message?: string; details?: string };
}

/**
 * Both legs in one plain Node process, as the scanner runs (under Jest, NODE_ENV=test switches
 * eslint-plugin-n8n-nodes-base to its own test mode, which misjudges every file name). Each leg is
 * the scanner's own analyzePackage(): its ESLint options, config builder and file glob; the
 * results ESLint gives it are kept on the way, so warnings, which its verdict leaves out, count too.
 */
const RUN_LEGS = `
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
const { SCANNER, LEGS, OUT, REPOSITORY_URL, TAG } = process.env;
const scanner = await import(SCANNER);
// the ESLint the scanner imports
const { ESLint } = createRequire(SCANNER)('eslint');
const lintFiles = ESLint.prototype.lintFiles;
let results;
ESLint.prototype.lintFiles = async function (...args) {
	return (results = await lintFiles.apply(this, args));
};
const legs = {};
for (const [name, leg] of Object.entries(JSON.parse(LEGS))) {
	results = [];
	const verdict = await scanner.analyzePackage(leg.dir, leg.patterns ?? scanner.SOURCE_FILE_PATTERNS);
	const sum = (key) => results.reduce((n, r) => n + r[key], 0);
	const at = (file) => path.relative(leg.dir, file);
	legs[name] = {
		files: results.map((r) => at(r.filePath)).sort(),
		messages: results.flatMap((r) => r.messages.map((m) => at(r.filePath) + ':' + m.line + ' ' + (m.ruleId ?? 'fatal') + ' ' + m.message)),
		errors: sum('errorCount'),
		warnings: sum('warningCount'),
		verdict,
	};
}
// the GitHub leg offline: the source npm's provenance will name (package.json's repository, which
// npm requires to match the publishing workflow's), read by the scanner's own parser
const statement = { predicate: { buildDefinition: { resolvedDependencies: [{ uri: REPOSITORY_URL.replace(/\\.git$/, '') + '@refs/tags/' + TAG, digest: { gitCommit: 'f'.repeat(40) } }] } } };
const payload = Buffer.from(JSON.stringify(statement)).toString('base64');
legs.github = scanner.parseSourceRepo([{ predicateType: 'https://slsa.dev/provenance/v1', bundle: { dsseEnvelope: { payload } } }]);
fs.writeFileSync(OUT, JSON.stringify(legs));
`;

let legs: Record<'source' | 'tarball', Leg> & { github: { owner: string; repo: string; gitCommit: string } | null };
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-scan-'));

beforeAll(() => {
	// the tarball `npm pack` makes of this package, unpacked as the scanner unpacks a download
	const stage = path.join(temp, 'stage');
	fs.mkdirSync(stage);
	for (const file of ['package.json', 'README.md', 'LICENSE']) fs.copyFileSync(path.join(ROOT, file), path.join(stage, file));
	// dist/ when it is up to date, else a fresh build (scripts/lib/n8n.ts)
	buildInto(path.join(stage, 'dist'));
	const [packed] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', temp], { cwd: stage, encoding: 'utf8' }),
	) as Array<{ filename: string }>;
	const unpacked = path.join(temp, 'package');
	fs.mkdirSync(unpacked);
	execFileSync('tar', ['-xzf', path.join(temp, packed.filename), '-C', unpacked, '--strip-components=1']);

	const out = path.join(temp, 'legs.json');
	const env: NodeJS.ProcessEnv = {
		...process.env,
		SCANNER,
		OUT: out,
		REPOSITORY_URL: pkg.repository.url,
		TAG: `v${pkg.version}`,
		LEGS: JSON.stringify({ source: { dir: ROOT }, tarball: { dir: unpacked, patterns: TARBALL_PATTERNS } }),
	};
	delete env.NODE_ENV;
	execFileSync(process.execPath, ['--input-type=module', '-e', RUN_LEGS], { env, stdio: ['ignore', 'ignore', 'inherit'] });
	legs = JSON.parse(fs.readFileSync(out, 'utf8'));
}, 180_000);

afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

test('the scanner lints the source (package.json, nodes/, credentials/) with no error and no warning', () => {
	const { source } = legs;
	const sources = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((f: string) => f.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	expect(source.files).toEqual(expect.arrayContaining(['package.json', ...sources]));
	expect(source.messages).toEqual([]);
	expect({ errors: source.errors, warnings: source.warnings }).toEqual({ errors: 0, warnings: 0 });
	expect(source.verdict).toEqual({ passed: true });
	console.log(`scanner, source leg: ${source.files.length} files, 0 errors, 0 warnings`);
});

test('the scanner lints the npm tarball (its .js and package.json) with no error and no warning', () => {
	const { tarball } = legs;
	for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials, 'package.json']) expect(tarball.files).toContain(entry);
	expect(tarball.messages).toEqual([]);
	expect({ errors: tarball.errors, warnings: tarball.warnings }).toEqual({ errors: 0, warnings: 0 });
	expect(tarball.verdict).toEqual({ passed: true });
	console.log(`scanner, tarball leg: ${tarball.files.length} files, 0 errors, 0 warnings`);
});

test('the GitHub leg: a provenance statement for this repository names a source the scanner can fetch (a public GitHub repository)', () => {
	const [, owner, repo] = /^git\+https:\/\/github\.com\/([^/]+)\/(.+?)\.git$/.exec(pkg.repository.url)!;
	expect(legs.github).toEqual({ owner, repo, gitCommit: 'f'.repeat(40) });
});

test('no inline ESLint configuration in nodes/ or credentials/ (the scanner ignores it: fix the code instead)', () => {
	const files = (dir: string): string[] =>
		fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
	const inline = ['nodes', 'credentials']
		.flatMap((dir) => files(path.join(ROOT, dir)))
		.filter((file) => /\.(ts|js|json)$/.test(file))
		.flatMap((file) =>
			fs
				.readFileSync(file, 'utf8')
				.split('\n')
				.map((line, i) => ({ at: `${path.relative(ROOT, file)}:${i + 1}`, line }))
				.filter(({ line }) => /eslint-(disable|enable)|\/\*\s*(eslint|global)\s/.test(line)),
		)
		.map(({ at, line }) => `${at} ${line.trim()}`);
	expect(inline).toEqual([]);
});
