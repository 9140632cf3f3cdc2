// A package that n8n-core or n8n-workflow loads at its start but calls only later, for Jest:
// the same exports, each read from the package when first read (jest.config.js maps the package
// to its file in this folder). Jest loads every module again for each suite, so a package loaded
// and never called costs each suite its load. The names are listed because a module's names must be
// there before it loads (TypeScript's __importStar copies them at require time);
// test/unit/lazy-packages.test.ts checks each list against its package.
const fs = require('node:fs');
const path = require('node:path');

/** The package's main file, found without Jest's resolver (which would map the name back here). */
function mainFile(name) {
	const dir = path.join(__dirname, '..', '..', 'node_modules', name);
	return path.join(dir, JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).main ?? 'index.js');
}

module.exports = { mainFile, loadWhenRead };

function loadWhenRead(target, name, { names, esModule = false }) {
	const file = mainFile(name);
	let real;
	if (esModule) Object.defineProperty(target, '__esModule', { value: true });
	for (const key of names) Object.defineProperty(target, key, { enumerable: true, get: () => (real ??= require(file))[key] });
}
