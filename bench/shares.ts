/**
 * `node .cache/fake-api/bench/shares.js <file.cpuprofile> [items] [top]` (after `npm run build:fake-api`):
 * where a V8 CPU profile's time goes, as docs/performance.md reads the bench's profiles
 * (BENCH_PROFILE=1, profile.ts). Prints, in ms and as a share of the samples:
 *  - by group: the stacks that hold a function of each group (inclusive; a sample counts once per group);
 *  - by function: self time (the sample's own frame) and inclusive time, the top ones;
 *  - by file: self time per source file (package-relative).
 * With `items`, each figure is also given per item (µs).
 */
import fs from 'node:fs';

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}
interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

/** A frame's file, from `node_modules/` (the last one) or our package's `dist/` on. */
const fileOf = (url: string) => {
	const path = url.replace(/^file:\/\//, '');
	const ours = path.lastIndexOf('n8n-nodes-storefront/');
	if (ours >= 0) return `storefront:${path.slice(ours + 'n8n-nodes-storefront/'.length)}`;
	const modules = path.lastIndexOf('node_modules/');
	return modules >= 0 ? path.slice(modules + 'node_modules/'.length) : path || '(native)';
};
const frameName = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${fileOf(f.url)}:${f.lineNumber + 1}`;

/**
 * The groups of docs/performance.md's table: a sample is in a group when a frame on its stack
 * matches. Ours is any frame of the package; the rest name n8n's functions.
 */
const GROUPS: Array<[string, (f: CallFrame) => boolean]> = [
	['RoutingNode.runNode (the node run)', (f) => f.functionName === 'runNode' && f.url.includes('routing-node')],
	['expression evaluations (resolveSimpleParameterValue)', (f) => f.functionName === 'resolveSimpleParameterValue'],
	['  isolate (evalClosureSync)', (f) => f.functionName === 'evalClosureSync' || (f.functionName === 'execute' && f.url.includes('isolated-vm-bridge'))],
	['  WorkflowDataProxy (construction, getDataProxy)', (f) => f.url.includes('workflow-data-proxy') && /^(WorkflowDataProxy|getDataProxy)$/.test(f.functionName)],
	['RoutingNode resolveBaseUrl', (f) => f.functionName === 'resolveBaseUrl'],
	['RoutingNode getRequestOptionsFromParameters', (f) => f.functionName === 'getRequestOptionsFromParameters'],
	['  displayParameter', (f) => f.functionName === 'displayParameter'],
	['RoutingNode mergeOptions', (f) => f.functionName === 'mergeOptions'],
	['getNodeParameter (n8n-core)', (f) => f.functionName === '_getNodeParameter'],
	['  validateValueAgainstSchema', (f) => f.functionName === 'validateValueAgainstSchema'],
	['  extractValue', (f) => f.functionName === 'extractValue' && f.url.includes('n8n-core')],
	['ExecuteSingleContext (one per item)', (f) => f.functionName === 'ExecuteSingleContext'],
	['getNode deepCopy', (f) => f.functionName === 'getNode' && f.url.includes('node-execution-context')],
	['credential reads (getDecrypted)', (f) => f.functionName === 'getDecrypted'],
	['  applyDefaultsAndOverwrites', (f) => f.functionName === 'applyDefaultsAndOverwrites'],
	['  database (typeorm, sqlite)', (f) => /^(typeorm|sqlite3)\//.test(fileOf(f.url))],
	['httpRequestWithAuthentication', (f) => f.functionName === 'httpRequestWithAuthentication'],
	['  outbound request (axios, follow-redirects, node:http)', (f) => /^(axios|follow-redirects)\//.test(fileOf(f.url)) || /^node:(_http|http|net)/.test(f.url)],
	['ours (any frame of the package)', (f) => fileOf(f.url).startsWith('storefront:')],
	['garbage collection', (f) => f.functionName === '(garbage collector)'],
	['idle', (f) => f.functionName === '(idle)'],
];

/**
 * Each sample in one bucket, the first whose test holds for its stack (root to leaf): the
 * buckets add up to the profile. Evaluations are split by who asked for them.
 */
const BUCKETS: Array<[string, (stack: CallFrame[]) => boolean]> = [
	['idle', (s) => s.at(-1)!.functionName === '(idle)'],
	['garbage collection', (s) => s.at(-1)!.functionName === '(garbage collector)'],
	['(program): V8 and native work outside JS frames', (s) => s.at(-1)!.functionName === '(program)'],
	['evaluations asked by our code (param)', (s) => has(s, isEvaluation) && has(s, isOurs)],
	['evaluations in RoutingNode resolveBaseUrl', (s) => has(s, isEvaluation) && has(s, (f) => f.functionName === 'resolveBaseUrl')],
	['evaluations in RoutingNode request pass', (s) => has(s, isEvaluation) && has(s, isRouting)],
	['evaluations, other (the HTTP Request node, the Code node)', (s) => has(s, isEvaluation)],
	['credential reads (getDecrypted, decryption)', (s) => has(s, (f) => /^(getDecrypted|applyDefaultsAndOverwrites|_getCredentials|getCredentials)$/.test(f.functionName) || f.url.includes('n8n-core/dist/credentials'))],
	['our parameter reads besides evaluations (getNodeParameter)', (s) => has(s, (f) => f.functionName === '_getNodeParameter') && has(s, isOurs)],
	["n8n's parameter reads besides evaluations (HTTP Request node)", (s) => has(s, (f) => f.functionName === '_getNodeParameter')],
	['RoutingNode besides evaluations (property walks, contexts, merges)', (s) => has(s, isRouting) && !has(s, isOurs)],
	['outbound request (axios, follow-redirects, node:http, net)', (s) => has(s, (f) => /^(axios|follow-redirects|@n8n\/backend-network)\//.test(fileOf(f.url)) || /^node:(_http|http|net|internal\/stream)/.test(f.url))],
	['our own code (wire, caps, checks, output)', (s) => has(s, isOurs)],
	['database (typeorm, sqlite)', (s) => has(s, (f) => /^(@n8n\/typeorm|typeorm|sqlite3)\//.test(fileOf(f.url)))],
	['execution data (flatted, push, hooks)', (s) => has(s, (f) => /^(flatted)\//.test(fileOf(f.url)) || /execution-lifecycle|push/.test(f.url))],
	['other', () => true],
];
const isEvaluation = (f: CallFrame) => f.functionName === 'resolveSimpleParameterValue';
const isRouting = (f: CallFrame) => f.url.includes('routing-node');
const isOurs = (f: CallFrame) => fileOf(f.url).startsWith('storefront:');
const has = (stack: CallFrame[], test: (f: CallFrame) => boolean) => stack.some(test);

function main() {
	const [file, itemsArg, topArg] = process.argv.slice(2);
	if (!file) throw new Error('usage: shares.js <file.cpuprofile> [items] [top]');
	const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
	const items = Number(itemsArg ?? 0);
	const top = Number(topArg ?? 30);
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

	const self = new Map<string, number>();
	const inclusive = new Map<string, number>();
	const fileSelf = new Map<string, number>();
	const groups = new Map<string, number>();
	const buckets = new Map<string, number>();
	let total = 0;
	const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
	profile.samples.forEach((id, i) => {
		const dt = (profile.timeDeltas[i] ?? 0) / 1000;
		total += dt;
		const leaf = byId.get(id)!;
		add(self, frameName(leaf.callFrame), dt);
		add(fileSelf, fileOf(leaf.callFrame.url), dt);
		const stack: CallFrame[] = [];
		for (let n: ProfileNode | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) stack.unshift(n.callFrame);
		add(buckets, BUCKETS.find(([, test]) => test(stack))![0], dt);
		for (const name of new Set(stack.map(frameName))) add(inclusive, name, dt);
		for (const [group, match] of GROUPS) if (stack.some(match)) add(groups, group, dt);
	});

	const fmt = (v: number) =>
		`${v.toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%${items ? ` ${((1000 * v) / items).toFixed(0).padStart(6)} µs/item` : ''}`;
	const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
	console.log(`${file}: ${total.toFixed(0)} ms of samples${items ? `, ${items} items` : ''}`);
	console.log('\nby bucket (each sample once):');
	for (const [bucket] of BUCKETS) console.log(`${fmt(buckets.get(bucket) ?? 0)}  ${bucket}`);
	console.log('\nby group (inclusive):');
	for (const [group] of GROUPS) console.log(`${fmt(groups.get(group) ?? 0)}  ${group}`);
	console.log('\nby function, self:');
	for (const [k, v] of sorted(self)) console.log(`${fmt(v)}  ${k}`);
	console.log('\nby function, inclusive:');
	for (const [k, v] of sorted(inclusive)) console.log(`${fmt(v)}  ${k}`);
	console.log('\nby file, self:');
	for (const [k, v] of sorted(fileSelf)) console.log(`${fmt(v)}  ${k}`);
}

main();
