import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { COMPILED_CACHE, ROOT, tsProcessArgs } from '../../harness/child';

/**
 * harness/child.ts: a test's TypeScript file run in a Node process of its own, each file compiled
 * once and kept (COMPILED_CACHE). What the cache must never do: run a file's old code after the file
 * changed, or grow with each change.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'child-process-test-'));
const entryOf = (file: string) => path.join(COMPILED_CACHE, `${createHash('sha256').update(file).digest('hex')}.js`);
// this folder's files are gone after the run: so are their entries
afterAll(() => {
	for (const name of fs.readdirSync(dir)) fs.rmSync(entryOf(path.join(dir, name)), { force: true });
	fs.rmSync(dir, { recursive: true, force: true });
});
const run = async (file: string) => (await promisify(execFile)(process.execPath, tsProcessArgs(file), { cwd: ROOT })).stdout;

test('a file runs compiled; changed, it runs its new code; its cache entry stays one file, replaced', async () => {
	const file = path.join(dir, 'main.ts');
	const helper = path.join(dir, 'helper.ts');
	fs.writeFileSync(helper, 'export const word: string = "one";\n');
	fs.writeFileSync(file, 'import { word } from "./helper";\nconst n: number = 1;\nprocess.stdout.write(`${word} ${n}`);\n');

	expect(await run(file)).toBe('one 1');
	expect(fs.readFileSync(entryOf(helper), 'utf8')).toContain('"one"');
	expect(await run(file)).toBe('one 1'); // from the cache

	fs.writeFileSync(helper, 'export const word: string = "two";\n'); // the importer unchanged, its import changed
	expect(await run(file)).toBe('two 1');
	fs.writeFileSync(file, 'import { word } from "./helper";\nconst n: number = 2;\nprocess.stdout.write(`${word} ${n}`);\n');
	expect(await run(file)).toBe('two 2');

	const entries = fs.readdirSync(COMPILED_CACHE).filter((name) => [entryOf(file), entryOf(helper)].includes(path.join(COMPILED_CACHE, name)));
	expect(entries).toHaveLength(2);
	expect(fs.readFileSync(entryOf(helper), 'utf8')).toContain('"two"');
	expect(fs.readFileSync(entryOf(helper), 'utf8')).not.toContain('"one"');
});

test('an entry that is not whole (or another compiler’s) is compiled again, not run', async () => {
	const file = path.join(dir, 'torn.ts');
	fs.writeFileSync(file, 'const s: string = "fresh";\nprocess.stdout.write(s);\n');
	fs.mkdirSync(COMPILED_CACHE, { recursive: true });
	fs.writeFileSync(entryOf(file), 'process.stdout.write("stale");\n');
	expect(await run(file)).toBe('fresh');
	expect(fs.readFileSync(entryOf(file), 'utf8')).toMatch(/^\/\/ [0-9a-f]{64}\n/);
});
