import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { fakeApiBuilt, packageBuilt } from '../../scripts/lib/up-to-date';

/**
 * `npm start` skips a build whose output is newer than everything it is built from
 * (scripts/lib/up-to-date.js), and so do the suites that copy dist/ instead of compiling it again
 * (scripts/lib/n8n.ts buildInto). A stale build must never be taken for a fresh one.
 */

let root: string;
const T0 = 1_800_000_000; // seconds
function write(rel: string, seconds: number) {
	const file = path.join(root, rel);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, rel);
	fs.utimesSync(file, seconds, seconds);
}

beforeEach(() => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'up-to-date-'));
	for (const config of ['package.json', 'tsconfig.json', 'gulpfile.js']) write(config, T0);
	write('nodes/A/A.node.ts', T0 + 10);
	write('nodes/A/A.node.json', T0 + 10);
	write('credentials/Api.credentials.ts', T0 + 10);
	write('icons/a.svg', T0 + 5);
	// the build: compiled files at its time, copies with their source's time (gulp)
	write('dist/nodes/A/A.node.js', T0 + 20);
	write('dist/credentials/Api.credentials.js', T0 + 20);
	write('dist/nodes/A/A.node.json', T0 + 10);
	write('dist/icons/a.svg', T0 + 5);
	write('fake-api/server.ts', T0 + 10);
	write('.cache/fake-api/fake-api/server.js', T0 + 20);
	write('.cache/fake-api/nodes/A/A.node.js', T0 + 20);
	write('.cache/fake-api/credentials/Api.credentials.js', T0 + 20);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('a build newer than its sources is up to date (copies keep their source\'s time)', () => {
	expect(packageBuilt(root)).toBe(true);
	expect(fakeApiBuilt(root)).toBe(true);
});

test('a source saved after the build, a source without output, a changed config, no build at all: each means a build', () => {
	write('nodes/A/A.node.ts', T0 + 30);
	expect(packageBuilt(root)).toBe(false);
	write('nodes/A/A.node.ts', T0 + 10);
	write('nodes/B/B.node.ts', T0 + 10);
	expect(packageBuilt(root)).toBe(false);
	fs.rmSync(path.join(root, 'nodes/B'), { recursive: true });
	write('icons/a.svg', T0 + 6);
	expect(packageBuilt(root)).toBe(false);
	write('icons/a.svg', T0 + 5);
	write('tsconfig.json', T0 + 25);
	expect(packageBuilt(root)).toBe(false);
	write('tsconfig.json', T0);
	expect(packageBuilt(root)).toBe(true);
	fs.rmSync(path.join(root, 'dist'), { recursive: true });
	expect(packageBuilt(root)).toBe(false);
});

test("the fake API's build holds all the node code (the harness loads node types by name); a harness file counts only where the build compiled it", () => {
	write('nodes/B/B.node.ts', T0 + 10);
	expect(fakeApiBuilt(root)).toBe(false); // a node file the build never compiled
	write('.cache/fake-api/nodes/B/B.node.js', T0 + 20);
	expect(fakeApiBuilt(root)).toBe(true);
	write('nodes/A/A.node.ts', T0 + 30);
	expect(fakeApiBuilt(root)).toBe(false); // changed since
	write('nodes/A/A.node.ts', T0 + 10);
	write('harness/index.ts', T0 + 10);
	expect(fakeApiBuilt(root)).toBe(true); // not imported by the fake API: no output, not required
	write('.cache/fake-api/harness/index.js', T0 + 20);
	write('harness/index.ts', T0 + 30);
	expect(fakeApiBuilt(root)).toBe(false); // imported, and changed since
	write('harness/index.ts', T0 + 10);
	write('fake-api/new.ts', T0 + 10);
	expect(fakeApiBuilt(root)).toBe(false); // a fake-API file the build never compiled
});
