import fs from 'node:fs';
import path from 'node:path';

/**
 * The import graph of the repository's own .ts/.js files, read from their text: nothing outside
 * test/ (the nodes, the fake API, the sandbox, the scripts, the harness, bench) has an import
 * cycle, and nothing there imports from test/ (they stand on their own). Type-only imports
 * count: a circle of types is still a circle for a reader.
 */

const ROOT = path.join(__dirname, '..');
const SKIP = new Set(['node_modules', '.cache', '.git', 'dist', 'artifacts', 'coverage']);
const SPECIFIER = /(?:\bfrom\s+|\bimport\s+|\brequire\(\s*|\bimport\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
const EXTENSIONS = ['', '.ts', '.js', '.mjs', '/index.ts', '/index.js'];

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		if (SKIP.has(entry.name)) return [];
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return /\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
	});
}

function resolveImport(from: string, specifier: string): string | undefined {
	const base = path.resolve(path.dirname(from), specifier);
	return EXTENSIONS.map((ext) => base + ext).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Every file (relative to the root) with the files of ours it imports. */
function importGraph(files: string[]): Map<string, string[]> {
	const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
	return new Map(
		files.map((file) => {
			const text = fs.readFileSync(file, 'utf8');
			const targets = [...text.matchAll(SPECIFIER)].map((m) => resolveImport(file, m[1])).filter((t): t is string => t !== undefined);
			return [rel(file), [...new Set(targets.map(rel))]];
		}),
	);
}

/** The cycles of a graph, each as the path that closes it (a → b → a), found by depth-first search. */
function findCycles(graph: Map<string, string[]>): string[][] {
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const cycles: string[][] = [];
	const visit = (node: string) => {
		state.set(node, 'open');
		stack.push(node);
		for (const next of graph.get(node) ?? []) {
			if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(node, 'done');
	};
	for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
	return cycles;
}

const graph = importGraph(sourceFiles(ROOT));

test('the search finds a cycle, and only a cycle', () => {
	const cyclic = new Map([
		['a.ts', ['b.ts']],
		['b.ts', ['c.ts']],
		['c.ts', ['a.ts', 'd.ts']],
		['d.ts', []],
	]);
	expect(findCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
	expect(findCycles(new Map([['a.ts', ['b.ts', 'c.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toEqual([]);
});

test('the graph is read: the wire door imports the send loop, a test imports the harness', () => {
	expect(graph.get('nodes/shared/wire/request.ts')).toContain('nodes/shared/wire/send.ts');
	expect(graph.get('test/commerce/page.test.ts')).toContain('harness/context.ts');
	expect(graph.get('bench/walk.ts')).toContain('harness/index.ts');
});

/** The graph among the files under these folders. */
const within = (folders: string[]) => {
	const inside = (file: string) => folders.some((folder) => file.startsWith(folder));
	return new Map([...graph].filter(([file]) => inside(file)).map(([file, targets]) => [file, targets.filter(inside)]));
};

test('nodes/ has no import cycle', () => {
	const inNodes = within(['nodes/']);
	expect(inNodes.size).toBeGreaterThan(100);
	expect(findCycles(inNodes).map((cycle) => cycle.join(' → '))).toEqual([]);
});

test('nor has anything outside test/: the credential, the fake API, the sandbox, the scripts, the harness, the benchmarks', () => {
	const product = within(['nodes/', 'credentials/', 'fake-api/', 'sandbox/', 'scripts/', 'harness/', 'bench/']);
	expect(product.get('fake-api/index.ts')).toContain('fake-api/ads.ts');
	expect(findCycles(product).map((cycle) => cycle.join(' → '))).toEqual([]);
});

test('the top folders outside test/ import one another one way: no loop between folders (npm start runs sandbox/run.ts by its built file)', () => {
	const folderOf = (file: string) => (file.includes('/') && !file.startsWith('test/') ? file.split('/')[0] : undefined);
	const folders = new Map<string, string[]>();
	for (const [file, targets] of graph) {
		const from = folderOf(file);
		if (!from) continue;
		const to = new Set([...(folders.get(from) ?? []), ...targets.map(folderOf).filter((t): t is string => t !== undefined && t !== from)]);
		folders.set(from, [...to].sort());
	}
	// the sandbox stands on scripts/lib (the n8n driver, the registry), and nothing in scripts/ imports the sandbox
	expect(graph.get('sandbox/startSandbox.ts')).toContain('scripts/lib/n8n.ts');
	expect(folders.get('scripts')).not.toContain('sandbox');
	expect(findCycles(folders).map((cycle) => cycle.join(' → '))).toEqual([]);
});

test('nothing outside test/ imports from test/', () => {
	const intoTests = [...graph].flatMap(([file, targets]) => (file.startsWith('test/') ? [] : targets.filter((t) => t.startsWith('test/')).map((t) => `${file} → ${t}`)));
	expect(intoTests).toEqual([]);
});

test("the credential loads without the nodes: of our code it reaches only credentials/ (the caps' declaration among them), and of others' only n8n-workflow and Node's own", () => {
	const reached = new Set<string>();
	const visit = (file: string) => {
		if (reached.has(file)) return;
		reached.add(file);
		for (const next of graph.get(file) ?? []) visit(next);
	};
	visit('credentials/StorefrontApi.credentials.ts');
	expect([...reached].filter((f) => !f.startsWith('credentials/'))).toEqual([]);
	expect(reached).toContain('credentials/spendingCaps.ts');
	const BARE = /(?:\bfrom\s+|\bimport\s+|\brequire\(\s*|\bimport\(\s*)['"]([^./'"][^'"]*)['"]/g;
	const packages = [...reached].flatMap((file) => [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(BARE)].map((m) => m[1]));
	expect(packages.filter((p) => p !== 'n8n-workflow' && !p.startsWith('node:'))).toEqual([]);
});
