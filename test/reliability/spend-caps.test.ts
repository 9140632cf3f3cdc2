import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { postIdOf } from '../../fake-api';
import type { Credentials } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { runAsTool } from '../../harness/tool';
import { inDays, SEARCH, SOCIAL, socialCreate } from '../ads/helpers';

/**
 * The credential's spending caps (docs/nodes.md, "Spending caps"), through n8n-core against the fake
 * API: every operation that spends or raises spend, each cap just under and just over, with the
 * budgets and statuses mapped by expression from the input items and Continue On Fail on. Each
 * test asserts the exact requests the API received (none for a refused item) and the items: the
 * allowed one as usual, the refused one an error item paired with its input, naming the cap.
 */

const ctx = useFakeApi('storefrontAds');
const CUSTOMER = '123-456-7890';
const BOOST_POST = postIdOf(SOCIAL, 0);
const NOTHING_SENT = 'Nothing was sent.';

type Caps = Omit<Credentials, 'apiKey' | 'baseUrl'>;

/** Limit Spending off: the explicit "no caps" choice. */
const NO_CAPS: Caps = { limitSpending: false };
/** The caps not under test, wide open, as a user who limits one thing sets the others. */
const WIDE = { maxDailyBudget: 1_000_000, maxLifetimeBudget: 1_000_000, pausedOnly: false, maxSpendingCallsPerExecution: 1_000 };
/** Limit Spending on, with `caps` the ones that bind. */
const limit = (caps: Caps): Caps => ({ limitSpending: true, ...WIDE, ...caps });

/** Runs the node with Continue On Fail under a credential with `caps`, one input item per entry of `items`. */
async function run(parameters: IDataObject, caps: Caps, items: IDataObject[], extra: IDataObject = {}) {
	return await ctx.run(parameters as INodeParameters, {
		credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, ...caps },
		items,
		continueOnFail: true,
		...extra,
	});
}

/** What one request sent that the caps look at. */
const sent = (r: Awaited<ReturnType<typeof run>>) =>
	r.requests.map((q) => {
		const body = (q.body ?? {}) as IDataObject;
		const budget = (body.budget as IDataObject | undefined) ?? (body.budgetAmount === undefined ? undefined : { amount: body.budgetAmount, type: body.budgetType });
		return { method: q.method, path: q.path, ...(budget ? { budget } : {}), ...(body.status === undefined ? {} : { status: body.status }) };
	});

/** What reached the API that was not a read, and the paths of the reads (switching on reads the budget first). */
const writes = (r: Awaited<ReturnType<typeof run>>) => sent(r).filter((q) => q.method !== 'GET');
const reads = (r: Awaited<ReturnType<typeof run>>) => r.requests.filter((q) => q.method === 'GET').map((q) => q.path);

/** The items: the allowed ones as the operation answers, each refused one an error item paired with its input. */
function expectItems(r: Awaited<ReturnType<typeof run>>, refused: Record<number, RegExp>, total: number) {
	expect(r.error).toBeUndefined();
	expect(r.items).toHaveLength(total);
	r.items.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		if (refused[i]) {
			expect(String(item.json.error)).toMatch(refused[i]);
			expect(String(item.json.error)).toContain(NOTHING_SENT);
		} else expect(item.json.error).toBeUndefined();
	});
}

/** Budget and status as expressions over the input item (`$json.budget`, `$json.type`, `$json.status`). */
const EXPR = { budget: '={{ $json.budget }}', type: '={{ $json.type }}', status: '={{ $json.status }}' };

/** The operations that create something with a budget and a status (ad creates, boost, campaign create). */
interface Creator {
	label: string;
	path: string;
	parameters: IDataObject;
	/** Status values as the operation takes them. */
	active: string;
	paused: string;
}

const adCreate = (operation: string, extra: IDataObject = {}) =>
	socialCreate({ operation, budgetAmount: EXPR.budget, budgetType: EXPR.type, status: EXPR.status, endDate: inDays(30), ...extra });

const CREATORS: Creator[] = [
	{ label: 'Ad → Create', path: '/v1/ads/create', parameters: adCreate('create'), active: 'ACTIVE', paused: 'PAUSED' },
	{ label: 'Ad → Create Messaging', path: '/v1/ads/messaging', parameters: adCreate('createMessaging', { destination: 'page_123' }), active: 'ACTIVE', paused: 'PAUSED' },
	{ label: 'Ad → Create Call', path: '/v1/ads/call', parameters: adCreate('createCall', { phoneNumber: '+15551234567' }), active: 'ACTIVE', paused: 'PAUSED' },
	{
		label: 'Ad → Boost Post',
		path: '/v1/ads/boost',
		parameters: {
			resource: 'ad',
			operation: 'boost',
			network: 'socialnet',
			accountId: byId(SOCIAL),
			adAccountId: byId('act_1001'),
			postId: BOOST_POST,
			budgetAmount: EXPR.budget,
			budgetType: EXPR.type,
			status: EXPR.status,
			endDate: inDays(30),
		},
		active: 'ACTIVE',
		paused: 'PAUSED',
	},
	{
		label: 'Campaign → Create',
		path: '/v1/ads/campaigns',
		parameters: {
			resource: 'campaign',
			operation: 'create',
			network: 'socialnet',
			accountId: byId(SOCIAL),
			adAccountId: byId('act_1001'),
			name: 'Summer sale',
			goal: 'traffic',
			status: EXPR.status,
			additionalFields: { budget: EXPR.budget, budgetType: EXPR.type },
		},
		active: 'ACTIVE',
		paused: 'PAUSED',
	},
];

