/**
 * A misspelt field fails `npm run typecheck`: an operation's path `{name}`s and `inRequest` keys
 * must name one of its `fields` (nodes/shared/operation.ts CheckedSpec), and every field must keep
 * its name's type (declared with `field()` or a builder; `collection()` adds the path to each of
 * its options, `options.handle`). So must every name read by name: the
 * keys of a shared `inRequest` part (inRequestFor), an operation file's `param`/`locatorValue`
 * reads (readerOf), a batch run's reads (BatchRunOf), the collection of bodyFrom, queryFrom,
 * requireAnyField and queryWithDays and the names of any shared action built with `reading`
 * (nodes/shared/reads.ts), and the Return All and Limit a list pages with. Small operation files, one correct and
 * one per mistake, are compiled with the repository's tsconfig.dev.json options in one program;
 * each mistake must be reported on its own line, the correct file not at all. (The same names are
 * checked again when a node loads: test/unit/assemble-wiring.test.ts.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const root = path.resolve(__dirname, '../..');

/** Where a fixture must be reported: the line holding this comment. */
const HERE = '// ← reported here';

const imports = `import type { INodeProperties } from 'n8n-workflow';

import { collection, field, resourceLocator, returnAllOrLimit } from '../../nodes/shared/fieldBuilders';
import { inRequestFor, operation, type CheckedSpec } from '../../nodes/shared/operation';
import { readerOf, reading } from '../../nodes/shared/reads';
import { bodyFrom, queryFrom, requireAnyField } from '../../nodes/shared/requestActions';
import { queryWithDays } from '../../nodes/StorefrontAds/helpers/dates';
import type { BatchRunOf } from '../../nodes/StorefrontAds/helpers/batchOperation';
import { storeOperation } from '../../nodes/StorefrontCommerce/helpers/storeOperation';

export const pageId = resourceLocator({ displayName: 'Page', name: 'pageId', searchListMethod: 'searchPages', placeholder: 'e.g. p_1' });
export const title = field({ displayName: 'Title', name: 'title', type: 'string', default: '' });
export const options = collection('Options', 'options', [{ displayName: 'Handle', name: 'handle', type: 'string', default: '' }]);

/** A wrapper, as the nodes' own (storeOperation): it keeps the check by taking CheckedSpec. */
export const wrapped = <N extends string, P extends string>(spec: CheckedSpec<N, P>) => operation(spec);

/** A shared request action, as the nodes' helpers declare one: it names what it reads. */
export const sendsTitle = reading(['title'], (read) => async function (this: unknown, request: object) {
	void read;
	return request as never;
});

export type Unused = INodeProperties | typeof returnAllOrLimit | typeof bodyFrom | typeof queryFrom | typeof requireAnyField | typeof queryWithDays | typeof inRequestFor | typeof readerOf | typeof storeOperation | BatchRunOf<[]>;
`;

const base = `value: 'update', name: 'Update', action: 'Update a page', description: 'Update a page', method: 'PATCH'`;

