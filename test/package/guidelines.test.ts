import fs from 'node:fs';
import path from 'node:path';

import type { ICredentialType, INodeType } from 'n8n-workflow';
import ts from 'typescript';

/**
 * n8n's verification guidelines for community nodes that no lint rule states as such
 * (docs/verification.md maps every guideline to where it holds): one service, node code that touches
 * neither the environment nor the file system, English only, documentation with authentication
 * and usage examples. MIT and no runtime dependencies: release.test.ts, structure.test.ts and the
 * scanner's package.json rules (scanner.test.ts).
 */

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

const sourceOf = (distFile: string) => path.join(ROOT, distFile.replace(/^dist\//, '').replace(/\.js$/, ''));
/** Every class package.json lists, loaded as n8n does: the file's name is the class's. */
async function load<T>(distFiles: string[]): Promise<T[]> {
	return await Promise.all(
		distFiles.map(async (file) => {
			const source = sourceOf(file);
			const cls = ((await import(source)) as Record<string, new () => T>)[path.basename(source).replace(/\.(node|credentials)$/, '')];
			return new cls();
		}),
	);
}
const files = (dir: string): string[] =>
	fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const nodeSources = ['nodes', 'credentials'].flatMap((dir) => files(path.join(ROOT, dir))).filter((f) => f.endsWith('.ts'));

test('one service: every node is a Storefront node on the one Storefront API credential, the triggers beside the actions', async () => {
	const nodes = await load<INodeType>(pkg.n8n.nodes);
	const [credential] = await load<ICredentialType>(pkg.n8n.credentials);
	expect(pkg.n8n.credentials).toHaveLength(1);
	for (const { description } of nodes) {
		expect(description.displayName).toMatch(/^Storefront /);
		expect(description.credentials?.map((c) => c.name)).toEqual([credential.name]);
	}
	const triggers = nodes.filter((n) => n.description.group.includes('trigger'));
	expect(triggers.length).toBeGreaterThan(0);
	// a trigger receives the same API's webhooks, an action node calls it: no third service
	for (const { description } of triggers) expect(description.webhooks?.length).toBeGreaterThan(0);
	for (const { description } of nodes.filter((n) => !triggers.includes(n))) expect(description.requestDefaults).toBeDefined();
});

test('node code reads neither the environment nor the file system: imports only n8n-workflow, crypto and its own files', () => {
	const found: string[] = [];
	for (const file of nodeSources) {
		const text = fs.readFileSync(file, 'utf8');
		const at = (pos: number) => `${path.relative(ROOT, file)}:${text.slice(0, pos).split('\n').length}`;
		for (const imported of ts.preProcessFile(text, true, true).importedFiles)
			if (!/^\.\.?\//.test(imported.fileName) && !['n8n-workflow', 'crypto', 'node:crypto'].includes(imported.fileName))
				found.push(`${at(imported.pos)} imports ${imported.fileName}`);
		// free identifiers only: `options.process` or a property named `require` is not Node's
		const visit = (node: ts.Node): void => {
			if (
				ts.isIdentifier(node) &&
				['process', 'require', 'globalThis', 'global', '__dirname', '__filename', 'eval'].includes(node.text) &&
				!(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) &&
				!((ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent) || ts.isMethodDeclaration(node.parent)) && node.parent.name === node)
			)
				found.push(`${at(node.getStart())} uses ${node.text}`);
			ts.forEachChild(node, visit);
		};
		visit(ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true));
	}
	expect(found).toEqual([]);
});

test('English only: every text the editor shows is written in ASCII letters (no accented or non-Latin letter)', async () => {
	const texts: Array<{ where: string; text: string }> = [];
	const walk = (value: unknown, where: string): void => {
		if (typeof value === 'string') texts.push({ where, text: value });
		else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
		else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`);
	};
	for (const { description } of await load<INodeType>(pkg.n8n.nodes)) walk(description, description.name);
	for (const credential of await load<ICredentialType>(pkg.n8n.credentials)) walk({ ...credential }, credential.name);
	expect(texts.length).toBeGreaterThan(1000);
	// a text in another language brings letters outside A–Z (é, ß, Cyrillic, CJK); symbols such as … – ÷ → are fine
	const foreign = texts.filter(({ text }) => /[^\P{L}A-Za-z]/u.test(text));
	expect(foreign).toEqual([]);
});

test('documentation: the README explains authentication and usage examples, and every link the editor shows lands on a page of the repository or a README section', async () => {
	const slug = (heading: string) =>
		heading
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s-]/gu, '')
			.replace(/\s/g, '-');
	const anchors = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
	const repo = pkg.homepage.replace(/#.*$/, '');
	const links: string[] = [];
	for (const file of pkg.n8n.nodes as string[]) {
		const codex = JSON.parse(fs.readFileSync(`${sourceOf(file)}.json`, 'utf8'));
		for (const docs of Object.values(codex.resources ?? {}) as Array<Array<{ url: string }>>) links.push(...docs.map((d) => d.url));
	}
	for (const credential of await load<ICredentialType>(pkg.n8n.credentials)) links.push(credential.documentationUrl!);
	expect(links.length).toBeGreaterThan(pkg.n8n.nodes.length);
	// a file of the repository (n8n appends its tracking query to a node's Docs link: no #anchor there), or a README section
	const lands = (link: string) =>
		link.startsWith(`${repo}/blob/main/`) ? fs.existsSync(path.join(ROOT, link.slice(`${repo}/blob/main/`.length))) : link.startsWith(`${repo}#`) && anchors.has(link.slice(repo.length + 1));
	expect(links.filter((link) => !lands(link))).toEqual([]);

	// authentication: the credential's fields and how its test works
	const credentials = readme.slice(readme.indexOf('\n## Credentials\n'), readme.indexOf('\n## ', readme.indexOf('\n## Credentials\n') + 1));
	expect(['API Key', 'Base URL', 'Authorization: Bearer', 'Test'].filter((text) => !credentials.includes(text))).toEqual([]);
	// usage examples: every example workflow is described in the README
	const examples = fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
	expect(examples.filter((example) => !readme.includes(`\`${example}\``))).toEqual([]);
});
