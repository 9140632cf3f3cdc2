import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { breaches, postIdOf } from '../../fake-api';
import type { Credentials } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { chain, fromDelivery, ourNode, outputOf } from '../../harness/execution';
import { SEARCH, SOCIAL, socialCreate } from '../ads/helpers';

/**
 * Issue 57, money proven by what the API did: through n8n-core against the fake API, each test
 * reads the fake API's request log and its books (fake-api/books.ts: every effect an accepted
 * request had on spending), not what the operation declares.
 */

const ctx = useFakeApi('storefrontAds');
type Caps = Omit<Credentials, 'apiKey' | 'baseUrl'>;
const STRICTEST: Caps = { limitSpending: true, maxDailyBudget: 0, maxLifetimeBudget: 0, pausedOnly: true, maxSpendingCallsPerExecution: 0 };
const WIDE: Caps = { limitSpending: true, maxDailyBudget: 1_000_000, maxLifetimeBudget: 1_000_000, pausedOnly: false, maxSpendingCallsPerExecution: 1_000 };
const credentials = (caps: Caps): Credentials => ({ apiKey: ctx.apiKey, baseUrl: ctx.api.url, ...caps });
const capsOf = (caps: Caps) => ({ ...(WIDE as Required<Caps>), ...caps });

async function run(parameters: IDataObject, caps: Caps, items: IDataObject[] = [{}]) {
	return await ctx.run(parameters as INodeParameters, { credentials: credentials(caps), items, continueOnFail: true });
}
const errors = (r: { items: Array<{ json: IDataObject }> }) => r.items.map((i) => (i.json.error === undefined ? undefined : String(i.json.error)));

