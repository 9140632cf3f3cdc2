import { NodeConnectionTypes, type IDataObject, type IExecuteFunctions, type INode, type INodeParameters, type INodeType } from 'n8n-workflow';

import { breaches, postIdOf, summarise } from '../../fake-api';
import type { Credentials } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { chain, fromDelivery, ourNode, outputOf, resume, type WorkflowSpec } from '../../harness/execution';
import { countSpendingCall } from '../../nodes/StorefrontAds/helpers/spendingActions';
import { SEARCH, SOCIAL, socialCreate } from '../ads/helpers';
import { spendContext } from '../unit/spend-context';

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

/** A paused campaign on socialnet with its ad set and ad, each budgeted `budget` (and a paused keyword on searchnet's). */
function pausedObjects(budget = { amount: 20, type: 'daily' }) {
	const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Paused', 1);
	const adSet = ctx.api.ads.adSetsOf(campaign.platformCampaignId)[0];
	const ad = ctx.api.ads.adsOf(campaign.platformCampaignId)[0];
	for (const o of [campaign, adSet, ad]) {
		o.status = 'paused';
		o.budget = { ...budget };
	}
	const search = ctx.api.ads.seedCampaign(SEARCH, 'Search', 1);
	const [keyword] = ctx.api.keywords.seed(SEARCH, search.platformCampaignId, ctx.api.ads.adSetsOf(search.platformCampaignId)[0].platformAdSetId, ['linen']);
	keyword.status = 'paused';
	return { campaign, adSet, ad, keyword };
}
type Objects = ReturnType<typeof pausedObjects>;

/** A status change of each kind, of the objects above, to `status`. */
const STATUS_CHANGES: Record<string, (o: Objects, status: string) => IDataObject> = {
	'Ad → Set Status': (o, status) => ({ resource: 'ad', operation: 'setStatus', adId: byId(o.ad.id), status }),
	'Ad → Update': (o, status) => ({ resource: 'ad', operation: 'update', adId: byId(o.ad.id), updateFields: { status } }),
	'Ad Set → Set Status': (o, status) => ({ resource: 'adSet', operation: 'setStatus', accountId: byId(SOCIAL), adSetId: byId(o.adSet.platformAdSetId), platform: 'socialfeed', status }),
	'Campaign → Set Status': (o, status) => ({ resource: 'campaign', operation: 'setStatus', campaignId: byId(o.campaign.platformCampaignId), platform: 'socialfeed', status }),
	'Campaign → Bulk Set Status': (o, status) => ({ resource: 'campaign', operation: 'bulkSetStatus', status, campaignsInput: 'json', campaignsJson: JSON.stringify([{ campaignId: o.campaign.platformCampaignId, platform: 'socialfeed' }]) }),
	'Keyword → Set Status': (o, status) => ({ resource: 'keyword', operation: 'setStatus', accountId: byId(SEARCH), keywordId: byId(o.keyword.id), status }),
};

/** One execution of `steps` (an Ads node each, Continue On Fail), one after the other, under `caps`. */
async function runSteps(steps: IDataObject[], caps: Caps, executionId: string) {
	const names = steps.map((_, i) => `Step ${i + 1}`);
	const nodes: INode[] = steps.map((parameters, i) => ({ ...ourNode(names[i], 'storefrontAds', parameters as INode['parameters'], i), onError: 'continueRegularOutput' }));
	const run = await fromDelivery({ id: `wf-${executionId}`, nodes, connections: chain(...names) }, [{ json: {} }], { credentials: credentials(caps), executionId, startNode: names[0], mode: 'webhook' });
	return names.map((name) => outputOf(run, name).json[0]?.error as string | undefined);
}