describe.each(CREATORS.map((c) => [c.label, c] as const))('%s', (_label, c) => {
	test('Limit Spending off (no caps): both items sent as asked, ACTIVE and 10,000 a day included', async () => {
		const r = await run(c.parameters, NO_CAPS, [
			{ budget: 10_000, type: 'daily', status: c.active },
			{ budget: 20, type: 'daily', status: c.paused },
		]);
		expect(sent(r)).toEqual([
			{ method: 'POST', path: c.path, budget: { amount: 10_000, type: 'daily' }, status: c.active },
			{ method: 'POST', path: c.path, budget: { amount: 20, type: 'daily' }, status: c.paused },
		]);
		expectItems(r, {}, 2);
	});

	test('Max Daily Budget 50: 50 is sent, 51 is refused naming the cap, nothing of it sent', async () => {
		const r = await run(c.parameters, limit({ maxDailyBudget: 50 }), [
			{ budget: 50, type: 'daily', status: c.paused },
			{ budget: 51, type: 'daily', status: c.paused },
		]);
		expect(sent(r)).toEqual([{ method: 'POST', path: c.path, budget: { amount: 50, type: 'daily' }, status: c.paused }]);
		expectItems(r, { 1: /^Daily budget 51 is above this credential's cap of 50 \(Max Daily Budget\)\./ }, 2);
	});

	test('Max Lifetime Budget 500: 500 is sent, 501 refused; the daily cap does not apply to lifetime budgets', async () => {
		const r = await run(c.parameters, limit({ maxDailyBudget: 50, maxLifetimeBudget: 500 }), [
			{ budget: 501, type: 'lifetime', status: c.paused },
			{ budget: 500, type: 'lifetime', status: c.paused },
		]);
		expect(sent(r)).toEqual([{ method: 'POST', path: c.path, budget: { amount: 500, type: 'lifetime' }, status: c.paused }]);
		expectItems(r, { 0: /^Lifetime budget 501 is above this credential's cap of 500 \(Max Lifetime Budget\)\./ }, 2);
	});

	test('Paused Only: PAUSED is sent, ACTIVE is refused (not turned into PAUSED)', async () => {
		const r = await run(c.parameters, limit({ pausedOnly: true }), [
			{ budget: 20, type: 'daily', status: c.active },
			{ budget: 20, type: 'daily', status: c.paused },
		]);
		expect(sent(r)).toEqual([{ method: 'POST', path: c.path, budget: { amount: 20, type: 'daily' }, status: c.paused }]);
		expectItems(r, { 0: /^Status ACTIVE is refused: this credential allows paused only \(Paused Only is on\)\./ }, 2);
	});

	test('Max Spending Actions per Execution 3: four items, three sent, the fourth refused', async () => {
		const items = [20, 21, 22, 23].map((budget) => ({ budget, type: 'daily', status: c.paused }));
		const r = await run(c.parameters, limit({ maxSpendingCallsPerExecution: 3 }), items);
		expect(sent(r)).toEqual([20, 21, 22].map((amount) => ({ method: 'POST', path: c.path, budget: { amount, type: 'daily' }, status: c.paused })));
		expectItems(r, { 3: /^Spending action 4 of this execution, above this credential's cap of 3 \(Max Spending Actions per Execution\); 3 already taken\./ }, 4);
	});

	test('Validate Only is never refused by a cap: it runs, spends nothing, is not counted, and its output says which caps would refuse the real call', async () => {
		const parameters = { ...c.parameters, validateOnly: '={{ $json.check }}' };
		const caps = limit({ maxDailyBudget: 50, pausedOnly: true, maxSpendingCallsPerExecution: 1 });
		const r = await run(parameters, caps, [
			{ budget: 51, type: 'daily', status: c.paused, check: true },
			{ budget: 20, type: 'daily', status: c.active, check: true },
			{ budget: 50, type: 'daily', status: c.paused, check: true },
			{ budget: 50, type: 'daily', status: c.paused, check: true },
			{ budget: 40, type: 'daily', status: c.paused, check: false },
		]);
		// the four checks and the one real call the count allows (the checks took none of it); in any order, since
		// Campaign → Create looks a check's Ad Connection up first (a read, not among these)
		const posts = r.requests.filter((q) => q.method === 'POST').map((q) => [q.path, (q.body as IDataObject).validateOnly ?? false]);
		expect(posts.sort()).toEqual([
			[c.path, false],
			[c.path, true],
			[c.path, true],
			[c.path, true],
			[c.path, true],
		]);
		expectItems(r, {}, 5);
		expect(r.items[0].json.capsWouldRefuse).toEqual({
			message: "Daily budget 51 is above this credential's cap of 50 (Max Daily Budget). The real call would be refused.",
			fix: expect.stringMatching(/^A daily budget of 50 or less passes \(or Max Daily Budget of 51 or more\)\. .*or turn Limit Spending off/),
		});
		expect(r.items[1].json.capsWouldRefuse).toMatchObject({ message: expect.stringMatching(/^Status ACTIVE is refused: this credential allows paused only \(Paused Only is on\)\./) });
		expect(r.items.slice(2).map((i) => i.json.capsWouldRefuse)).toEqual([undefined, undefined, undefined]);
	});
});

describe('Status changes: Paused Only refuses active, and each activation counts', () => {
	const seed = () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Seeded', 1);
		const adSet = ctx.api.ads.adSetsOf(campaign.platformCampaignId)[0];
		const ad = ctx.api.ads.adsOf(campaign.platformCampaignId)[0];
		return { campaign, adSet, ad };
	};
	const STATUS_OPS = [
		{
			label: 'Ad → Set Status',
			parameters: (s: ReturnType<typeof seed>) => ({ resource: 'ad', operation: 'setStatus', adId: byId(s.ad.id), status: EXPR.status }),
			path: (s: ReturnType<typeof seed>) => `/v1/ads/${s.ad.id}/status`,
			read: (s: ReturnType<typeof seed>) => `/v1/ads/${s.ad.id}`,
		},
		{
			label: 'Ad Set → Set Status',
			parameters: (s: ReturnType<typeof seed>) => ({
				resource: 'adSet',
				operation: 'setStatus',
				accountId: byId(SOCIAL),
				adSetId: byId(s.adSet.platformAdSetId),
				platform: 'socialfeed',
				status: EXPR.status,
			}),
			path: (s: ReturnType<typeof seed>) => `/v1/ads/ad-sets/${s.adSet.platformAdSetId}/status`,
			read: () => '/v1/ads/ad-sets',
		},
		{
			label: 'Campaign → Set Status',
			parameters: (s: ReturnType<typeof seed>) => ({
				resource: 'campaign',
				operation: 'setStatus',
				campaignId: byId(s.campaign.platformCampaignId),
				platform: 'socialfeed',
				status: EXPR.status,
			}),
			path: (s: ReturnType<typeof seed>) => `/v1/ads/campaigns/${s.campaign.platformCampaignId}/status`,
			read: () => '/v1/ads/campaigns',
		},
		{
			label: 'Ad → Update (Status)',
			parameters: (s: ReturnType<typeof seed>) => ({ resource: 'ad', operation: 'update', adId: byId(s.ad.id), updateFields: { status: EXPR.status } }),
			path: (s: ReturnType<typeof seed>) => `/v1/ads/${s.ad.id}`,
			read: (s: ReturnType<typeof seed>) => `/v1/ads/${s.ad.id}`,
		},
	];

	describe.each(STATUS_OPS.map((o) => [o.label, o] as const))('%s', (_label, o) => {
		test('Limit Spending off: active is sent', async () => {
			const s = seed();
			const r = await run(o.parameters(s), NO_CAPS, [{ status: 'active' }]);
			expect(sent(r)).toEqual([{ method: 'PUT', path: o.path(s), status: 'active' }]);
			expectItems(r, {}, 1);
		});

		test('Paused Only: paused is sent, active is refused naming the cap', async () => {
			const s = seed();
			const r = await run(o.parameters(s), limit({ pausedOnly: true }), [{ status: 'active' }, { status: 'paused' }]);
			expect(sent(r)).toEqual([{ method: 'PUT', path: o.path(s), status: 'paused' }]);
			expectItems(r, { 0: /^Status active is refused: this credential allows paused only \(Paused Only is on\)\./ }, 2);
		});

		test('Max Spending Actions 1: pausing never counts; the first activation is sent, a second one refused; the same activation again is the same call', async () => {
			const s = seed();
			const other = seed();
			const r = await run(o.parameters(s), limit({ maxSpendingCallsPerExecution: 1 }), [{ status: 'paused' }, { status: 'active' }, { status: 'active' }, { status: 'paused' }]);
			// an input's items go at once, each activation after its budget's read: both pauses are sent first, then
			// the same activation twice with no pause between them, counted once (the API switches it on once)
			expect(writes(r)).toEqual([
				{ method: 'PUT', path: o.path(s), status: 'paused' },
				{ method: 'PUT', path: o.path(s), status: 'paused' },
				{ method: 'PUT', path: o.path(s), status: 'active' },
				{ method: 'PUT', path: o.path(s), status: 'active' },
			]);
			expect(reads(r)).toEqual([o.read(s), o.read(s)]);
			expectItems(r, {}, 4);
			// in one execution: one object made active is sent, another one is a second spending action (refused before its budget is read)
			const executionId = `exec-status-${o.label}`;
			const one = await run(o.parameters(s), limit({ maxSpendingCallsPerExecution: 1 }), [{ status: 'active' }], { executionId });
			expect(writes(one)).toEqual([{ method: 'PUT', path: o.path(s), status: 'active' }]);
			expect(reads(one)).toEqual([o.read(s)]);
			const shared = await run(o.parameters(other), limit({ maxSpendingCallsPerExecution: 1 }), [{ status: 'active' }], { executionId });
			expect(shared.requests).toEqual([]);
			expectItems(shared, { 0: /^Spending action 2 of this execution, above this credential's cap of 1/ }, 1);
		});
	});

	test('Campaign → Bulk Set Status: Paused Only refuses active; each campaign made active counts', async () => {
		const campaigns = [seed(), seed(), seed()].map((s) => ({ campaignId: s.campaign.platformCampaignId, platform: 'socialfeed' }));
		const parameters = { resource: 'campaign', operation: 'bulkSetStatus', status: EXPR.status, campaignsInput: 'json', campaignsJson: '={{ JSON.stringify($json.campaigns) }}' };

		const paused = await run(parameters, limit({ pausedOnly: true }), [
			{ status: 'active', campaigns },
			{ status: 'paused', campaigns },
		]);
		expect(sent(paused)).toEqual([{ method: 'POST', path: '/v1/ads/campaigns/bulk-status', status: 'paused' }]);
		expectItems(paused, { 0: /^Status active is refused: this credential allows paused only/ }, 2);

		const counted = await run(parameters, limit({ maxSpendingCallsPerExecution: 2 }), [
			{ status: 'active', campaigns: campaigns.slice(0, 2) },
			{ status: 'active', campaigns: campaigns.slice(2) },
		]);
		expect(writes(counted)).toEqual([{ method: 'POST', path: '/v1/ads/campaigns/bulk-status', status: 'active' }]);
		// each item reads its platform's campaign list for the budgets (both pass the count until one is sent)
		expect(reads(counted)).toEqual(['/v1/ads/campaigns', '/v1/ads/campaigns']);
		expectItems(counted, { 1: /^Spending action 3 of this execution, above this credential's cap of 2/ }, 2);

		const atOnce = await run(parameters, limit({ maxSpendingCallsPerExecution: 2 }), [{ status: 'active', campaigns }]);
		expect(atOnce.requests).toEqual([]);
		expectItems(atOnce, { 0: /^These 3 spending actions make 3 in this execution, above this credential's cap of 2/ }, 1);
	});
});

describe('Budget and bid changes: Update of campaigns, ad sets and ads', () => {
	const seeded = () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Seeded', 1);
		return { campaign, adSet: ctx.api.ads.adSetsOf(campaign.platformCampaignId)[0], ad: ctx.api.ads.adsOf(campaign.platformCampaignId)[0] };
	};
	const UPDATES = [
		{
			label: 'Campaign → Update',
			parameters: (s: ReturnType<typeof seeded>, fields: IDataObject) => ({
				resource: 'campaign',
				operation: 'update',
				campaignId: byId(s.campaign.platformCampaignId),
				platform: 'socialfeed',
				updateFields: fields,
			}),
			path: (s: ReturnType<typeof seeded>) => `/v1/ads/campaigns/${s.campaign.platformCampaignId}`,
		},
		{
			label: 'Ad Set → Update',
			parameters: (s: ReturnType<typeof seeded>, fields: IDataObject) => ({
				resource: 'adSet',
				operation: 'update',
				accountId: byId(SOCIAL),
				adSetId: byId(s.adSet.platformAdSetId),
				platform: 'socialfeed',
				updateFields: fields,
			}),
			path: (s: ReturnType<typeof seeded>) => `/v1/ads/ad-sets/${s.adSet.platformAdSetId}`,
		},
		{
			label: 'Ad → Update',
			parameters: (s: ReturnType<typeof seeded>, fields: IDataObject) => ({ resource: 'ad', operation: 'update', adId: byId(s.ad.id), updateFields: fields }),
			path: (s: ReturnType<typeof seeded>) => `/v1/ads/${s.ad.id}`,
		},
	];
	const budgetFields = { budget: EXPR.budget, budgetType: EXPR.type };

	describe.each(UPDATES.map((u) => [u.label, u] as const))('%s', (_label, u) => {
		test('Max Daily Budget 50 / Max Lifetime Budget 500: at the caps sent, one over refused naming the cap', async () => {
			const s = seeded();
			const r = await run(u.parameters(s, budgetFields), limit({ maxDailyBudget: 50, maxLifetimeBudget: 500 }), [
				{ budget: 50, type: 'daily' },
				{ budget: 51, type: 'daily' },
				{ budget: 500, type: 'lifetime' },
				{ budget: 501, type: 'lifetime' },
			]);
			expect(sent(r)).toEqual([
				{ method: 'PUT', path: u.path(s), budget: { amount: 50, type: 'daily' } },
				{ method: 'PUT', path: u.path(s), budget: { amount: 500, type: 'lifetime' } },
			]);
			expectItems(r, { 1: /^Daily budget 51 is above this credential's cap of 50/, 3: /^Lifetime budget 501 is above this credential's cap of 500/ }, 4);
		});

		test('Max Spending Actions 2: budget changes count, a rename does not', async () => {
			const s = seeded();
			const r = await run(u.parameters(s, budgetFields), limit({ maxSpendingCallsPerExecution: 2 }), [
				{ budget: 20, type: 'daily' },
				{ budget: 21, type: 'daily' },
				{ budget: 22, type: 'daily' },
			]);
			expect(sent(r).map((q) => q.budget)).toEqual([
				{ amount: 20, type: 'daily' },
				{ amount: 21, type: 'daily' },
			]);
			expectItems(r, { 2: /^Spending action 3 of this execution, above this credential's cap of 2/ }, 3);
			const renamed = await run(u.parameters(s, { name: '={{ $json.name }}' }), limit({ maxSpendingCallsPerExecution: 1 }), [{ name: 'A' }, { name: 'B' }]);
			expect(renamed.requests).toHaveLength(2);
			expectItems(renamed, {}, 2);
		});
	});

	test('bid changes count as spending actions (campaigns and ad sets)', async () => {
		const s = seeded();
		const r = await run(UPDATES[1].parameters(s, { bidAmount: '={{ $json.bid }}' }), limit({ maxSpendingCallsPerExecution: 1 }), [{ bid: 0.5 }, { bid: 0.7 }]);
		expect(r.requests.map((q) => (q.body as IDataObject).bidAmount)).toEqual([0.5]);
		expectItems(r, { 1: /^Spending action 2 of this execution/ }, 2);
	});
});

describe('Recommendation → Apply', () => {
	const name = (n: number) => `customers/1234567890/recommendations/${n}`;
	const apply = { resource: 'recommendation', operation: 'apply', accountId: byId(SEARCH), adAccountId: byId(CUSTOMER), resourceNames: '={{ $json.names }}' };
	const posts = (r: Awaited<ReturnType<typeof run>>) => r.requests.filter((q) => q.method === 'POST').map((q) => (q.body as { recommendations: IDataObject[] }).recommendations);

	test('Limit Spending off: applied without a lookup', async () => {
		const r = await run(apply, NO_CAPS, [{ names: name(1) }]);
		expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /v1/ads/recommendations/apply']);
	});

	test('Limit Spending on: a campaign budget recommendation (an amount not known beforehand) is refused, a sitelink one applied; the lookup is a read', async () => {
		const r = await run(apply, limit({ maxDailyBudget: 50 }), [{ names: name(1) }, { names: name(8) }]);
		expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
			'GET /v1/ads/recommendations',
			'GET /v1/ads/recommendations',
			'POST /v1/ads/recommendations/apply',
		]);
		expect(posts(r)).toEqual([[{ resourceName: name(8) }]]);
		expect(String(r.items[0].json.error)).toMatch(/^Applying this recommendation is refused: customers\/1234567890\/recommendations\/1 \(CAMPAIGN_BUDGET\): this type is a budget change, by an amount the API does not show\. With Limit Spending on, this credential applies only types known to change no budget or bidding, whatever the network estimates/);
		expect(String(r.items[0].json.error)).toContain('Max Daily Budget 50, Max Lifetime Budget 1000000');
		expect(r.items[0].pairedItem).toEqual({ item: 0 });
		expect(r.items[1]).toMatchObject({ json: { resourceName: name(8), status: 'applied' }, pairedItem: { item: 1 } });
	});

	test('Limit Spending on: ad, sitelink and keyword recommendations are each a spending action (Max Spending Actions 0 refuses them; a cap of 2 applies two); one the list does not hold is refused (fail closed)', async () => {
		const none = await run(apply, limit({ maxSpendingCallsPerExecution: 0 }), [{ names: name(4) }, { names: name(8) }, { names: name(2) }, { names: name(99) }]);
		expect(posts(none)).toEqual([]);
		const NONE = /^This credential allows no spending action \(Max Spending Actions per Execution is 0\)/;
		expectItems(
			none,
			{ 0: NONE, 1: NONE, 2: NONE, 3: /^Applying this recommendation is refused: customers\/1234567890\/recommendations\/99: not in the account's recommendations, so its type cannot be looked up/ },
			4,
		);
		// one item naming three: one action per recommendation, three over a cap of 2, refused whole
		const three = await run(apply, limit({ maxSpendingCallsPerExecution: 2 }), [{ names: `${name(4)},${name(8)},${name(2)}` }]);
		expect(posts(three)).toEqual([]);
		expectItems(three, { 0: /^These 3 spending actions make 3 in this execution, above this credential's cap of 2 \(Max Spending Actions per Execution\); 0 already taken\./ }, 1);
		const two = await run(apply, limit({ maxSpendingCallsPerExecution: 2 }), [{ names: `${name(4)},${name(8)}` }]);
		expect(posts(two)).toEqual([[{ resourceName: name(4) }, { resourceName: name(8) }]]);
	});
});

test('all four caps set: an item over several caps gets one error naming each, an item within them all goes through', async () => {
	const caps = { limitSpending: true, maxDailyBudget: 50, maxLifetimeBudget: 500, pausedOnly: true, maxSpendingCallsPerExecution: 3 };
	const r = await run(CREATORS[3].parameters, caps, [
		{ budget: 10_000, type: 'daily', status: 'ACTIVE' },
		{ budget: 50, type: 'daily', status: 'PAUSED' },
	]);
	expect(sent(r)).toEqual([{ method: 'POST', path: '/v1/ads/boost', budget: { amount: 50, type: 'daily' }, status: 'PAUSED' }]);
	expectItems(r, { 0: /^Daily budget 10000 is above this credential's cap of 50 \(Max Daily Budget\)\. Status ACTIVE is refused: this credential allows paused only \(Paused Only is on\)\. Nothing was sent\. / }, 2);
});

test('Limit Spending off is the explicit "no caps" choice: caps stored beside it do not apply (n8n drops the hidden fields)', async () => {
	const caps = { limitSpending: false, maxDailyBudget: 50, pausedOnly: true, maxSpendingCallsPerExecution: 1 };
	const r = await run(CREATORS[3].parameters, caps, [
		{ budget: 10_000, type: 'daily', status: 'ACTIVE' },
		{ budget: 20_000, type: 'daily', status: 'ACTIVE' },
	]);
	expect(sent(r).map((q) => q.budget)).toEqual([
		{ amount: 10_000, type: 'daily' },
		{ amount: 20_000, type: 'daily' },
	]);
	expectItems(r, {}, 2);
});

describe('0 means nothing may be spent', () => {
	test('Max Daily Budget 0 and Max Lifetime Budget 0: any budget is refused, saying none is allowed', async () => {
		const r = await run(CREATORS[3].parameters, limit({ maxDailyBudget: 0, maxLifetimeBudget: 0 }), [
			{ budget: 1, type: 'daily', status: 'PAUSED' },
			{ budget: 1, type: 'lifetime', status: 'PAUSED' },
		]);
		expect(r.requests).toEqual([]);
		expectItems(
			r,
			{
				0: /^Daily budget 1 is refused: this credential allows no daily budget \(Max Daily Budget is 0\)\. Nothing was sent\. /,
				1: /^Lifetime budget 1 is refused: this credential allows no lifetime budget \(Max Lifetime Budget is 0\)\. Nothing was sent\. /,
			},
			2,
		);
		expect(String(r.items[0].json.error)).not.toContain('of 0 or less');
	});

	test('Max Spending Actions per Execution 0: no create, even a paused one within the budget caps, and no activation; a Validate Only check and a pause still go through', async () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Seeded', 1);
		const ad = ctx.api.ads.adsOf(campaign.platformCampaignId)[0];
		const none = limit({ maxSpendingCallsPerExecution: 0 });
		const boost = await run({ ...CREATORS[3].parameters, validateOnly: '={{ $json.check }}' }, none, [
			{ budget: 20, type: 'daily', status: 'PAUSED', check: false },
			{ budget: 20, type: 'daily', status: 'PAUSED', check: true },
		]);
		expect(boost.requests.map((q) => [q.path, (q.body as IDataObject).validateOnly])).toEqual([['/v1/ads/boost', true]]);
		expectItems(boost, { 0: /^This credential allows no spending action \(Max Spending Actions per Execution is 0\): no create, boost or activation, no budget or bid change, no keywords added\. Nothing was sent\. / }, 2);

		const status = await run({ resource: 'ad', operation: 'setStatus', adId: byId(ad.id), status: EXPR.status }, none, [{ status: 'active' }, { status: 'paused' }]);
		expect(sent(status)).toEqual([{ method: 'PUT', path: `/v1/ads/${ad.id}/status`, status: 'paused' }]);
		expectItems(status, { 0: /^This credential allows no spending action/ }, 2);
	});

	test('a credential stored without the switch or any cap (created through n8n\'s API, or saved before the caps): Limit Spending on by default, every cap 0, nothing may be spent; reads go on', async () => {
		const r = await run(CREATORS[3].parameters, {}, [{ budget: 20, type: 'daily', status: 'PAUSED' }]);
		expect(r.requests).toEqual([]);
		expectItems(r, { 0: /^Daily budget 20 is refused: this credential allows no daily budget \(Max Daily Budget is 0\)/ }, 1);
		const read = await run({ resource: 'campaign', operation: 'getAll', returnAll: true }, {}, [{}]);
		expect(read.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/ads/campaigns']);
		expect(read.error).toBeUndefined();
	});
});

test('a credential saved with caps before the Limit Spending switch existed keeps them: n8n gives it the switch\'s default, on', async () => {
	const saved = { maxDailyBudget: 50, maxLifetimeBudget: 500, pausedOnly: true, maxSpendingCallsPerExecution: 3 };
	const r = await run(CREATORS[3].parameters, saved, [
		{ budget: 51, type: 'daily', status: 'PAUSED' },
		{ budget: 20, type: 'daily', status: 'ACTIVE' },
		{ budget: 50, type: 'daily', status: 'PAUSED' },
	]);
	expect(sent(r)).toEqual([{ method: 'POST', path: '/v1/ads/boost', budget: { amount: 50, type: 'daily' }, status: 'PAUSED' }]);
	expectItems(r, { 0: /^Daily budget 51 is above this credential's cap of 50/, 1: /^Status ACTIVE is refused/ }, 3);
});

test('without Continue On Fail a refused item stops the node with the error, and nothing is sent', async () => {
	const r = await run(CREATORS[3].parameters, limit({ maxDailyBudget: 50 }), [{ budget: 10_000, type: 'daily', status: 'PAUSED' }], { continueOnFail: false });
	expect(r.requests).toEqual([]);
	// all of it in the message (n8n keeps only the message under Continue On Fail), each sentence once
	expect(r.error?.message).toBe(
		'Daily budget 10000 is above this credential\'s cap of 50 (Max Daily Budget). Nothing was sent. A daily budget of 50 or less passes (or Max Daily Budget of 10000 or more). The owner of the credential "Storefront account" can change its Spending caps or turn Limit Spending off.',
	);
	expect(r.error?.description).toBe('docs/nodes.md, "Spending caps", lists which operations each cap checks.');
});

test('Retry On Fail resends the same boost with the same Idempotency-Key: counted once', async () => {
	ctx.api.injectFault({ type: 'dropResponse' }, 1, { method: 'POST' });
	const boost = { ...CREATORS[3].parameters, budgetAmount: 20, budgetType: 'daily', status: 'PAUSED' };
	const r = await run(boost, limit({ maxSpendingCallsPerExecution: 1 }), [{}], { continueOnFail: false, settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 } });
	expect(r.error).toBeUndefined();
	const keys = r.requests.filter((q) => q.method === 'POST').map((q) => q.headers['idempotency-key']);
	expect(keys.length).toBeGreaterThanOrEqual(2);
	expect(new Set(keys).size).toBe(1);
	expect(r.json).toEqual([expect.objectContaining({ id: expect.stringMatching(/^ad_/) })]);
});

describe('as an AI tool ($fromAI values, RoutingNode alone)', () => {
	const tool = async (parameters: IDataObject, args: IDataObject, caps: Caps) => {
		ctx.api.clearRequests();
		const call = await runAsTool({ node: 'storefrontAds', parameters: parameters as INodeParameters, args, credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, ...caps } });
		return { call, requests: [...ctx.api.requests] };
	};
	const boost = {
		...CREATORS[3].parameters,
		budgetAmount: "={{ $fromAI('dailyBudget', '', 'number') }}",
		budgetType: 'daily',
		status: "={{ $fromAI('status', '', 'string') }}",
	};

	test('a model asking for 10,000 a day gets an error naming the cap; the API receives nothing; 50 goes through', async () => {
		const over = await tool(boost, { dailyBudget: 10_000, status: 'PAUSED' }, limit({ maxDailyBudget: 50 }));
		expect(over.requests).toEqual([]);
		expect(over.call.error).toContain("Daily budget 10000 is above this credential's cap of 50 (Max Daily Budget). Nothing was sent.");

		const within = await tool(boost, { dailyBudget: 50, status: 'PAUSED' }, limit({ maxDailyBudget: 50 }));
		expect(within.call.error).toBeUndefined();
		expect(sent({ requests: within.requests } as never)).toEqual([{ method: 'POST', path: '/v1/ads/boost', budget: { amount: 50, type: 'daily' }, status: 'PAUSED' }]);
	});

	test('a model asking for ACTIVE under Paused Only gets an error; nothing is sent', async () => {
		const active = await tool(boost, { dailyBudget: 20, status: 'ACTIVE' }, limit({ pausedOnly: true }));
		expect(active.requests).toEqual([]);
		expect(active.call.error).toContain('Status ACTIVE is refused: this credential allows paused only (Paused Only is on). Nothing was sent.');
	});

	test('Ad → Set Status active chosen by the model under Paused Only: refused, nothing sent', async () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Seeded', 1);
		const ad = ctx.api.ads.adsOf(campaign.platformCampaignId)[0];
		const r = await tool({ resource: 'ad', operation: 'setStatus', adId: byId(ad.id), status: "={{ $fromAI('status', '', 'string') }}" }, { status: 'active' }, limit({ pausedOnly: true }));
		expect(r.requests).toEqual([]);
		expect(r.call.error).toContain('Status active is refused');
	});

	test('the description tells the model that caps may apply and that a refusal is final', async () => {
		const r = await tool(boost, { dailyBudget: 20, status: 'PAUSED' }, NO_CAPS);
		expect(r.call.description).toContain('Spending caps may apply');
		expect(r.call.description).toContain('that refusal is final, do not retry it');
		const read = await tool({ resource: 'campaign', operation: 'getAll', returnAll: true }, {}, NO_CAPS);
		expect(read.call.description).not.toContain('Spending caps');
	});
});

/**
 * Edges a mutation run found untested (docs/development.md, "Mutation testing"): how caps typed by
 * a person are read, what Paused Only lets an update leave alone, what is and is not a spending
 * action, and the words that say what would pass.
 */
describe('caps as typed, and what does not count', () => {
	/** The refusal of one item, without Continue On Fail: its message and its description (what would pass). */
	async function refusal(parameters: IDataObject, caps: Caps, item: IDataObject) {
		const r = await ctx.run(parameters as INodeParameters, { credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, ...caps }, items: [item] });
		// nothing sent but reads (Recommendation → Apply looks its names up)
		expect(r.requests.filter((q) => q.method !== 'GET')).toEqual([]);
		return { message: r.error?.message, description: r.error?.description };
	}
	const boostOf = (budget: number, status = 'PAUSED') => ({ budget, type: 'daily', status });

	test('a cap that is negative, not a number or infinite allows nothing (fail closed); Limit Spending "false" and Paused Only "true" as text count as typed', async () => {
		for (const cap of [-5, 'abc', 'Infinity']) {
			const r = await run(CREATORS[3].parameters, limit({ maxDailyBudget: cap as never }), [boostOf(1)]);
			expect(r.requests).toEqual([]);
			expectItems(r, { 0: /^Daily budget 1 is refused: this credential allows no daily budget \(Max Daily Budget is 0\)\. Nothing was sent\. / }, 1);
		}
		const off = await run(CREATORS[3].parameters, { limitSpending: 'false' as never, maxDailyBudget: 0, maxSpendingCallsPerExecution: 0 }, [boostOf(10_000)]);
		expect(sent(off).map((q) => q.budget)).toEqual([{ amount: 10_000, type: 'daily' }]);
		const paused = await run(CREATORS[3].parameters, limit({ pausedOnly: 'true' as never }), [boostOf(10, 'ACTIVE')]);
		expectItems(paused, { 0: /^Status ACTIVE is refused: this credential allows paused only/ }, 1);
	});

	test('Paused Only: an update that leaves the status alone passes; each refusal says what passes, for a create and for a change', async () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Seeded', 1);
		const update = { resource: 'campaign', operation: 'update', campaignId: byId(campaign.platformCampaignId), platform: 'socialfeed', updateFields: { budget: 30, budgetType: 'daily' } };
		const left = await run(update, limit({ pausedOnly: true }), [{}]);
		expect(sent(left)).toEqual([{ method: 'PUT', path: `/v1/ads/campaigns/${campaign.platformCampaignId}`, budget: { amount: 30, type: 'daily' } }]);
		expectItems(left, {}, 1);

		const created = await refusal(CREATORS[3].parameters, limit({ pausedOnly: true }), boostOf(10, 'ACTIVE'));
		expect(created.message).toMatch(/Nothing was sent\. Status PAUSED passes: create it PAUSED, for a person to switch on \(or the owner turns Paused Only off\)\. The owner of the credential/);
		const ad = ctx.api.ads.adsOf(campaign.platformCampaignId)[0];
		const changed = await refusal({ resource: 'ad', operation: 'update', adId: byId(ad.id), updateFields: { status: 'active' } }, limit({ pausedOnly: true }), {});
		expect(changed.message).toMatch(/Nothing was sent\. Only pausing passes: a person makes it active outside this credential \(or the owner turns Paused Only off\)\. /);
		const budget = await refusal(CREATORS[3].parameters, limit({ maxDailyBudget: 0 }), boostOf(25));
		expect(budget.message).toMatch(/Nothing was sent\. It passes once the owner sets Max Daily Budget to 25 or more\. /);
	});

	test('not spending actions under Max Spending Actions 0: an update without a budget or bid, and a Bulk Set Status that pauses; a bulk activation counts, saying what passes', async () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Seeded', 1);
		const none = limit({ maxSpendingCallsPerExecution: 0 });
		const rename = await run({ resource: 'campaign', operation: 'update', campaignId: byId(campaign.platformCampaignId), platform: 'socialfeed', updateFields: { name: 'Renamed' } }, none, [{}]);
		expect(rename.requests.map((q) => q.method)).toEqual(['PUT']);
		expectItems(rename, {}, 1);

		const bulk = { resource: 'campaign', operation: 'bulkSetStatus', status: EXPR.status, campaignsInput: 'json', campaignsJson: '={{ JSON.stringify($json.campaigns) }}' };
		const campaigns = [{ campaignId: campaign.platformCampaignId, platform: 'socialfeed' }];
		const paused = await run(bulk, none, [{ status: 'paused', campaigns }]);
		expect(sent(paused)).toEqual([{ method: 'POST', path: '/v1/ads/campaigns/bulk-status', status: 'paused' }]);
		expectItems(paused, {}, 1);

		const active = await refusal(bulk, limit({ maxSpendingCallsPerExecution: 0 }), { status: 'active', campaigns });
		expect(active.message).toMatch(/^This credential allows no spending action/);
		expect(active.message).toMatch(/Nothing was sent\. It passes once the owner sets Max Spending Actions per Execution to 1 or more\. /);
	});

	test('Recommendation → Apply: a type not known is refused whatever its impact shows (a lower or the same cost too); several refused are named together', async () => {
		const cheaper = ctx.api.recommendations.seed('SOME_NEW_TYPE', 'cmp_rec_new', { base: { clicks: 100, cost: 50 }, potential: { clicks: 120, cost: 40 } });
		const dearer = ctx.api.recommendations.seed('SOME_NEW_TYPE', 'cmp_rec_new', { base: { clicks: 100, cost: 50 }, potential: { clicks: 120, cost: 51 } });
		const dearer2 = ctx.api.recommendations.seed('OTHER_NEW_TYPE', 'cmp_rec_new', { base: { clicks: 100, cost: 50 }, potential: { clicks: 130, cost: 70 } });
		const apply = { resource: 'recommendation', operation: 'apply', accountId: byId(SEARCH), adAccountId: byId(CUSTOMER), resourceNames: '={{ $json.names }}' };
		const r = await run(apply, limit({}), [{ names: cheaper.resourceName }, { names: `${dearer.resourceName},${dearer2.resourceName}` }]);
		expect(r.requests.filter((q) => q.method === 'POST')).toEqual([]);
		const unknown = 'a type this node does not know, which may raise a budget, change bids or switch something on';
		expectItems(
			r,
			{
				0: new RegExp(`^Applying this recommendation is refused: ${cheaper.resourceName} \\(SOME_NEW_TYPE\\): ${unknown}\\. `),
				1: new RegExp(`^Applying 2 of these recommendations is refused: ${dearer.resourceName} \\(SOME_NEW_TYPE\\): ${unknown}; ${dearer2.resourceName} \\(OTHER_NEW_TYPE\\): ${unknown}\\. `),
			},
			2,
		);
		const one = await refusal(apply, limit({}), { names: dearer.resourceName });
		expect(one.message).toMatch(/Nothing was sent\. The others pass on their own; make a budget or bid change with Campaign → Update a campaign within the caps\. /);
	});
});
