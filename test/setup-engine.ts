// Initialises n8n's expression engine the way n8n 2.41.1 does at start
// (n8n/dist/commands/base-command.js, with @n8n/config's ExpressionEngineConfig defaults):
// the isolated-vm engine unless EXPRESSION_ENGINE=legacy. Needs Node 24 (scripts/test.js).
import { Expression } from 'n8n-workflow';

export const EXPECTED_ENGINE = (process.env.EXPRESSION_ENGINE ?? 'vm') as 'vm' | 'legacy';

beforeAll(async () => {
	await Expression.initExpressionEngine({
		engine: EXPECTED_ENGINE,
		poolSize: 1,
		maxCodeCacheSize: 1024,
		bridgeTimeout: 5000,
		bridgeMemoryLimit: 128,
		idleTimeoutMs: undefined,
		lazyAcquire: false,
		compileCache: false,
	});
});

afterAll(async () => {
	await Expression.disposeExpressionEngine();
});
