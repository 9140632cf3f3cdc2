import { byId, useFakeApi } from '../../harness/context';
import { errorText } from '../../harness';
import { KEYS } from '../../fake-api';
import { MICRO, SOCIAL } from './helpers';

const ctx = useFakeApi('storefrontAds');

describe('Ad Set', () => {
	const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'adSet', ...parameters } as never);

	test('Get Many: accountId and campaign in the query; Limit cuts the one answer', async () => {
		const a = ctx.api.ads.seedCampaign(SOCIAL, 'A', 2);
		ctx.api.ads.seedCampaign(SOCIAL, 'B', 1);
		const all = await run({ operation: 'getAll', accountId: byId(SOCIAL), returnAll: true });
		expect(all.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/ads/ad-sets', { accountId: SOCIAL }]]);
		expect(all.json).toHaveLength(2);
		const one = await run({ operation: 'getAll', accountId: byId(SOCIAL), limit: 1, filters: { campaignId: a.platformCampaignId } });
		expect(one.requests[0].query).toEqual({ accountId: SOCIAL, campaignId: a.platformCampaignId });
		expect(one.json).toEqual([{ platformAdSetId: expect.any(String), adSetName: 'A set', status: 'active', budget: { amount: 20, type: 'daily' }, adCount: 2 }]);
	});

	test('Update: PUT with platform and budget; the connection picks from the list and is not sent', async () => {
		const set = ctx.api.ads.adSetsOf(ctx.api.ads.seedCampaign(SOCIAL, 'A').platformCampaignId)[0];
		const r = await run({ operation: 'update', accountId: byId(SOCIAL), adSetId: byId(set.platformAdSetId), platform: 'socialfeed', updateFields: { budget: 12, name: 'Set 2' } });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.query, q.body])).toEqual([
			['PUT', `/v1/ads/ad-sets/${set.platformAdSetId}`, {}, { platform: 'socialfeed', budget: { amount: 12, type: 'daily' }, name: 'Set 2' }],
		]);
		expect(r.json).toEqual([{ success: true }]);
		expect(ctx.api.ads.adSets.get(set.platformAdSetId)).toMatchObject({ adSetName: 'Set 2', budget: { amount: 12, type: 'daily' } });
	});

	test('Set Status: PUT .../status with status and platform; counts', async () => {
		const set = ctx.api.ads.adSetsOf(ctx.api.ads.seedCampaign(MICRO, 'M').platformCampaignId)[0];
		const r = await run({ operation: 'setStatus', accountId: byId(MICRO), adSetId: byId(set.platformAdSetId), status: 'paused', platform: 'microblog' });
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PUT', `/v1/ads/ad-sets/${set.platformAdSetId}/status`, { status: 'paused', platform: 'microblog' }]]);
		expect(r.json).toEqual([{ status: 'paused', updated: 1, skipped: 0 }]);
	});

	test('Update on microblog: the line-item budget goes through (the place microblog budgets change)', async () => {
		const set = ctx.api.ads.adSetsOf(ctx.api.ads.seedCampaign(MICRO, 'M').platformCampaignId)[0];
		const r = await run({ operation: 'update', accountId: byId(MICRO), adSetId: byId(set.platformAdSetId), platform: 'microblog', updateFields: { budget: 30, budgetType: 'lifetime' } });
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['PUT', `/v1/ads/ad-sets/${set.platformAdSetId}`, { platform: 'microblog', budget: { amount: 30, type: 'lifetime' } }]]);
		expect(r.json).toEqual([{ success: true }]);
		expect(ctx.api.ads.adSets.get(set.platformAdSetId)).toMatchObject({ budget: { amount: 30, type: 'lifetime' } });
	});

	test('Update: a budget with cents is refused before the call, naming the fix', async () => {
		const set = ctx.api.ads.adSetsOf(ctx.api.ads.seedCampaign(SOCIAL, 'A').platformCampaignId)[0];
		const r = await run({ operation: 'update', accountId: byId(SOCIAL), adSetId: byId(set.platformAdSetId), platform: 'socialfeed', updateFields: { budget: 25.5 } });
		expect(r.requests).toEqual([]);
		expect(r.error?.message).toBe('Budget Amount must be a whole number');
		expect(r.error?.description).toMatch(/whole units/);
	});

	test('Get Many at the 500-row cap: every row says the list may be cut and how to narrow it', async () => {
		for (let i = 0; i < 501; i++) ctx.api.ads.seedCampaign(SOCIAL, `C${i}`, 0);
		const r = await run({ operation: 'getAll', accountId: byId(SOCIAL), returnAll: true });
		expect(r.json).toHaveLength(500);
		expect(r.json[0]).toMatchObject({ truncated: true, notice: expect.stringMatching(/at most 500 ad sets.*Filters → Campaign/) });
		const few = await run({ operation: 'getAll', accountId: byId(SOCIAL), limit: 5 });
		expect(few.json[0].truncated).toBe(true);
		ctx.api.ads.adSets.clear();
		ctx.api.ads.seedCampaign(SOCIAL, 'One', 0);
		const one = await run({ operation: 'getAll', accountId: byId(SOCIAL), returnAll: true });
		expect(one.json[0]).not.toHaveProperty('truncated');
	});
});

