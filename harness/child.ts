import os from 'node:os';
import path from 'node:path';

/** TypeScript's options for such a process (with TypeScript's version, part of the cache's key). */
const COMPILER_OPTIONS = '{ module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true }';

/**
 * Where those processes keep each file's compiled form: one entry per source file (named by a hash of
 * its path, so the cache is bounded by the files there are), holding the hash of the source and
 * compiler it came from on its first line. Loading TypeScript and compiling n8n-core's callers took
 * half of such a process's start (about 2 of 4.4 s); with the cache, only the first process after a
 * change pays it.
 */
export const COMPILED_CACHE = path.join(os.tmpdir(), 'n8n-nodes-storefront-ts-child');

/**
 * Node arguments that run a TypeScript file of the tests in a plain Node process of its own
 * (each file compiled on require), for what one process cannot show: the process time zone,
 * module state that n8n keeps per process.
 */
export function tsProcessArgs(file: string): string[] {
	// `.ts` is tried before `.json` (X.node.json sits beside X.node.ts). A cache entry is written
	// beside its final name and renamed, so a process that reads it sees all of it or none.
	const hook =
		"const fs = require('fs'), path = require('path'), crypto = require('crypto'), json = require.extensions['.json'];" +
		`const dir = ${JSON.stringify(COMPILED_CACHE)}, compiler = require('typescript/package.json').version + ${JSON.stringify(COMPILER_OPTIONS)};` +
		"const hash = (...parts) => crypto.createHash('sha256').update(parts.join('\\0')).digest('hex');" +
		'let ts;' +
		"delete require.extensions['.json'];" +
		"require.extensions['.ts'] = (m, f) => {" +
		"  const source = fs.readFileSync(f, 'utf8'), entry = path.join(dir, hash(f) + '.js'), stamp = '// ' + hash(compiler, source) + '\\n';" +
		"  let cached = ''; try { cached = fs.readFileSync(entry, 'utf8'); } catch {}" +
		'  if (cached.startsWith(stamp)) return m._compile(cached.slice(stamp.length), f);' +
		"  ts ??= require('typescript');" +
		`  const out = ts.transpileModule(source, { compilerOptions: ${COMPILER_OPTIONS} }).outputText;` +
		"  try { fs.mkdirSync(dir, { recursive: true }); const tmp = entry + '.' + process.pid; fs.writeFileSync(tmp, stamp + out); fs.renameSync(tmp, entry); } catch {}" +
		'  m._compile(out, f);' +
		'};' +
		"require.extensions['.json'] = json;" +
		`require(${JSON.stringify(file)});`;
	return ['-e', hook];
}

/** The repository's root: the working directory of such a process. */
export const ROOT = path.join(__dirname, '..');
