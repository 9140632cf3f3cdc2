/**
 * A misspelt field fails `npm run typecheck`: an operation's path `{name}`s and `inRequest` keys
 * must name one of its `fields` (nodes/shared/operation.ts CheckedSpec), and every field must keep
 * its name's type (declared with `field()` or a builder). Small operation files, one correct and
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

import { field, resourceLocator } from '../../nodes/shared/fieldBuilders';
import { operation, type CheckedSpec } from '../../nodes/shared/operation';

export const pageId = resourceLocator('typedWiringTest', { displayName: 'Page', name: 'pageId', searchListMethod: 'searchPages', placeholder: 'e.g. p_1' });
export const title = field({ displayName: 'Title', name: 'title', type: 'string', default: '' });
export const options = field({ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [{ displayName: 'Handle', name: 'handle', type: 'string', default: '' }] });

/** A wrapper, as the nodes' own (storeOperation): it keeps the check by taking CheckedSpec. */
export const wrapped = <N extends string, P extends string>(spec: CheckedSpec<N, P>) => operation(spec);

export type Unused = INodeProperties;
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
};

test('a path name or inRequest key that is no field of the operation, or a field typed plain INodeProperties, fails the type check', () => {
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