const FIXTURES: Record<string, string> = {
	correct: `${imports}
export const fields = [pageId, title, options];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	inRequest: { title: 'body', 'options.handle': { in: 'body', optional: true } },
});
export const viaWrapper = wrapped({ ${base}, path: '/v1/pages/{pageId}', fields, inRequest: { title: 'body' } });
const shared = inRequestFor<[typeof title]>()({ title: 'body' });
const { param, locatorValue } = readerOf<typeof fields>();
export const reads = (ctx: never) => [param(ctx, 'title'), param(ctx, 'options.handle'), locatorValue(ctx, 'pageId')];
export const withActions = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	inRequest: { ...shared },
	preSend: [requireAnyField('options'), bodyFrom('options'), queryFrom('options'), queryWithDays('options'), sendsTitle],
});
export const batchReads = (run: BatchRunOf<typeof fields>) => [run.param('title', ''), run.id('pageId')];
export const list = operation({ ${base}, path: '/v1/pages', fields: [...fields, ...returnAllOrLimit('pages')], list: { style: 'none', rootProperty: 'pages' } });
`,
	pathNameNoField: `${imports}
export const fields = [pageId, title];
export const option = operation({
	${base},
	path: '/v1/pages/{pageID}', ${HERE}
	fields,
});
`,
	pathNameNoFieldViaWrapper: `${imports}
export const fields = [pageId, title];
export const option = wrapped({
	${base},
	path: '/v1/pages/{pageID}', ${HERE}
	fields,
});
`,
	misspeltInRequestKey: `${imports}
export const fields = [pageId, title];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	inRequest: {
		titel: 'body', ${HERE}
	},
});
`,
	inRequestKeyNotShown: `${imports}
export const fields = [pageId];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	inRequest: {
		title: 'body', ${HERE}
	},
});
`,
	plainField: `${imports}
const plain: INodeProperties = { displayName: 'Body', name: 'body', type: 'string', default: '' };
export const fields = [pageId, plain];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields, ${HERE}
});
`,
	misspeltCollectionOptionPath: `${imports}
export const fields = [pageId, options];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	inRequest: {
		'options.handel': 'body', ${HERE}
	},
});
`,
	misspeltCollectionOptionRead: `${imports}
export const fields = [pageId, options];
const { param } = readerOf<typeof fields>();
export const reads = (ctx: never) => [
	param(ctx, 'options.handel'), ${HERE}
];
`,
	misspeltParamRead: `${imports}
export const fields = [pageId, title];
const { param } = readerOf<typeof fields>();
export const reads = (ctx: never) => [
	param(ctx, 'titel'), ${HERE}
];
`,
	misspeltLocatorRead: `${imports}
export const fields = [pageId, title];
const { locatorValue } = readerOf<typeof fields>();
export const reads = (ctx: never) => [
	locatorValue(ctx, 'pageID'), ${HERE}
];
`,
	misspeltBodyFromCollection: `${imports}
export const fields = [pageId, title, options];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	preSend: [bodyFrom('optons')], ${HERE}
});
`,
	misspeltQueryFromCollection: `${imports}
export const fields = [pageId, options];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	preSend: [queryWithDays('filters')], ${HERE}
});
`,
	sharedActionReadingNoField: `${imports}
export const fields = [pageId, options];
export const option = operation({
	${base},
	path: '/v1/pages/{pageId}',
	fields,
	postReceive: [sendsTitle], ${HERE}
});
`,
	sharedActionMisspeltInside: `${imports}
export const action = reading(['title'], (read) => async function (this: never, request: object) {
	read.param(this, 'titel'); ${HERE}
	return request;
});
`,
	misspeltKeyInSharedConstant: `${imports}
export const shared = inRequestFor<[typeof pageId, typeof title]>()({
	pageId: { in: 'body', locator: true },
	titel: 'body', ${HERE}
});
`,
	misspeltBatchRead: `${imports}
export const fields = [pageId, title];
export const work = (run: BatchRunOf<typeof fields>) => [
	run.param('titel', ''), ${HERE}
];
`,
	storeOperationWithoutAccount: `${imports}
export const fields = [pageId, title];
export const option = storeOperation({ ${HERE}
	${base},
	path: '/v1/pages/{pageId}',
	fields,
});
`,
	listWithoutLimit: `${imports}
export const fields = [pageId, title];
export const option = operation({
	${base},
	path: '/v1/pages',
	fields,
	list: { style: 'none', rootProperty: 'pages' }, ${HERE}
});
`,
};

test('a name that is no field of the operation (path, inRequest key, collection option path, key of a shared inRequest part, param read, collection of bodyFrom and the like, name a shared action or a list reads), or a field typed plain INodeProperties, fails the type check', () => {
	const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.dev.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => {
			throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
		},
	})!;
	// inside the repository (so that imports resolve), outside what `npm run typecheck` compiles
	fs.mkdirSync(path.join(root, '.cache'), { recursive: true });
	const dir = fs.mkdtempSync(path.join(root, '.cache', 'typed-wiring-'));
	try {
		const files = Object.entries(FIXTURES).map(([name, text]) => {
			const file = path.join(dir, `${name}.ts`);
			fs.writeFileSync(file, text);
			return { name, file, line: text.split('\n').findIndex((l) => l.includes(HERE)) };
		});
		const program = ts.createProgram(
			files.map((f) => f.file),
			{ ...config.options, noEmit: true },
		);
		const reported = Object.fromEntries(
			files.map(({ name, file, line }) => {
				const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file));
				const lines = diagnostics.map((d) => (d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1));
				const text = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
				return [name, { onItsLine: line >= 0 && lines.includes(line), count: diagnostics.length, text }];
			}),
		);
		expect(reported.correct).toEqual({ onItsLine: false, count: 0, text: [] });
		for (const [name, { onItsLine, count, text }] of Object.entries(reported)) {
			if (name === 'correct') continue;
			// the fixture's name beside the result, so that a failure says which mistake went unreported
			expect([name, count > 0, onItsLine, text]).toEqual([name, true, true, text]);
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}, 30_000);

/**
 * Where a parameter may still be read by a name TypeScript does not check, and why (params.ts
 * itself reads path names and inRequest keys in `buildRequest`: checked by CheckedSpec and at load).
 */
const UNTYPED_READS: Record<string, string> = {
	'nodes/shared/reads.ts': 'the typed readers themselves',
	'nodes/shared/requiredOnValue.ts': "names taken from the fields' own declarations",
	'nodes/StorefrontAds/helpers/batchOperation.ts': "a batch run's transport: its names are typed by BatchRunOf and BatchSpec",
};

test('operations read parameters by name only through a typed reader (reads.ts), except where the name is checked otherwise', () => {
	const files = (dir: string): string[] =>
		fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
	const untyped = files(path.join(root, 'nodes'))
		.filter((file) => /import \{[^}]*\b(param|paramOf|locatorValue)\b[^}]*\} from '[./]*(shared\/)?params'/.test(fs.readFileSync(file, 'utf8')))
		.map((file) => path.relative(root, file).split(path.sep).join('/'))
		.sort();
	expect(untyped).toEqual(Object.keys(UNTYPED_READS).sort());
});
