// Whether a build's output is newer than everything it is built from, so that `npm start` can skip
// a build that would write the same files again (scripts/start.js). Output files carry the time they
// were written (tsc) or their source's time (gulp copies the icons with it): either way an output
// older than its source, or missing, means a rebuild, as does a config newer than the oldest compiled
// output.
const fs = require('node:fs');
const path = require('node:path');

const CONFIGS = ['package.json', 'tsconfig.json', 'tsconfig.dev.json', 'tsconfig.server.json', 'gulpfile.js'];

function* files(dir) {
	if (!fs.existsSync(dir)) return;
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) yield* files(full);
		else yield full;
	}
}

// in whole seconds: a copy's time can lose the fraction of its source's (gulp sets it with futimes)
const mtime = (file) => {
	const ms = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
	return ms === undefined ? undefined : Math.floor(ms / 1000);
};

/**
 * `outDir`: the build's output folder. `roots`: the source folders whose files it must hold.
 * `optional`: folders whose files it holds only when something imports them (checked when present).
 * `output(file)`: the output path of a source file relative to `outDir`, or undefined when the
 * build does not make one from it.
 */
function upToDate(root, { outDir, roots, optional = [], output }) {
	let oldest = Infinity;
	for (const [dirs, required] of [[roots, true], [optional, false]]) {
		for (const dir of dirs) {
			for (const source of files(path.join(root, dir))) {
				const rel = output(path.relative(root, source));
				if (!rel) continue;
				const built = mtime(path.join(root, outDir, rel));
				if (built === undefined) {
					if (required) return false;
					continue;
				}
				if (built < mtime(source)) return false;
				// compiled outputs carry the build's time (copies keep their source's): the configs are compared with those
				if (source.endsWith('.ts')) oldest = Math.min(oldest, built);
			}
		}
	}
	if (oldest === Infinity) return false;
	return CONFIGS.every((config) => (mtime(path.join(root, config)) ?? 0) <= oldest);
}

const tsToJs = (rel) => (rel.endsWith('.ts') && !rel.endsWith('.d.ts') && !rel.endsWith('.test.ts') ? rel.replace(/\.ts$/, '.js') : undefined);

/** The package in dist/ (`npm run build`: tsc, then the icons and codex files copied by gulp). */
const packageBuilt = (root) =>
	upToDate(root, {
		outDir: 'dist',
		roots: ['nodes', 'credentials', 'icons'],
		output: (rel) => tsToJs(rel) ?? (/\.(json|svg)$/.test(rel) ? rel : undefined),
	});

/** The fake API and the sandbox in .cache/fake-api/ (`npm run build:fake-api`), with the node code (tsconfig.server.json compiles all of it: the harness loads node types by name) and the harness parts they import. */
const fakeApiBuilt = (root) =>
	upToDate(root, {
		outDir: '.cache/fake-api',
		roots: ['fake-api', 'nodes', 'credentials', 'sandbox', 'scripts', 'bench'],
		optional: ['harness'],
		output: tsToJs,
	});

module.exports = { packageBuilt, fakeApiBuilt };