describe('issue 67, finding 2: switching the same thing on again after a pause is a new spending action', () => {
	const ONE = { ...WIDE, maxSpendingCallsPerExecution: 1 };
	const SECOND = expect.stringMatching(/^Spending action 2 of this execution, above this credential's cap of 1 \(Max Spending Actions per Execution\); 1 already taken\. Nothing was sent\./);
	const pairs: Array<[string, string]> = [...Object.keys(STATUS_CHANGES).map((k) => [k, k] as [string, string]), ['Campaign → Set Status', 'Campaign → Bulk Set Status'], ['Campaign → Bulk Set Status', 'Campaign → Set Status'], ['Ad → Set Status', 'Ad → Update']];

	test.each(pairs)('switched on by %s, paused by %s: active, paused, active, paused, active on five nodes, Max Spending Actions 1 (Paused Only off): one activation sent and booked, two refused', async (on, off) => {
		const o = pausedObjects();
		const steps = ['active', 'paused', 'active', 'paused', 'active'].map((status) => STATUS_CHANGES[status === 'active' ? on : off](o, status));
		const errors = await runSteps(steps, ONE, `exec-toggle-${on}-${off}`);
		expect(errors).toEqual([undefined, undefined, SECOND, undefined, SECOND]);
		expect(summarise(ctx.api.books.entries).kinds.activate).toBe(1);
		expect(breaches(ctx.api.books.entries, capsOf(ONE))).toEqual([]);
	});

	test('a resend of one activation stays one: the same activation on two nodes with no pause between is one action (the API switches it on once); after a lost answer, n8n\'s Retry On Fail sends it again, counted once', async () => {
		const o = pausedObjects();
		const errors = await runSteps([STATUS_CHANGES['Ad → Set Status'](o, 'active'), STATUS_CHANGES['Ad → Set Status'](o, 'active')], ONE, 'exec-same-activation');
		expect(errors).toEqual([undefined, undefined]);
		expect(ctx.api.requests.filter((q) => q.method === 'PUT').map((q) => q.path)).toEqual([`/v1/ads/${o.ad.id}/status`, `/v1/ads/${o.ad.id}/status`]);
		expect(summarise(ctx.api.books.entries).kinds.activate).toBe(1);

		const other = pausedObjects();
		ctx.api.injectFault({ type: 'lostAnswer' }, 1, { method: 'PUT' });
		const r = await ctx.run(STATUS_CHANGES['Campaign → Set Status'](other, 'active') as INodeParameters, { credentials: credentials(ONE), settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 } });
		expect(r.error).toBeUndefined();
		expect(r.requests.filter((q) => q.method === 'PUT')).toHaveLength(2);
		expect(summarise(ctx.api.books.entries).kinds.activate).toBe(2);
	});
});

