import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * npm hands its configuration, the project's .npmrc included (ignore-scripts=true), to every script
 * it runs. The installers' own npm calls go through scripts/lib/npm.sh, so that started from
 * `npm start` or `npm test` they behave as typed in a shell: `npm rebuild sqlite3` builds (issue: a
 * fresh clone's `npm start` stopped on "sqlite3 does not load", its rebuild having built nothing).
 */

const ROOT = path.resolve(__dirname, '../..');
const INSTALLERS = ['install-n8n.sh', 'install-node.sh', 'install-registry.sh'].map((f) => path.join(ROOT, 'scripts', f));

/** `ignore-scripts` as an npm in an empty folder sees it, from a shell that an npm script started. */
function ignoreScriptsSeen(call: 'npm' | 'nested_npm') {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nested-npm-'));
	try {
		const script = `source scripts/lib/npm.sh && cd "${folder}" && ${call} config get ignore-scripts`;
		// `npm exec` runs its command as npm runs a package script: with the npm_config_* environment
		return execFileSync('npm', ['exec', '--', 'bash', '-c', script], { cwd: ROOT, encoding: 'utf8' }).trim();
	} finally {
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

test("inside an npm script a plain npm call inherits the project's ignore-scripts=true (what broke the fresh npm start)", () => {
	expect(fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).toMatch(/^ignore-scripts=true$/m);
	expect(ignoreScriptsSeen('npm')).toBe('true');
});

test('inside an npm script nested_npm sees what a shell in that folder sees: no ignore-scripts', () => {
	expect(ignoreScriptsSeen('nested_npm')).toBe('false');
});

test('every npm call of the installers goes through nested_npm, and sqlite3 is rebuilt with its scripts on', () => {
	for (const file of INSTALLERS) {
		const code = fs
			.readFileSync(file, 'utf8')
			.split('\n')
			.filter((line) => !/^\s*#/.test(line) && !/^\s*echo /.test(line.trim()));
		const plain = code.filter((line) => /(^|[\s;&|(])npm\s/.test(line) && !/nested_npm\s/.test(line));
		expect({ file: path.basename(file), plain }).toEqual({ file: path.basename(file), plain: [] });
		expect(code.join('\n')).toMatch(/source "\$ROOT\/scripts\/lib\/npm\.sh"/);
	}
	const rebuilds = fs
		.readFileSync(INSTALLERS[0], 'utf8')
		.split('\n')
		.filter((line) => /nested_npm rebuild sqlite3/.test(line));
	expect(rebuilds.length).toBe(2);
	for (const line of rebuilds) expect(line).toMatch(/--ignore-scripts=false/);
});
