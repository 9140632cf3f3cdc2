import fs from 'node:fs';
import path from 'node:path';

import type { ICredentialType, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import ts from 'typescript';

/**
 * Words a user reads that point at another action name it as the nodes panel and the canvas show
 * it: "<Resource> → <action>" ("Post → Get many posts ranked for boosting"), made by `actionName`
 * (nodes/shared/actionNames.ts) from the operation's own option, so a renamed action renames every
 * reference. No API path ("GET /v1/ads/best-posts") in them either. Read in every description the
 * package ships (descriptions, hints, notices, tool descriptions), in the example workflows, and in
 * every string literal of nodes/ and credentials/ (the messages of errors and outputs built while a
 * node runs).
 */

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };


async function load<T>(distFiles: string[]): Promise<T[]> {
	return await Promise.all(
		distFiles.map(async (file) => {
			const source = path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, ''));
			const cls = ((await import(source)) as Record<string, new () => T>)[path.basename(source).replace(/\.(node|credentials)$/, '')];
			return new cls();
		}),
	);
}

const files = (dir: string): string[] =>
	fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Every string in a value (a description), with where it is. */
function strings(value: unknown, where: string, into: Array<{ where: string; text: string }> = []) {
	if (typeof value === 'string') into.push({ where, text: value });
	else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${where}[${i}]`, into));
	else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${where}.${k}`, into);
	return into;
}

/** Every string literal of a source file (template literals by their text parts), comments left out: what code can show a user. */
function literals(file: string): string[] {
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
		else if (ts.isTemplateExpression(node)) found.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
		ts.forEachChild(node, visit);
	};
	visit(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true));
	return found;
}

/** `actionName('resource', 'operation')` calls of a source file. */
function actionNameCalls(file: string): Array<[string, string]> {
	const found: Array<[string, string]> = [];
	const visit = (node: ts.Node): void => {
		if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'actionName') {
			const [resource, operation] = node.arguments;
			found.push([resource && ts.isStringLiteral(resource) ? resource.text : '?', operation && ts.isStringLiteral(operation) ? operation.text : '?']);
		}
		ts.forEachChild(node, visit);
	};
	visit(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true));
	return found;
}

const API_PATH = /\b(?:GET|POST|PUT|PATCH|DELETE)\s+\/v1\b|\/v1\/[\w{}:-]/;
/** A path in a sentence (a string with a space); a bare path is the code's own request. */
const apiPathIn = (text: string) => /\s/.test(text.trim()) && API_PATH.test(text);

describe('references to actions', () => {
	let nodes: INodeType[];
	let credentials: ICredentialType[];
	/** Resource name as the panel shows it → its actions; resource value → operation values. */
	const actions = new Map<string, string[]>();
	const operations = new Map<string, string[]>();
	let reference: RegExp;

	beforeAll(async () => {
		nodes = await load<INodeType>(pkg.n8n.nodes);
		credentials = await load<ICredentialType>(pkg.n8n.credentials);
		for (const { description } of nodes) {
			const resource = description.properties.find((p) => p.name === 'resource');
			if (!resource) continue;
			for (const r of resource.options as INodePropertyOptions[]) {
				const menu = description.properties.find((p) => p.name === 'operation' && (p.displayOptions?.show?.resource as string[]).includes(String(r.value))) as INodeProperties;
				const options = menu.options as INodePropertyOptions[];
				actions.set(r.name, options.map((o) => o.action!));
				operations.set(String(r.value), options.map((o) => String(o.value)));
			}
		}
		// a resource's name without its qualifier ("Keyword" of "Keyword (Searchnet)"), then an arrow
		const words = [...new Set([...actions.keys()].map((name) => name.replace(/ \(.*\)$/, '')))].sort((a, b) => b.length - a.length);
		reference = new RegExp(`(?<![A-Za-z])(${words.join('|')})((?: \\([A-Za-z]+\\))?) → `, 'g');
	});

	/** The references in a text: each as written, and whether it names a real action as the panel shows it. */
	function referencesIn(text: string) {
		return [...text.matchAll(reference)].map((m) => {
			const resource = m[1] + m[2];
			const rest = text.slice(m.index + m[0].length);
			const action = [...(actions.get(resource) ?? [])].sort((a, b) => b.length - a.length).find((a) => rest.startsWith(a) && !/^[A-Za-z]/.test(rest.slice(a.length)));
			const written = action ?? rest.match(/^[A-Z][A-Za-z]*(?: (?:(?:to|or|of) )?[A-Z][A-Za-z]*)*/)?.[0] ?? rest.slice(0, 30);
			return { reference: `${m[1]} → ${written}`, real: Boolean(action) };
		});
	}


	test('every reference in a description the package ships names a real action; no API path', () => {
		const examples = fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
		const texts = [
			...nodes.flatMap(({ description }) => strings(description, description.name)),
			...credentials.flatMap((credential) => strings({ ...credential }, credential.name)),
			// the example workflows' notes and tool descriptions
			...examples.flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8')), file)),
		];
		expect(texts.length).toBeGreaterThan(1000);
		const wrong = texts.flatMap(({ where, text }) => referencesIn(text).filter((r) => !r.real).map((r) => `${where}: ${r.reference}`));
		expect(wrong).toEqual([]);
		expect(texts.filter(({ text }) => apiPathIn(text)).map(({ where, text }) => `${where}: ${text.slice(0, 80)}`)).toEqual([]);
		// actionName's stand-in for an action not yet known when the text was made: replaced when the node loads
		expect(texts.filter(({ text }) => text.includes('⟦')).map(({ where }) => where)).toEqual([]);
	});

	test('every reference in a string of the code names a real action; no API path in a sentence', () => {
		const sources = ['nodes', 'credentials'].flatMap((dir) => files(path.join(ROOT, dir))).filter((f) => f.endsWith('.ts'));
		const wrong: string[] = [];
		for (const file of sources) {
			const rel = path.relative(ROOT, file);
			for (const text of literals(file)) {
				for (const r of referencesIn(text).filter((r) => !r.real)) wrong.push(`${rel}: ${r.reference}`);
				if (apiPathIn(text)) wrong.push(`${rel}: ${text.slice(0, 80)}`);
			}
		}
		expect(wrong).toEqual([]);
	});

	test('every actionName() call in the code names a resource and operation of a node', () => {
		const sources = ['nodes', 'credentials'].flatMap((dir) => files(path.join(ROOT, dir))).filter((f) => f.endsWith('.ts'));
		const calls = sources.flatMap((file) => actionNameCalls(file).map(([r, op]) => ({ file: path.relative(ROOT, file), r, op })));
		expect(calls.length).toBeGreaterThan(10);
		expect(calls.filter(({ r, op }) => !operations.get(r)?.includes(op)).map(({ file, r, op }) => `${file}: ${r}.${op}`)).toEqual([]);
	});
});