describe('issue 67: switching on meets the budget caps (its budget read from the API)', () => {
	const DAILY_50 = { ...WIDE, maxDailyBudget: 50 };
	const switchOns = Object.keys(STATUS_CHANGES).filter((k) => k !== 'Keyword → Set Status');

	test.each(switchOns)('%s: Paused Only off, Max Daily Budget 50: switching on one budgeted 10,000 a day is refused naming its budget; the books hold nothing; at 50 it is switched on', async (label) => {
		const over = pausedObjects({ amount: 10_000, type: 'daily' });
		const r = await run(STATUS_CHANGES[label](over, 'active'), DAILY_50);
		expect(r.requests.filter((q) => q.method !== 'GET')).toEqual([]);
		expect(r.requests.filter((q) => q.method === 'GET')).toHaveLength(1);
		expect(errors(r)).toEqual([
			expect.stringMatching(/^Switching on (ad|ad set|campaign) \S+ \(its budget, as the API shows it\): Daily budget 10000 is above this credential's cap of 50 \(Max Daily Budget\)\. Nothing was sent\. A daily budget of 50 or less passes \(or Max Daily Budget of 10000 or more\); lower its budget first with (Ad|Ad Set|Campaign) → Update/),
		]);
		expect(ctx.api.books.entries).toEqual([]);
		const within = pausedObjects({ amount: 50, type: 'daily' });
		const ok = await run(STATUS_CHANGES[label](within, 'active'), DAILY_50);
		expect(errors(ok)).toEqual([undefined]);
		expect(ctx.api.books.entries.map((e) => [e.kind, e.activeBudget])).toEqual([['activate', { amount: 50, type: 'daily' }]]);
		expect(breaches(ctx.api.books.entries, capsOf(DAILY_50))).toEqual([]);
	});

	test('a lifetime budget is held against Max Lifetime Budget; Bulk Set Status refuses the whole call when one campaign is over, after one read of the platform\'s list', async () => {
		const lifetime = pausedObjects({ amount: 600, type: 'lifetime' });
		const r = await run(STATUS_CHANGES['Campaign → Set Status'](lifetime, 'active'), { ...WIDE, maxLifetimeBudget: 500 });
		expect(errors(r)).toEqual([expect.stringMatching(/^Switching on campaign \S+ \(its budget, as the API shows it\): Lifetime budget 600 is above this credential's cap of 500 \(Max Lifetime Budget\)\./)]);
		const [a, b] = [pausedObjects(), pausedObjects({ amount: 10_000, type: 'daily' })];
		const campaigns = [a, b].map((o) => ({ campaignId: o.campaign.platformCampaignId, platform: 'socialfeed' }));
		const bulk = await run({ resource: 'campaign', operation: 'bulkSetStatus', status: 'active', campaignsInput: 'json', campaignsJson: JSON.stringify(campaigns) }, DAILY_50);
		expect(bulk.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/ads/campaigns']);
		expect(errors(bulk)).toEqual([expect.stringMatching(new RegExp(`^Switching on campaign ${b.campaign.platformCampaignId} \\(its budget`))]);
		expect(ctx.api.books.entries).toEqual([]);
		expect(a.campaign.status).toBe('paused');
	});

	test('deny by default: one whose budget cannot be read (not in its platform\'s list, an ad the API does not hold, none shown) is refused, saying so', async () => {
		const o = pausedObjects();
		const elsewhere = await run({ ...STATUS_CHANGES['Campaign → Set Status'](o, 'active'), platform: 'searchnet' }, DAILY_50);
		const unknown = await run({ resource: 'ad', operation: 'setStatus', adId: byId('ad_unknown'), status: 'active' }, DAILY_50);
		delete (o.adSet as { budget?: unknown }).budget;
		const none = await run(STATUS_CHANGES['Ad Set → Set Status'](o, 'active'), DAILY_50);
		for (const r of [elsewhere, unknown, none]) {
			expect(r.requests.filter((q) => q.method !== 'GET')).toEqual([]);
			expect(r.requests.filter((q) => q.method === 'GET')).toHaveLength(1);
			expect(errors(r)).toEqual([expect.stringMatching(/^Switching on (ad|ad set|campaign) \S+ is refused: its budget could not be read from the API( \(Not found: Ad ad_unknown was not found\))?, so it cannot be held against the budget caps \(Limit Spending is on\)\. Nothing was sent\. It passes once the API lists it with its budget/)]);
		}
		expect(ctx.api.books.entries).toEqual([]);
	});

	test('a keyword has no budget: Keyword → Set Status reads nothing; Limit Spending off reads nothing either', async () => {
		const o = pausedObjects({ amount: 10_000, type: 'daily' });
		const keyword = await run(STATUS_CHANGES['Keyword → Set Status'](o, 'active'), DAILY_50);
		expect(keyword.requests.map((q) => q.method)).toEqual(['PATCH']);
		const off = await run(STATUS_CHANGES['Campaign → Set Status'](o, 'active'), { limitSpending: false });
		expect(off.requests.map((q) => q.method)).toEqual(['PUT']);
	});
});

/** Puts the execution to wait, as n8n's Wait node does for a long wait (or a human review): it resumes later, from its stored data. */
const WAIT: INodeType = {
	description: { displayName: 'Wait', name: 'testWait', group: ['organization'], version: 1, description: 'Waits', defaults: { name: 'Wait' }, inputs: [NodeConnectionTypes.Main], outputs: [NodeConnectionTypes.Main], properties: [] },
	async execute(this: IExecuteFunctions) {
		await this.putExecutionToWait(new Date(Date.now() + 3_600_000));
		return [this.getInputData()];
	},
};

describe('issue 67, finding 4: a waiting execution resumes with its count', () => {
	test('Max Spending Actions 1: an execution creates one ad and waits while 1,000 other executions take spending actions; resumed from its stored data, its second create is refused; the books hold one create', async () => {
		const caps = { ...WIDE, maxSpendingCallsPerExecution: 1 };
		const create = (name: string) => ({ ...ourNode(name, 'storefrontAds', socialCreate({ budgetAmount: 20, status: 'PAUSED' }) as INode['parameters']), onError: 'continueRegularOutput' as const });
		const wait: INode = { id: 'id-wait', name: 'Wait', type: 'testWait', typeVersion: 1, position: [0, 0], parameters: {} };
		const spec: WorkflowSpec = { id: 'wf-waits', nodes: [create('Create 1'), wait, create('Create 2')], connections: chain('Create 1', 'Wait', 'Create 2'), types: { testWait: WAIT } };
		const start = { credentials: credentials(caps), executionId: 'exec-waits', startNode: 'Create 1', mode: 'webhook' as const };
		const waited = await fromDelivery(spec, [{ json: {} }], start);
		expect(waited.data.waitTill).toBeDefined();
		expect(waited.data.resultData.metadata).toEqual({ storefront_maxSpendingCallsPerExecution: '1' });
		// 1,000 other executions, each one spending action: this process forgets what exec-waits counted
		const other = countSpendingCall(['activate']);
		for (let i = 0; i < 1000; i++) await other.call(spendContext(`exec-other-${i}`, 0, { maxSpendingCallsPerExecution: 1 }), { method: 'PUT', url: '/v1/ads/ad_1/status', body: { status: 'active' } });
		const resumed = await resume(spec, waited, start);
		expect(String(outputOf(resumed, 'Create 2').json[0].error)).toMatch(/^Spending action 2 of this execution, above this credential's cap of 1 \(Max Spending Actions per Execution\); 1 already taken\. Nothing was sent\./);
		expect(ctx.api.books.entries.map((e) => e.kind)).toEqual(['create']);
		expect(breaches(ctx.api.books.entries, capsOf(caps))).toEqual([]);
	});
});
