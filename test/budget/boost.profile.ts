/**
 * Not part of `npm test` (no .test.ts): Ads → Ad → Boost Post on 1,000 items with the connection,
 * ad account and post mapped (the bench's row) through n8n-core on the vm engine, for a CPU profile
 * of where the per-item time goes (the measured run alone: .cache/prof/boostPost.cpuprofile,
 * profiled.ts; perItem.profile.ts is Page → Get's). Run:
 *   .cache/node-24.21.0/bin/node node_modules/jest/bin/jest.js --runInBand \
 *     --testMatch '<rootDir>/test/budget/boost.profile.ts'
 */
import { postIdOf } from '../../fake-api';
import { byId, useFakeApi } from '../../harness/context';
import { profiled } from './profiled';

const ctx = useFakeApi('storefrontAds');

test('Boost Post on 1,000 items, connection, ad account and post mapped', async () => {
	const items = Array.from({ length: 1000 }, (_, i) => ({ accountId: 'acc_social1', adAccountId: 'act_1001', postId: postIdOf('acc_social1', i % 8) }));
	const parameters = {
		resource: 'ad',
		operation: 'boost',
		network: 'socialnet',
		accountId: byId('={{ $json.accountId }}'),
		adAccountId: byId('={{ $json.adAccountId }}'),
		postId: '={{ $json.postId }}',
		budgetAmount: 15,
		budgetType: 'daily',
	};
	await ctx.run(parameters as never, { items: items.slice(0, 20) } as never);
	const t = Date.now();
	const r = await profiled('boostPost', async () => await ctx.run(parameters as never, { items } as never));
	console.log(`Boost Post: ${r.items.length} items, ${r.requests.length} calls, ${Date.now() - t} ms`);
	expect(r.items).toHaveLength(1000);
	expect(r.items.filter((item) => item.error)).toEqual([]);
}, 1_200_000);
