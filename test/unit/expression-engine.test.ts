import { IsolatedVmBridge } from '@n8n/expression-runtime';
import { Expression } from 'n8n-workflow';

import { HOSTED } from '../commerce/helpers';
import { byId, useFakeApi } from '../../harness/context';
import { COMPILE_CACHE, disposeExpressionEngine, EXPECTED_ENGINE, initExpressionEngine, LAZY_ACQUIRE } from '../../harness/engine';
import { N8n } from '../../scripts/lib/n8n';

const ctx = useFakeApi('storefrontCommerce');

const pageGet = (pageId: string) => ({ resource: 'page', operation: 'get', accountId: HOSTED, pageId: byId(pageId) }) as never;

test('the suite evaluates expressions on the engine n8n runs (vm unless EXPRESSION_ENGINE=legacy)', async () => {
	expect(Expression.getActiveImplementation()).toBe(process.env.EXPRESSION_ENGINE ?? 'vm');
	const r = await ctx.run(pageGet('={{ $json.id + "_x" }}'), { items: [{ id: 'pg_missing' }], continueOnFail: true });
	expect(r.requests.map((q) => [q.method, q.path])).toEqual([['GET', '/v1/commerce/pages/pg_missing_x']]);
	expect(r.items).toHaveLength(1);
});

// these settings differ only on the vm engine (the legacy one has no isolates)
const onVm = EXPECTED_ENGINE === 'vm' ? test : test.skip;

onVm("n8n's default (an isolate for every execution, its runtime compiled in each), an isolate taken at the first expression (lazy acquisition) and the runtime from V8's code cache (the suites' way: harness/engine.ts) give the same requests and items; lazily, an execution without expressions builds none", async () => {
	// isolates built (the pool's replenishment after each acquisition, or a cold start inside an evaluation)
	const built = [jest.spyOn(IsolatedVmBridge.prototype, 'initialize'), jest.spyOn(IsolatedVmBridge.prototype, 'initializeSync')];
	const builtBy = async (run: () => Promise<unknown>) => {
		built.forEach((spy) => spy.mockClear());
		await run();
		return built.reduce((n, spy) => n + spy.mock.calls.length, 0);
	};
	const plainBuilds: Record<string, number> = {};
	const runs = async () => [
		// an expression per item, a plain value, an expression that fails on one item
		await ctx.run(pageGet('={{ $json.id }}'), { items: [{ id: 'pg_a' }, { id: 'pg_b' }], continueOnFail: true }),
		await ctx.run(pageGet('pg_plain'), { continueOnFail: true }),
		await ctx.run(pageGet('={{ $json.id.toUpperCase() }}'), { items: [{ id: 'pg_c' }, {}], continueOnFail: true }),
	].map((r) => ({
		requests: r.requests.map((q) => `${q.method} ${q.path}`),
		// an error item's error without its timestamp
		items: r.items.map((i) => ({ json: i.json, pairedItem: i.pairedItem, error: i.error && `${i.error.message} | ${i.error.description}` })),
	}));
	const ways = {
		n8nDefault: { lazyAcquire: false, compileCache: false },
		lazy: { lazyAcquire: true, compileCache: false },
		compileCache: { lazyAcquire: false, compileCache: true },
	};
	const byWay: Record<string, unknown> = {};
	// the compile cache each isolate built during a way's runs was given (the bridge's own config)
	const cacheByWay: Record<string, boolean[]> = {};
	const withWay = async (way: string) => {
		built.forEach((spy) => spy.mockClear());
		byWay[way] = await runs();
		const bridges = built.flatMap((spy) => spy.mock.contexts) as Array<{ config: { compileCache?: boolean } }>;
		cacheByWay[way] = [...new Set(bridges.map((b) => Boolean(b.config.compileCache)))];
		plainBuilds[way] = await builtBy(async () => await ctx.run(pageGet('pg_plain'), { continueOnFail: true }));
	};
	try {
		for (const [way, options] of Object.entries(ways)) {
			await disposeExpressionEngine();
			await initExpressionEngine(options);
			await withWay(way);
		}
		// and the suites' own way (scripts/test.js sets both unless N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE or _COMPILE_CACHE=false)
		await disposeExpressionEngine();
		await initExpressionEngine();
		await withWay('suites');
	} finally {
		built.forEach((spy) => spy.mockRestore());
		if (plainBuilds.suites === undefined) {
			await disposeExpressionEngine();
			await initExpressionEngine();
		}
	}
	expect(byWay.lazy).toEqual(byWay.n8nDefault);
	expect(byWay.compileCache).toEqual(byWay.n8nDefault);
	expect(byWay.suites).toEqual(byWay.n8nDefault);
	expect(plainBuilds).toEqual({ n8nDefault: 1, lazy: 0, compileCache: 1, suites: LAZY_ACQUIRE ? 0 : 1 });
	expect(cacheByWay).toEqual({ n8nDefault: [false], lazy: [false], compileCache: [true], suites: [COMPILE_CACHE] });
	expect(JSON.stringify(byWay.n8nDefault)).toContain('GET /v1/commerce/pages/pg_a');
	expect(JSON.stringify(byWay.n8nDefault)).toContain('GET /v1/commerce/pages/PG_C');
});

test("a real n8n started by the suites gets none of this process's expression-engine settings: it runs n8n's defaults", () => {
	const env = new N8n({ node: '/opt/node/bin/node', n8n: '/opt/n8n/bin/n8n' }, { userFolder: '/nonexistent' }).env();
	expect(Object.keys(env).filter((k) => k.startsWith('N8N_EXPRESSION_ENGINE'))).toEqual([]);
});
