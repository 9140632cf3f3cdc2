import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

import { KEYS, postIdOf, startFakeApi, type FakeApiServer } from '../fake-api';
import { runNode, type RunOptions } from '../harness';

/**
 * The files a reader opens to follow one successful call, from its operation file to the wire:
 * every product file (nodes/, credentials/) whose code runs on the way, each with its line count,
 * and the switches between files in the order the code runs (docs/development.md, "Walks").
 *
 * The call runs through n8n-core against the fake API, twice to warm up; the third run is traced
 * with V8's inspector: precise coverage names the functions of ours that ran, and a breakpoint at
 * the first breakable place inside each of them records the order (inside, so that a closure is seen
 * as it is entered: at its start, V8 may stop in the function that makes it instead; a stop outside
 * the function asked for is no entry, and is skipped). At each entry the reader is where the stack says: back in the
 * file of the nearest caller of ours (a switch when it is another file than the last), then in
 * the callee's (another switch when it differs). Module loading (field declarations) is not
 * counted: it runs once per process, not per call.
 *
 * `npm run walk`, or `npm run walk -- boost` for one of them; `--trace` lists each entry (caller → callee)
 * with the switches it cost.
 */

/** The checkout the command runs in (npm runs it from the package's root). */
const ROOT = process.cwd();
const COMPILED = path.resolve(__dirname, '..');

interface Walk {
	name: string;
	/** The operation file the reader starts from. */
	file: string;
	options: (api: FakeApiServer) => Omit<RunOptions, 'credentials'>;
}