describe('finding 2: a spending action is counted by what it does (method, path and key), not by a key the user chooses', () => {
	const options = { idempotencyKey: 'same-key' };
	const spending: Array<[string, IDataObject]> = [
		['Create', socialCreate({ budgetAmount: 20, options })],
		['Create Messaging', socialCreate({ operation: 'createMessaging', destination: 'page_123', budgetAmount: 20, options })],
		['Create Call', socialCreate({ operation: 'createCall', phoneNumber: '+15551234567', budgetAmount: 20, options })],
		['Boost', { resource: 'ad', operation: 'boost', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), postId: postIdOf(SOCIAL, 0), budgetAmount: 20, budgetType: 'daily', status: 'PAUSED', options }],
		[
			'Campaign',
			{ resource: 'campaign', operation: 'create', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), name: 'Summer', goal: 'traffic', status: 'PAUSED', additionalFields: { budget: 20, budgetType: 'daily' }, options },
		],
	];

	test('five spending nodes in one execution, each with Idempotency Key same-key, under Max Spending Actions 1: one is sent and booked, four are refused with the cap error', async () => {
		const nodes: INode[] = spending.map(([name, parameters], i) => ({ ...ourNode(name, 'storefrontAds', parameters as INode['parameters'], i), onError: 'continueRegularOutput' }));
		const caps = { ...WIDE, maxSpendingCallsPerExecution: 1 };
		const result = await fromDelivery({ id: 'wf-finding-2', nodes, connections: chain(...spending.map(([name]) => name)) }, [{ json: {} }], {
			credentials: credentials(caps),
			executionId: 'exec-finding-2',
			startNode: 'Create',
			mode: 'manual',
		});
		expect(ctx.api.requests.map((q) => `${q.method} ${q.path} ${String(q.headers['idempotency-key'])}`)).toEqual(['POST /v1/ads/create same-key']);
		expect(ctx.api.books.entries.map((e) => [e.kind, e.path])).toEqual([['create', '/v1/ads/create']]);
		expect(breaches(ctx.api.books.entries, capsOf(caps))).toEqual([]);
		expect(outputOf(result, 'Create').json[0].error).toBeUndefined();
		for (const [name] of spending.slice(1)) {
			expect([name, String(outputOf(result, name).json[0].error)]).toEqual([name, expect.stringMatching(/^Spending action 2 of this execution, above this credential's cap of 1 \(Max Spending Actions per Execution\); 1 already taken\. Nothing was sent\./)]);
		}
	});
});

describe('finding 3: keywords through Ad → Update are spending', () => {
	const searchAd = () => {
		const campaign = ctx.api.ads.seedCampaign(SEARCH, 'Search', 1);
		return ctx.api.ads.adsOf(campaign.platformCampaignId)[0];
	};
	const update = (adId: string) => ({ resource: 'ad', operation: 'update', adId: byId(adId), updateFields: { targeting: '={{ JSON.stringify({ keywords: $json.keywords }) }}' } });
	const keywordsOf = (adSetId: string) => [...ctx.api.keywords.values()].filter((k) => k.adSetId === adSetId).map((k) => k.keyword);

	test('under the strictest caps, Ad → Update with Targeting {"keywords": […]} is refused as Keyword → Add is: nothing reaches the API, the books and the ad group do not change', async () => {
		const ad = searchAd();
		const r = await run(update(ad.id), STRICTEST, [{ keywords: ['linen dress', 'summer hat'] }]);
		expect(r.requests).toEqual([]);
		expect(errors(r)).toEqual([expect.stringMatching(/^This credential allows no spending action \(Max Spending Actions per Execution is 0\)/)]);
		expect(ctx.api.books.entries).toEqual([]);
		expect(keywordsOf(ad.platformAdSetId)).toEqual([]);
	});

	test('Ad → Update\'s targeting keywords count as a spending action: Max Spending Actions 1 lets the first through (the books hold its keywords), not a second', async () => {
		const [a, b] = [searchAd(), searchAd()];
		const r = await run({ ...update('={{ $json.id }}'), adId: byId('={{ $json.id }}') }, { ...WIDE, maxSpendingCallsPerExecution: 1 }, [
			{ id: a.id, keywords: ['linen dress'] },
			{ id: b.id, keywords: ['summer hat'] },
		]);
		expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`PUT /v1/ads/${a.id}`]);
		expect(errors(r)).toEqual([undefined, expect.stringMatching(/^Spending action 2 of this execution, above this credential's cap of 1/)]);
		expect(ctx.api.books.entries.map((e) => [e.kind, e.id, e.keywords])).toEqual([['keywords', a.platformAdSetId, ['linen dress']]]);
		expect(keywordsOf(b.platformAdSetId)).toEqual([]);
	});
});

describe('finding 5: Validate Only is a dry run only where the API applies it', () => {
	const ACCOUNTS: Record<string, [string, string]> = { searchnet: [SEARCH, '123-456-7890'], microblog: ['acc_micro1', 'mb-18ce'], pronet: ['acc_pro1', '501'], videonet: ['acc_video1', '7001'] };
	const campaign = (network: string, accountId: string, adAccountId: string) => ({
		resource: 'campaign',
		operation: 'create',
		network,
		accountId: byId(accountId),
		adAccountId: byId(adAccountId),
		name: 'Dry run',
		goal: 'traffic',
		status: 'ACTIVE',
		additionalFields: { budget: 1_000_000, budgetType: 'daily' },
		validateOnly: true,
	});
	const REFUSAL = /^Validate Only is not a dry run for a (searchnet|microblog|pronet|videonet) campaign: the API applies it on Chat Network \(Chatnet\) and Social Network \(Socialnet\) only, and would create this campaign as sent \(status, budget and all\)\. Nothing was sent\.$/;

	test.each(Object.entries(ACCOUNTS))('Campaign → Create on %s with Validate Only, ACTIVE at 1,000,000 a day: refused before sending, naming where it works, under the strictest caps and with Limit Spending off; the books do not change', async (network, [accountId, adAccountId]) => {
		for (const caps of [STRICTEST, { limitSpending: false }]) {
			const r = await run(campaign(network, accountId, adAccountId), caps);
			expect(r.requests).toEqual([]);
			expect(errors(r)).toEqual([expect.stringMatching(REFUSAL)]);
			expect(String(r.items[0].json.error)).toContain(network);
		}
		expect(ctx.api.books.entries).toEqual([]);
		expect(ctx.api.ads.campaigns.size).toBe(0);
	});

	test('Network set to socialnet with a searchnet Ad Connection: the connection decides, so it is refused too; a true socialnet check runs and books nothing', async () => {
		const r = await run(campaign('socialnet', SEARCH, '123-456-7890'), STRICTEST);
		expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/ads/connections']);
		expect(errors(r)).toEqual([expect.stringMatching(/^Validate Only is not a dry run for a searchnet campaign: .* Nothing was sent\.$/)]);
		const social = await run(campaign('socialnet', SOCIAL, 'act_1001'), STRICTEST);
		expect(social.requests.filter((q) => q.method === 'POST').map((q) => (q.body as IDataObject).validateOnly)).toEqual([true]);
		expect(social.json[0]).toMatchObject({ validateOnly: true, valid: true, checked_by: 'network' });
		expect(ctx.api.books.entries).toEqual([]);
	});
});

describe('enums: status and budget type are checked as the API takes them, before the caps read them', () => {
	const boost = { resource: 'ad', operation: 'boost', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), postId: postIdOf(SOCIAL, 0), budgetAmount: 20, budgetType: '={{ $json.type }}', status: '={{ $json.status }}' };
	const campaignCreate = { resource: 'campaign', operation: 'create', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), name: 'C', goal: 'traffic', status: '={{ $json.status }}', additionalFields: { budget: 20, budgetType: '={{ $json.type }}' } };
	const creates: Array<[string, IDataObject]> = [
		['Ad → Create', socialCreate({ status: '={{ $json.status }}', budgetType: '={{ $json.type }}' })],
		['Ad → Boost Post', boost],
		['Campaign → Create', campaignCreate],
	];
	const STATUS = /^Status "(paused| PAUSED )" is not one the API takes: a create takes ACTIVE or PAUSED, exactly so \(capitals, no spaces\)\. Nothing was sent\.$/;
	const TYPE = /^Budget Type "Lifetime" is not one the API takes: daily or lifetime, exactly so \(lower case, no spaces\)\. Nothing was sent\.$/;

	test.each(creates)('%s: status paused or " PAUSED " and budget type Lifetime are refused naming the values, under Paused Only and with Limit Spending off; PAUSED daily is sent', async (_label, parameters) => {
		for (const caps of [{ ...WIDE, pausedOnly: true }, { limitSpending: false }]) {
			ctx.api.clearRequests();
			const r = await run(parameters, caps, [
				{ status: 'paused', type: 'daily' },
				{ status: ' PAUSED ', type: 'daily' },
				{ status: 'PAUSED', type: 'Lifetime' },
				{ status: 'PAUSED', type: 'daily' },
			]);
			expect(r.requests.filter((q) => q.method === 'POST').map((q) => (q.body as IDataObject).status)).toEqual(['PAUSED']);
			expect(errors(r)).toEqual([expect.stringMatching(STATUS), expect.stringMatching(STATUS), expect.stringMatching(TYPE), undefined]);
		}
		// the second run's PAUSED item repeats the first's automatic Idempotency-Key: answered from it
		expect(ctx.api.books.entries.map((e) => [e.kind, e.status, e.budget?.type])).toEqual([['create', 'paused', 'daily']]);
	});

	test('a change\'s status must be active or paused exactly: Ad → Set Status and Ad → Update with "Active" are refused naming the values, and the ad stays paused', async () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Seeded', 1);
		const ad = ctx.api.ads.adsOf(campaign.platformCampaignId)[0];
		ad.status = 'paused';
		for (const parameters of [
			{ resource: 'ad', operation: 'setStatus', adId: byId(ad.id), status: '={{ $json.status }}' },
			{ resource: 'ad', operation: 'update', adId: byId(ad.id), updateFields: { status: '={{ $json.status }}' } },
		]) {
			const r = await run(parameters, { limitSpending: false }, [{ status: 'Active' }]);
			expect(r.requests).toEqual([]);
			expect(errors(r)).toEqual([expect.stringMatching(/^Status "Active" is not one the API takes: a change takes active or paused, exactly so \(lower case, no spaces\)\. Nothing was sent\.$/)]);
		}
		expect(ctx.api.books.entries).toEqual([]);
		expect(ad.status).toBe('paused');
	});
});
