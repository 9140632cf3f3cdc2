import { ExecuteContext } from 'n8n-core';

import { NODE_NAME } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { PRO, SEARCH, SOCIAL, VIDEO } from './helpers';

const ctx = useFakeApi('storefrontAds');
const audiences = () => ctx.api.audiences;
const newAudience = async (accountId = SOCIAL, adAccountId = 'act_1001') =>
	(await ctx.run({ resource: 'audience', operation: 'create', accountId: byId(accountId), adAccountId: byId(adAccountId), audienceName: 'Buyers', type: 'customer_list' })).json[0].id as string;

describe('Audience', () => {
	const run = (parameters: Record<string, unknown>, extra = {}) => ctx.run({ resource: 'audience', ...parameters } as never, extra);

	test('Create: POST with connection, ad account, name and type; the output is the audience', async () => {
		const r = await run({ operation: 'create', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), audienceName: 'Lookalikes', type: 'lookalike' });
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([
			['POST', '/v1/ads/audiences', { accountId: SOCIAL, adAccountId: 'act_1001', name: 'Lookalikes', type: 'lookalike' }],
		]);
		expect(r.json).toEqual([{ id: expect.stringMatching(/^aud_/), name: 'Lookalikes', type: 'lookalike' }]);
	});

	test('Get Many, Get, Rename, Delete: accountId where the API wants it', async () => {
		const id = await newAudience();
		const list = await run({ operation: 'getAll', accountId: byId(SOCIAL), returnAll: true, filters: { type: 'customer_list' } });
		expect(list.requests[0]).toMatchObject({ method: 'GET', path: '/v1/ads/audiences', query: { accountId: SOCIAL, type: 'customer_list' } });
		expect(list.json).toEqual([{ id, name: 'Buyers', type: 'customer_list', size: 0 }]);

		const got = await run({ operation: 'get', accountId: byId(SOCIAL), audienceId: byId(id) });
		expect(got.requests[0]).toMatchObject({ method: 'GET', path: `/v1/ads/audiences/${id}`, query: { accountId: SOCIAL } });
		expect(got.json).toEqual([{ id, name: 'Buyers', type: 'customer_list', size: 0 }]);

		const renamed = await run({ operation: 'rename', accountId: byId(SOCIAL), audienceId: byId(id), audienceName: 'Best buyers' });
		expect(renamed.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PUT', `/v1/ads/audiences/${id}`, { accountId: SOCIAL, name: 'Best buyers' }]]);
		expect(renamed.json).toEqual([{ id, name: 'Best buyers', type: 'customer_list' }]);

		const deleted = await run({ operation: 'delete', accountId: byId(SOCIAL), audienceId: byId(id) });
		expect(deleted.requests[0]).toMatchObject({ method: 'DELETE', path: `/v1/ads/audiences/${id}`, query: { accountId: SOCIAL } });
		expect(deleted.json).toEqual([{ deleted: true, audienceId: id }]);
		expect(audiences().size).toBe(0);
	});

	/** 25,000 people (person0…person24999) went out as 10,000 + 10,000 + 5,000, in order, and the run says so. */
	function expectSentInThreeCalls(r: Awaited<ReturnType<typeof run>>, id: string) {
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, (q.body as { users: unknown[] }).users.length])).toEqual([
			['POST', `/v1/ads/audiences/${id}/users`, 10_000],
			['POST', `/v1/ads/audiences/${id}/users`, 10_000],
			['POST', `/v1/ads/audiences/${id}/users`, 5_000],
		]);
		expect((r.requests[2].body as { users: unknown[] }).users[4_999]).toEqual({ email: 'person24999@example.com', phone: '+15550024999' });
		expect(r.json).toEqual([{ success: true, audienceId: id, sent: 25_000, skipped: 0, calls: 3 }]);
	}

	test('Add Users, 25,000 people in a JSON list: split into 3 calls (10,000 + 10,000 + 5,000), total reported', async () => {
		const id = await newAudience();
		const people = Array.from({ length: 25_000 }, (_, i) => ({ email: `person${i}@example.com`, phone: `+1555${String(i).padStart(7, '0')}` }));
		const r = await run({ operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId(id), peopleInput: 'json', peopleJson: '={{ $json.people }}' }, { items: [{ people }] });
		expectSentInThreeCalls(r, id);
		expect(audiences().get(id)!.matched.size).toBe(25_000);
	}, 60_000);

	test('Add Users from incoming items: the named email and phone fields of every item, sent together by one run', async () => {
		const id = await newAudience();
		const items = Array.from({ length: 300 }, (_, i) => ({ mail: `p${i}@example.com`, tel: `+1555000${String(i).padStart(4, '0')}` }));
		const started = Date.now();
		const r = await run({ operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId(id), emailField: 'mail', phoneField: 'tel' }, { items });
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(1);
		expect((r.requests[0].body as { users: unknown[] }).users).toEqual(items.map((i) => ({ email: i.mail, phone: i.tel })));
		expect(r.json).toEqual([{ success: true, audienceId: id, sent: 300, skipped: 0, calls: 1 }]);
		console.log(`addUsers from 300 items: ${Date.now() - started} ms`);
	}, 60_000);

	test('Add Users from 25,000 incoming items (default field names): 3 calls of 10,000 / 10,000 / 5,000, one output item paired with every input item, its parameters read once a run and once a call, not once an item', async () => {
		/** The node's parameters read (n8n-core's getNodeParameter, where each expression is evaluated) while Add Users runs on `items`. */
		const readsFor = async (items: object[]) => {
			const id = await newAudience();
			// each getNodeParameter of the context n8n runs the node's own code with passes here
			const reads = jest.spyOn(ExecuteContext.prototype as unknown as { _getNodeParameter: () => unknown }, '_getNodeParameter');
			try {
				const r = await run({ operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId(id) }, { items });
				return { r, id, reads: reads.mock.calls.length };
			} finally {
				reads.mockRestore();
			}
		};
		const items = Array.from({ length: 25_000 }, (_, i) => ({ email: `person${i}@example.com`, phone: `+1555${String(i).padStart(7, '0')}` }));
		const { r, id, reads } = await readsFor(items);
		expectSentInThreeCalls(r, id);
		expect(r.items).toHaveLength(1);
		expect(r.items[0].pairedItem).toEqual(items.map((_, item) => ({ item })));
		expect(audiences().get(id)!.matched.size).toBe(25_000);
		// no work per item beyond reading its two fields: the parameters are read once a run and once
		// more for each further call (its request options), never once per item
		const few = await readsFor(items.slice(0, 3));
		expect(few.r.requests).toHaveLength(1);
		expect(reads - few.reads).toBe(r.requests.length - few.r.requests.length);
		console.log(`addUsers from 25,000 items: node time ${r.run.data.resultData.runData[NODE_NAME][0].executionTime} ms, ${reads} parameter reads`);
	}, 60_000);

	test('Add Users: dotted field names reach nested fields; items without either are skipped and counted', async () => {
		const id = await newAudience(SEARCH, '123-456-7890');
		const items = [{ customer: { email: 'a@example.com' } }, { customer: { contact: { phone: '+15551230000' } } }, { other: 1 }, { 'customer.email': 'dotted@example.com' }];
		const r = await run({ operation: 'addUsers', accountId: byId(SEARCH), audienceId: byId(id), emailField: 'customer.email', phoneField: 'customer.contact.phone' }, { items });
		expect(r.requests.map((q) => q.body)).toEqual([{ users: [{ email: 'a@example.com' }, { phone: '+15551230000' }, { email: 'dotted@example.com' }] }]);
		expect(r.json).toEqual([{ success: true, audienceId: id, sent: 3, skipped: 1, calls: 1 }]);
		expect(r.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});

	test('Add Users from a JSON list: rows without email or phone are skipped and counted; size grows (searchnet matches email only)', async () => {
		const id = await newAudience(SEARCH, '123-456-7890');
		const people = [{ email: 'a@example.com' }, { phone: '+15551230000' }, { name: 'nobody' }, { email: 'B@example.com ', phone: '+1' }];
		const r = await run({ operation: 'addUsers', accountId: byId(SEARCH), audienceId: byId(id), peopleInput: 'json', peopleJson: JSON.stringify(people) });
		expect(r.requests.map((q) => q.body)).toEqual([{ users: [{ email: 'a@example.com' }, { phone: '+15551230000' }, { email: 'B@example.com', phone: '+1' }] }]);
		expect(r.json).toEqual([{ success: true, audienceId: id, sent: 3, skipped: 1, calls: 1 }]);
		const got = await run({ operation: 'get', accountId: byId(SEARCH), audienceId: byId(id) });
		expect(got.json[0].size).toBe(2);
	});

	test('Add Users with nobody usable is refused before the call', async () => {
		const id = await newAudience();
		const r = await run({ operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId(id) }, { items: [{ name: 'x' }] });
		expect(r.error?.message).toBe('No people to add');
		expect(r.error?.description).toContain('None of the 1 incoming items has a value in "email" or "phone"');
		expect(r.requests).toHaveLength(0);
	});
});

