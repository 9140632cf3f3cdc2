// What `npm start` and `npm test` need before they run, on a fresh clone as on a working one: the
// dev dependencies (`npm install` when they are missing: the committed .npmrc sets it up,
// CONTRIBUTING.md) and the package and fake API builds, each only when a source is newer than its
// output (`npm run build` forces one), both at once: each writes only its own folder.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

async function prepare(root, say) {
	if (!fs.existsSync(path.join(root, 'node_modules/.bin/tsc'))) {
		say('installing dev dependencies (first run)...');
		say('(npm warns "EBADENGINE … isolated-vm … node >=24" under Node 20: harmless, only Node 24 from .cache/ loads it)');
		const result = spawnSync('npm', ['install'], { cwd: root, stdio: 'inherit' });
		if (result.status !== 0) process.exit(result.status ?? 1);
	}
	const { packageBuilt, fakeApiBuilt } = require('./up-to-date');
	const builds = [
		['build', 'the package', packageBuilt],
		['build:fake-api', 'the fake API', fakeApiBuilt],
	];
	const codes = await Promise.all(
		builds.map(([script, what, built]) => {
			if (built(root)) {
				say(`${what}: built and up to date`);
				return 0;
			}
			say(`building ${what}...`);
			return new Promise((resolve) => spawn('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' }).on('exit', resolve));
		}),
	);
	const failed = codes.find((code) => code !== 0);
	if (failed !== undefined) process.exit(failed ?? 1);
}

module.exports = { prepare };