describe('Connection', () => {
	const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'connection', ...parameters } as never);

	test('Get Sign-In Link: GET /v1/connect/{network}/ads with return_to and account_id', async () => {
		const r = await run({ operation: 'getSignInLink', network: 'videonet', additionalFields: { returnTo: 'https://example.com/done', postingAccountId: 'acc_v9' } });
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/connect/videonet/ads', { return_to: 'https://example.com/done', account_id: 'acc_v9' }]]);
		expect(r.json).toEqual([{ network: 'videonet', auth_url: expect.stringMatching(/^https:\/\/connect\.example\.com\/videonet\//), already_connected: false }]);
		const pro = await run({ operation: 'getSignInLink', network: 'pronet' });
		expect(pro.json[0]).toMatchObject({ already_connected: true });
	});

	/** Connect Chatnet with `key` in the credential (the node has no field for it: test/ads/secrets.test.ts). */
	const connectWith = (key: string) => ctx.run({ resource: 'connection', operation: 'connectChatnet' }, { credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false, chatnetApiKey: key } });

	test('Connect Chatnet: the key goes in the body only; the output never contains it', async () => {
		const key = 'cn_live_SECRETKEY123';
		const r = await connectWith(key);
		expect(r.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/v1/connect/chatnet/ads', { api_key: key }]]);
		expect(r.json).toEqual([{ network: 'chatnet', id: expect.stringMatching(/^acc_chat_/), adAccountName: 'Chat ads account' }]);
		expect(JSON.stringify(r.json)).not.toContain(key);
	});

	test('Connect Chatnet with a rejected key: 400 invalid_credentials says the key was rejected, without the key', async () => {
		const key = 'not-a-chat-key-987';
		const r = await connectWith(key);
		expect(r.requests[0].status).toBe(400);
		expect(r.error?.message).toBe('The chat network rejected the API key');
		expect(r.error?.description).toMatch(/ads manager/);
		// n8n attaches the node, with its parameters, to every error: they hold no key any more
		expect(errorText(r.error)).not.toContain(key);
		expect(errorText(r.error)).not.toContain(KEYS.full);
	});

	test('Get Many: every connection, with network and reconnect flags; Limit', async () => {
		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/ads/connections', {}]]);
		expect(all.json.map((c) => c.id)).toEqual(['acc_social1', 'acc_search1', 'acc_pro1', 'acc_video1', 'acc_micro1']);
		expect(all.json[0]).toEqual({ id: SOCIAL, network: 'socialnet', displayName: 'Shop Page', isActive: true, needsReconnection: false });
		const two = await run({ operation: 'getAll', limit: 2 });
		expect(two.json).toHaveLength(2);
	});

	test('Get Ad Accounts: accountId in the query; one item per ad account', async () => {
		const r = await run({ operation: 'getAdAccounts', accountId: byId(SOCIAL), returnAll: true });
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/ads/accounts', { accountId: SOCIAL }]]);
		expect(r.json).toEqual([
			{ adAccountId: 'act_1001', name: 'Shop ads (USD)', currency: 'USD', accountStatus: 1, billingStatus: 'ok' },
			{ adAccountId: 'act_1002', name: 'Shop EU (EUR)', currency: 'EUR', accountStatus: 1, billingStatus: 'ok' },
		]);
	});

	test('an unknown connection is a 404 naming the ID', async () => {
		const r = await run({ operation: 'getAdAccounts', accountId: byId('acc_nope'), returnAll: true });
		expect(r.error?.httpCode).toBe('404');
		expect(r.error?.message).toMatch(/acc_nope/);
	});
});