describe('Post', () => {
	const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'post', ...parameters } as never);

	test('Get Best to Boost: ranked as the reference says, one item per post, ready for Boost', async () => {
		const r = await run({ operation: 'getBest', accountId: byId(SOCIAL), options: { adAccountId: byId('act_1001') }, returnAll: true, simplify: false });
		// then one list of the API's ads, which says which posts already have a boost
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([
			['GET', '/v1/ads/best-posts', { accountId: SOCIAL, adAccountId: 'act_1001' }],
			['GET', '/v1/ads', { page: '1', limit: '500' }],
		]);
		expect(r.json).toHaveLength(8);
		const score = (p: Record<string, unknown>) => {
			const m = p.metrics as Record<string, number>;
			return m.likes + m.reactions + 2 * m.comments + 3 * m.shares;
		};
		const engaged = r.json.filter((p) => (p.score as number) > 0);
		const rest = r.json.filter((p) => p.score === 0);
		expect(r.json).toEqual([...engaged, ...rest]);
		for (const p of r.json) expect(p.score).toBe(score(p));
		expect(engaged.map((p) => p.score)).toEqual([...engaged.map((p) => p.score as number)].sort((a, b) => b - a));
		expect(rest.map((p) => p.publishedAt)).toEqual([...rest.map((p) => p.publishedAt as string)].sort().reverse());
		expect(r.json[0]).toMatchObject({ rank: 1, postId: r.json[0].id, accountId: SOCIAL, adAccountId: 'act_1001', network: 'socialnet' });
		// the answer's sources and notes are carried onto every post
		for (const p of r.json) expect(p).toMatchObject({ sources: [{ network: 'socialnet', posts: 8, metrics: true }], notes: [] });
	});

	test('Get Best to Boost on videonet: each post carries postingAccountId as the accountId to boost with; Limit 1 = the best', async () => {
		const r = await run({ operation: 'getBest', accountId: byId(VIDEO), limit: 1, simplify: false });
		expect(r.requests[0].query).toEqual({ accountId: VIDEO });
		expect(r.json).toHaveLength(1);
		expect(r.json[0]).toMatchObject({ rank: 1, accountId: VIDEO, network: 'videonet', mediaType: 'VIDEO' });
		expect(r.json[0]).not.toHaveProperty('adAccountId');
		expect(r.json[0]).toMatchObject({ postingAccountId: VIDEO, sources: [expect.objectContaining({ network: 'videonet' })], notes: [] });
	});

	test('Get Photoapp Posts and Accounts', async () => {
		const posts = await run({ operation: 'getPhotoappPosts', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), limit: 3, simplify: false });
		expect(posts.requests[0]).toMatchObject({ method: 'GET', path: '/v1/ads/photoapp-posts', query: { accountId: SOCIAL, adAccountId: 'act_1001' } });
		expect(posts.json).toHaveLength(3);
		expect(posts.json[0]).toMatchObject({ network: 'photoapp', score: 0, postId: posts.json[0].id });
		expect(posts.json[2]).toMatchObject({ notes: ['The photoapp account is not connected for posting, so posts carry no counts'], sources: [{ network: 'photoapp', metrics: false }] });
		const accounts = await run({ operation: 'getPhotoappAccounts', accountId: byId(SOCIAL), adAccountId: byId('act_1001') });
		expect(accounts.requests[0]).toMatchObject({ method: 'GET', path: '/v1/ads/photoapp-accounts', query: { accountId: SOCIAL, adAccountId: 'act_1001' } });
		expect(accounts.json[0]).toMatchObject({ resolved: { pageId: '1000001', source: 'page' }, accounts: [expect.objectContaining({ username: 'shop' })] });
	});

	test('Simplify (on by default) keeps, of each post, what Boost Post and a re-boost map, its caption and link: 10 fields at most', async () => {
		const full = await run({ operation: 'getBest', accountId: byId(SOCIAL), options: { adAccountId: byId('act_1001') }, returnAll: true, simplify: false });
		const simple = await run({ operation: 'getBest', accountId: byId(SOCIAL), options: { adAccountId: byId('act_1001') }, returnAll: true });
		const kept = ['id', 'postId', 'rank', 'caption', 'permalink', 'accountId', 'adAccountId', 'adName', 'alreadyBoosted', 'boostAdIds'];
		expect(simple.json).toEqual(full.json.map((p) => Object.fromEntries(kept.map((k) => [k, p[k]]))));
		expect(simple.json[0]).toMatchObject({ rank: 1, postId: full.json[0].id, accountId: SOCIAL, adAccountId: 'act_1001', alreadyBoosted: false, boostAdIds: [] });
		const photo = await run({ operation: 'getPhotoappPosts', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), limit: 3 });
		expect(Object.keys(photo.json[0]).sort()).toEqual(['accountId', 'adAccountId', 'adName', 'caption', 'id', 'permalink', 'postId', 'rank']);
	});

	test('Get Pronet Pages (Options → Ad Connection, optional) and Videonet Identities: one item each', async () => {
		const pages = await run({ operation: 'getPronetPages', returnAll: true });
		expect(pages.requests[0]).toMatchObject({ method: 'GET', path: '/v1/ads/pronet-pages', query: {} });
		expect(pages.json.map((p) => p.organizationId)).toEqual(['2414183', '2414184']);
		expect(pages.json.map((p) => [p.postingAccountId, p.notes])).toEqual([
			[PRO, []],
			[PRO, []],
		]);
		const chosen = await run({ operation: 'getPronetPages', options: { accountId: byId(PRO) }, returnAll: true });
		expect(chosen.requests[0].query).toEqual({ accountId: PRO });
		const ids = await run({ operation: 'getVideonetIdentities', accountId: byId(VIDEO), adAccountId: byId('7001'), returnAll: true });
		expect(ids.requests[0]).toMatchObject({ method: 'GET', path: '/v1/ads/videonet-identities', query: { accountId: VIDEO, adAccountId: '7001' } });
		expect(ids.json[0]).toEqual({ adAccountId: '7001', identityId: 'vid_ident_1', identityType: 'VIDEO_USER', displayName: 'Shop Videos', username: 'shopvideos', profileImage: 'https://cdn.example.com/v.png' });
	});
});

