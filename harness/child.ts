import path from 'node:path';

/**
 * Node arguments that run a TypeScript file of the tests in a plain Node process of its own
 * (each file compiled on require), for what one process cannot show: the process time zone,
 * module state that n8n keeps per process.
 */
export function tsProcessArgs(file: string): string[] {
	// `.ts` is tried before `.json` (X.node.json sits beside X.node.ts)
	const hook =
		"const ts = require('typescript'), fs = require('fs'), json = require.extensions['.json'];" +
		"delete require.extensions['.json'];" +
		"require.extensions['.ts'] = (m, f) => m._compile(ts.transpileModule(fs.readFileSync(f, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText, f);" +
		"require.extensions['.json'] = json;" +
		`require(${JSON.stringify(file)});`;
	return ['-e', hook];
}

/** The repository's root: the working directory of such a process. */
export const ROOT = path.join(__dirname, '..');
