// Jest transform for n8n-workflow's expression.js alone (jest.config.js). It loads the expression
// engine with `await import('@n8n/expression-runtime')`; in Jest's sandbox a dynamic import() needs
// Node's --experimental-vm-modules, and under that flag every suite's sandbox stays in memory
// after the suite (the worker's heap grew by 15 to 40 MB a suite, measured with --logHeapUsage;
// without the flag it stays flat). Node resolves that import() with the package's "node"
// condition, to the same CommonJS file that require() loads, so a require() here loads exactly
// what n8n loads. If n8n-workflow changes the line, this fails loudly rather than run unchanged.
const crypto = require('node:crypto');
const fs = require('node:fs');

const FROM = "await import('@n8n/expression-runtime')";
const TO = "require('@n8n/expression-runtime')";
const SELF = crypto.createHash('sha256').update(fs.readFileSync(__filename)).digest('hex');

module.exports = {
	process(source, filename) {
		if (source.split(FROM).length !== 2) throw new Error(`${filename}: expected one ${FROM} (test/engine-import-transform.js)`);
		return { code: source.replace(FROM, TO) };
	},
	getCacheKey(source, filename) {
		return crypto.createHash('sha256').update(SELF).update(filename).update(source).digest('hex');
	},
};
