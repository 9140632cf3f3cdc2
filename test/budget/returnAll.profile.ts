/**
 * Not part of `npm test` (no .test.ts): Return All of 10,000 pages through n8n-core, for a CPU
 * profile of where the per-page time goes. Run:
 *   .cache/node-24.21.0/bin/node --cpu-prof --cpu-prof-dir=.cache/prof \
 *     node_modules/jest/bin/jest.js --runInBand --testMatch '<rootDir>/test/budget/returnAll.profile.ts'
 */
import { HOSTED, seedPages } from '../commerce/helpers';
import { useFakeApi } from '../../harness/context';

const ctx = useFakeApi('storefrontCommerce');

test('Return All of 10,000 pages', async () => {
	seedPages(ctx.api, 10_000);
	const t = Date.now();
	const r = await ctx.run({ resource: 'page', operation: 'getAll', accountId: HOSTED, returnAll: true } as never);
	console.log(`Return All: ${r.items.length} items, ${r.requests.length} calls, ${Date.now() - t} ms`);
	expect(r.items).toHaveLength(10_000);
}, 120_000);
