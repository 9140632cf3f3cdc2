import { Expression } from 'n8n-workflow';

/** The expression engine under test: isolated-vm unless EXPRESSION_ENGINE=legacy (scripts/test.js). */
export const EXPECTED_ENGINE = (process.env.EXPRESSION_ENGINE ?? 'vm') as 'vm' | 'legacy';

/**
 * n8n's N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE (@n8n/config; off in n8n by default), read as n8n reads
 * it: an execution takes an isolate when its first expression reaches the engine, not at its start,
 * so an execution that evaluates nothing builds none (n8n's default builds one for every execution:
 * about 40 ms of CPU here). `npm test` and `npm run test:fast` turn it on for the suites that run
 * our nodes through n8n-core (scripts/test.js): most of their executions evaluate nothing (our
 * routing has no expressions of its own), every expression still runs in an isolate, and
 * test/unit/expression-engine.test.ts shows both ways give the same requests and items. Every real
 * n8n the suites start runs n8n's default (its environment is its own: scripts/lib/n8n.ts).
 */
export const LAZY_ACQUIRE = ['true', '1'].includes((process.env.N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE ?? '').toLowerCase());

/**
 * n8n's N8N_EXPRESSION_ENGINE_COMPILE_CACHE (@n8n/config; off in n8n by default), read the same way:
 * each new isolate loads n8n's expression runtime from V8's code cache of it instead of compiling it
 * again (a quarter less CPU per isolate here: an execution that evaluates an expression builds one).
 * `npm test` and `npm run test:fast` turn it on too; the same runtime runs, and
 * test/unit/expression-engine.test.ts shows both ways give the same requests and items.
 */
export const COMPILE_CACHE = ['true', '1'].includes((process.env.N8N_EXPRESSION_ENGINE_COMPILE_CACHE ?? '').toLowerCase());

/**
 * Initialises n8n's expression engine the way n8n 2.41.1 does at start
 * (n8n/dist/commands/base-command.js, with @n8n/config's ExpressionEngineConfig defaults but the
 * isolate's acquisition and the runtime's compile cache above). Needs Node 24 for the vm engine.
 */
export async function initExpressionEngine({ lazyAcquire = LAZY_ACQUIRE, compileCache = COMPILE_CACHE } = {}) {
	await Expression.initExpressionEngine({
		engine: EXPECTED_ENGINE,
		poolSize: 1,
		maxCodeCacheSize: 1024,
		bridgeTimeout: 5000,
		bridgeMemoryLimit: 128,
		idleTimeoutMs: undefined,
		lazyAcquire,
		compileCache,
	});
}

export const disposeExpressionEngine = async () => await Expression.disposeExpressionEngine();
