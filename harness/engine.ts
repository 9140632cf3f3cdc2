import { Expression } from 'n8n-workflow';

/** The expression engine under test: isolated-vm unless EXPRESSION_ENGINE=legacy (scripts/test.js). */
export const EXPECTED_ENGINE = (process.env.EXPRESSION_ENGINE ?? 'vm') as 'vm' | 'legacy';

/**
 * Initialises n8n's expression engine the way n8n 2.41.1 does at start
 * (n8n/dist/commands/base-command.js, with @n8n/config's ExpressionEngineConfig defaults).
 * Needs Node 24 for the vm engine.
 */
export async function initExpressionEngine() {
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
}

export const disposeExpressionEngine = async () => await Expression.disposeExpressionEngine();