const WALKS: Walk[] = [
	{
		name: 'Commerce → Page → Get',
		file: 'nodes/StorefrontCommerce/resources/page/get.ts',
		options: (api) => {
			const store = api.commerce.store('store_hosted');
			if (!store.pages.length) store.pages.push({ id: 'gid_page_walk', accountId: 'store_hosted', platform: 'hostedstore', title: 'Walk', handle: 'walk', bodyHtml: '<p>walk</p>', isPublished: true, publishedAt: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' } as never);
			return { node: 'storefrontCommerce', parameters: { resource: 'page', operation: 'get', accountId: 'store_hosted', pageId: { __rl: true, mode: 'id', value: store.pages[0].id } } };
		},
	},
	{
		name: 'Ads → Ad → Boost Post',
		file: 'nodes/StorefrontAds/resources/ad/boost.ts',
		options: () => {
			const byId = (value: string) => ({ __rl: true, mode: 'id', value });
			const where = { network: 'socialnet', accountId: byId('acc_social1'), adAccountId: byId('act_1001'), postId: postIdOf('acc_social1', 0) };
			return { node: 'storefrontAds', parameters: { resource: 'ad', operation: 'boost', ...where, budgetAmount: 15, budgetType: 'daily', targeting: { countries: 'US, CA' } } };
		},
	},
];

function connect() {
	const session = new Session();
	session.connect();
	const post = <T>(method: string, params: object = {}) =>
		new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
	return { session, post };
}

/** A compiled script's product file (nodes/…, credentials/…) as its .ts source, or undefined. */
function productFile(url: string): string | undefined {
	const file = url.startsWith('file://') ? new URL(url).pathname : url;
	const rel = path.relative(COMPILED, file);
	return /^(nodes|credentials)\//.test(rel) && rel.endsWith('.js') ? rel.replace(/\.js$/, '.ts') : undefined;
}

interface Location {
	scriptId: string;
	lineNumber: number;
	columnNumber: number;
}

interface Coverage {
	result: Array<{ scriptId: string; url: string; functions: Array<{ functionName: string; ranges: Array<{ startOffset: number; endOffset: number; count: number }> }> }>;
}

async function walk(spec: Walk, api: FakeApiServer) {
	const { session, post } = connect();
	const credentials = { apiKey: KEYS.full, baseUrl: api.url, limitSpending: false } as RunOptions['credentials'];
	const run = async () => {
		const result = await runNode({ ...spec.options(api), credentials });
		if (result.error) throw new Error(`${spec.name} failed: ${result.error.message}`);
	};
	await post('Profiler.enable');
	await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
	await run();
	await run();
	await post('Profiler.takePreciseCoverage');
	await run();
	const coverage = await post<Coverage>('Profiler.takePreciseCoverage');
	await post('Profiler.stopPreciseCoverage');

	// a breakpoint at the start of each function of ours that ran
	await post('Debugger.enable');
	const fileOf = new Map<string, string>();
	const starts = new Map<string, Location>();
	for (const script of coverage.result) {
		const file = productFile(script.url);
		if (!file) continue;
		fileOf.set(script.scriptId, file);
		const { scriptSource } = await post<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId: script.scriptId });
		for (const fn of script.functions) {
			const [range] = fn.ranges;
			// the module's own top-level code ran at load, not in the call
			if (!range || range.count === 0 || range.startOffset === 0) continue;
			const at = (offset: number) => {
				const before = scriptSource.slice(0, offset).split('\n');
				return { scriptId: script.scriptId, lineNumber: before.length - 1, columnNumber: before[before.length - 1].length };
			};
			const location = at(range.startOffset);
			// the breakpoint goes on the function's own first breakable place: at its start, V8 may put it in
			// the function that creates it (a closure made by `(read) => async function …`), where it would
			// stop as the closure is made and never as it is entered
			const { locations } = await post<{ locations: Location[] }>('Debugger.getPossibleBreakpoints', { start: location, end: at(range.endOffset), restrictToFunction: true });
			if (!locations.length) continue;
			const set = await post<{ breakpointId: string }>('Debugger.setBreakpoint', { location: locations[0] }).catch(() => undefined);
			if (set) starts.set(set.breakpointId, location);
		}
	}
	const stacks: string[][] = [];
	const names: string[] = [];
	session.on('Debugger.paused', (message) => {
		const callFrames = message.params.callFrames as Array<{ functionName: string; location: Location; functionLocation?: Location }>;
		const frames = callFrames.map((f) => ({ file: fileOf.get(f.location.scriptId), name: f.functionName }));
		// a node type being made (the harness makes them per run; n8n once, when it loads the package) is no part of the call
		const loading = frames.some((f) => f.file && /\.(node|credentials)\.ts$/.test(f.file) && /^Storefront\w*$/.test(f.name));
		// V8 may place a closure's breakpoint in the function that creates it, which then stops as it makes
		// the closure: no entry into anything. An entry stops in the function the breakpoint was asked for (its
		// start: the keyword or name before its parameters, on their line).
		const fn = callFrames[0]?.functionLocation;
		const entered = ((message.params.hitBreakpoints as string[] | undefined) ?? []).some((id) => {
			const at = starts.get(id);
			return at !== undefined && fn !== undefined && at.scriptId === fn.scriptId && at.lineNumber === fn.lineNumber && at.columnNumber <= fn.columnNumber;
		});
		if (entered && !loading) {
			const ours = frames.filter((f): f is { file: string; name: string } => f.file !== undefined);
			stacks.push(ours.map((f) => f.file));
			names.push(ours.slice(0, 2).map((f) => `${path.basename(f.file, '.ts')}:${f.name || '(anonymous)'}`).reverse().join(' → '));
		}
		session.post('Debugger.resume');
	});
	await run();
	await post('Debugger.disable');
	session.disconnect();

	function go(to: string | undefined) {
		if (!to || to === at) return;
		if (at) switches.push([at, to, files.includes(to)]);
		if (!files.includes(to)) files.push(to);
		at = to;
	}
	// the reader starts at the operation file and opens what it imports (its fields' declarations, its builder)
	const files: string[] = [spec.file];
	const switches: Array<[string, string, boolean]> = [];
	let at: string | undefined = spec.file;
	for (const imported of importsOf(spec.file)) go(imported);
	const trace = process.argv.includes('--trace');
	stacks.forEach(([callee, caller], i) => {
		const before = switches.length;
		go(caller);
		go(callee);
		const made = switches.slice(before);
		if (trace) console.log(`  ${made.length ? `+${made.length}` : '  '}${made.some((m) => m[2]) ? ` (${made.filter((m) => m[2]).length} back)` : '         '} ${names[i]}`);
	});
	const lines = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1;
	const total = files.reduce((sum, f) => sum + lines(f), 0);
	console.log(`\n${spec.name}: ${files.length} files, ${total} lines, ${switches.length} switches (${switches.filter((s) => s[2]).length} back to a file already read)`);
	for (const f of files) console.log(`  ${String(lines(f)).padStart(4)}  ${f}`);
	console.log(`  order: ${[1, ...switches.map((s) => files.indexOf(s[1]) + 1)].join(' → ')}`);
}

/** The product files a file imports directly (relative imports), as paths from the root. */
function importsOf(file: string): string[] {
	const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
	return [...source.matchAll(/^import [^;]*? from '(\.[^']+)';$/gm)].map((m) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), `${m[1]}.ts`)));
}

async function main() {
	const only = process.argv.slice(2).find((a) => !a.startsWith('--'))?.toLowerCase();
	const api = await startFakeApi();
	try {
		for (const spec of WALKS.filter((w) => !only || w.name.toLowerCase().includes(only))) await walk(spec, api);
	} finally {
		await api.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
