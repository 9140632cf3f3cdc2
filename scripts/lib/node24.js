// The bin folder of Node 24 (this Node when it is 24 or later, else the official build installed
// into .cache/ on first use by scripts/install-node.sh), for `npm test` and `npm run mutate`, which
// run under it so that expressions are evaluated with n8n's isolated-vm engine.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

function node24Bin(root) {
	const found = spawnSync('bash', [path.join(root, 'scripts/install-node.sh')], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
		env: { ...process.env, RUNNING_NODE: process.execPath },
	});
	// install-node.sh has said why on stderr
	if (found.status !== 0) process.exit(found.status ?? 1);
	return /NODE24=(.*)/.exec(found.stdout)[1].trim();
}

module.exports = { node24Bin };