test('Boost the best post: Post → Get Best to Boost (limit 1) feeds Ad → Boost Post with expressions only, and one paused ad exists', async () => {
	const best = await ctx.run({ resource: 'post', operation: 'getBest', accountId: byId(SOCIAL), options: { adAccountId: byId('act_1001') }, limit: 1 });
	expect(best.json).toHaveLength(1);
	const boost = await ctx.run(
		{
			resource: 'ad',
			operation: 'boost',
			network: 'socialnet',
			accountId: { __rl: true, mode: 'id', value: '={{ $json.accountId }}' },
			adAccountId: { __rl: true, mode: 'id', value: '={{ $json.adAccountId }}' },
			postId: '={{ $json.postId }}',
			budgetAmount: 20,
			budgetType: 'daily',
		},
		{ items: best.json },
	);
	expect(boost.error).toBeUndefined();
	// the incoming post carries its caption: the new ad is named after it (a rename: the boost takes no name)
	const name = `${String(best.json[0].caption)} (${String(best.json[0].id)})`;
	expect(best.json[0].adName).toBe(name);
	const ads = [...ctx.api.ads.ads.values()];
	expect(boost.requests.map((q) => [q.method, q.path, q.body])).toEqual([
		['POST', '/v1/ads/boost', { accountId: SOCIAL, adAccountId: 'act_1001', postId: best.json[0].id, budgetAmount: 20, budgetType: 'daily', status: 'PAUSED' }],
		['PUT', `/v1/ads/${ads[0].id}`, { name }],
	]);
	expect(ads).toHaveLength(1);
	expect(ads[0]).toMatchObject({ adType: 'boost', requestedStatus: 'paused', name });
	expect(boost.json[0]).toMatchObject({ id: ads[0].id, name });
});
