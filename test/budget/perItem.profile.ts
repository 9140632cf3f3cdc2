/**
 * Not part of `npm test` (no .test.ts): Commerce → Page → Get on 1,000 items with a mapped page
 * ID through n8n-core on the vm engine, for a CPU profile of where the per-item time goes (the
 * measured run alone: .cache/prof/pageGet.cpuprofile, profiled.ts). Run:
 *   .cache/node-24.21.0/bin/node node_modules/jest/bin/jest.js --runInBand \
 *     --testMatch '<rootDir>/test/budget/perItem.profile.ts'
 */
import { HOSTED, seedPages } from '../commerce/helpers';
import { useFakeApi } from '../../harness/context';
import { profiled } from './profiled';

const ctx = useFakeApi('storefrontCommerce');

test('Page Get on 1,000 items, page ID mapped', async () => {
	seedPages(ctx.api, 10);
	const ids = ctx.api.commerce.store(HOSTED).pages.map((p) => p.id);
	const items = Array.from({ length: 1000 }, (_, i) => ({ id: ids[i % ids.length] }));
	const parameters = { resource: 'page', operation: 'get', accountId: HOSTED, pageId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } };
	await ctx.run({ ...parameters } as never, { items: items.slice(0, 20) } as never);
	const t = Date.now();
	const r = await profiled('pageGet', async () => await ctx.run(parameters as never, { items } as never));
	console.log(`Page Get: ${r.items.length} items, ${r.requests.length} calls, ${Date.now() - t} ms`);
	expect(r.items).toHaveLength(1000);
}, 1_200_000);
